import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, type ReactNode } from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigation, useSubmit } from "react-router";
import type { ZodType } from "zod";
import { FormAlert, useErrorText } from "../../components/form/field";
import { useServerErrors } from "../../lib/use-server-form";
import "./admin-platform.css";

/** What an action answers to one of these forms; `formKey` says which form on the page it was. */
export interface PlatformFormResult {
  ok: boolean;
  formKey?: string;
  values?: Record<string, string>;
  fieldErrors?: Record<string, string>;
  formError?: string;
  notice?: string;
}

export interface PlatformField {
  name: string;
  label: string;
  kind?: "text" | "email" | "textarea" | "checkbox" | "select" | "hidden";
  hint?: string;
  placeholder?: string;
  options?: { value: string; label: string }[];
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email";
  /** Fields sharing a `row` sit side by side (vi/en pairs). */
  row?: string;
}

/**
 * A back-office form validated in the browser with the same core/ zod schema as the action
 * (react-hook-form + zodResolver), posted as a normal form so it works without JavaScript
 * too; a refusal keeps everything typed and focuses the first wrong field.
 */
export function SchemaForm({
  schema,
  fields,
  formKey,
  intent,
  hidden = {},
  defaults,
  result,
  submitLabel,
  legend,
  children,
}: {
  schema: ZodType<FieldValues>;
  fields: PlatformField[];
  formKey: string;
  intent: string;
  hidden?: Record<string, string>;
  defaults: Record<string, string | boolean>;
  result: PlatformFormResult | undefined;
  submitLabel: string;
  legend?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const mine = result && result.formKey === formKey ? result : undefined;
  const failed = mine && !mine.ok ? mine : undefined;
  const initial: Record<string, string | boolean | undefined> = { ...defaults };
  if (failed?.values) {
    for (const field of fields) {
      if (field.kind === "checkbox") initial[field.name] = failed.values[field.name] === "on";
      else if (field.name in failed.values) initial[field.name] = failed.values[field.name];
    }
  }
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never),
    defaultValues: initial,
    mode: "onTouched",
  });
  useServerErrors(form, failed?.fieldErrors);
  const busy = navigation.state === "submitting" && navigation.formData?.get("formKey") === formKey;
  const rows: PlatformField[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (field.row && last?.[0]?.row === field.row) last.push(field);
    else rows.push([field]);
  }
  return (
    <form
      ref={formRef}
      method="post"
      className="form form--wide platform-form"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(() => {
          if (formRef.current) void submit(formRef.current, { method: "post" });
        })(event)
      }
    >
      <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
      <FormAlert tone="success" message={mine?.ok && mine.notice ? t(mine.notice) : undefined} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formKey" value={formKey} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="platform-form__fieldset">
        {legend ? <legend className="platform-form__legend">{legend}</legend> : null}
        {rows.map((row, index) => (
          <div key={index} className={row.length > 1 ? "platform-form__row" : undefined}>
            {row.map((field) => (
              <PlatformInput
                key={field.name}
                field={field}
                form={form}
                initial={initial[field.name]}
                serverError={failed?.fieldErrors?.[field.name]}
              />
            ))}
          </div>
        ))}
      </fieldset>
      <p className="platform-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
        {children}
      </p>
    </form>
  );
}

function PlatformInput({
  field,
  form,
  initial,
  serverError,
}: {
  field: PlatformField;
  form: UseFormReturn<FieldValues>;
  initial: string | boolean | undefined;
  serverError: string | undefined;
}) {
  const id = useId();
  const errorText = useErrorText()(
    (form.formState.errors[field.name]?.message as string | undefined) ?? serverError,
  );
  const registration = form.register(field.name);
  if (field.kind === "hidden") {
    return <input type="hidden" defaultValue={String(initial ?? "")} {...registration} />;
  }
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    "aria-invalid": errorText ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
  if (field.kind === "checkbox") {
    return (
      <div className={`field field--checkbox${errorText ? " field--invalid" : ""}`}>
        <input type="checkbox" defaultChecked={Boolean(initial)} {...common} {...registration} />
        <label htmlFor={id} className="field__label">
          {field.label}
        </label>
        {field.hint ? (
          <p id={hintId} className="field__hint">
            {field.hint}
          </p>
        ) : null}
        {errorText ? (
          <p id={errorId} className="field__error">
            {errorText}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className={`field${errorText ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {field.label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {field.hint ? (
        <p id={hintId} className="field__hint">
          {field.hint}
        </p>
      ) : null}
      {field.kind === "textarea" ? (
        <textarea
          className="field__input"
          rows={3}
          defaultValue={String(initial ?? "")}
          aria-required={field.required || undefined}
          {...common}
          {...registration}
        />
      ) : field.kind === "select" ? (
        <select
          className="field__input"
          defaultValue={String(initial ?? "")}
          aria-required={field.required || undefined}
          {...common}
          {...registration}
        >
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          type={field.kind === "email" ? "email" : "text"}
          className="field__input"
          defaultValue={String(initial ?? "")}
          placeholder={field.placeholder}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          aria-required={field.required || undefined}
          {...common}
          {...registration}
        />
      )}
      {errorText ? (
        <p id={errorId} className="field__error">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
