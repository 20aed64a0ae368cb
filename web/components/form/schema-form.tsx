import { zodResolver } from "@hookform/resolvers/zod";
import { Fragment, useId, useRef, type ReactNode } from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import { useNavigation } from "react-router";
import type { ZodType } from "zod";
import { useLiveFormValues } from "../../hydration/form-state";
import { keyboardPlaceLost, useAfterSend } from "../../lib/after-send";
import {
  CHECKED_FORM,
  useServerErrors,
  useValidatedSubmit,
  type FormResult,
} from "../../lib/use-server-form";
import { dateTimeForField, dayForField } from "../../../core/date-fields";
import { DateField } from "./date-field";
import { CheckboxField, Field, FormAlert } from "./field";
import "./schema-form.css";

export type { FormResult } from "../../lib/use-server-form";

/** One field of a `SchemaForm`, described rather than written out. */
export interface FormFieldSpec {
  name: string;
  label: string;
  kind?:
    | "text"
    | "email"
    | "password"
    | "textarea"
    | "checkbox"
    | "select"
    | "hidden"
    | "date"
    | "dateTime"
    | "number";
  hint?: string;
  placeholder?: string;
  /** A select's choices; those with a `group` are listed under it (an `<optgroup>`). */
  options?: SelectOption[];
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email";
  /** Fields sharing a `row` sit side by side (vi/en pairs; wide forms only). */
  row?: string;
}

export interface SelectOption {
  value: string;
  label: string;
  group?: string;
}

type Initial = Record<string, string | boolean | undefined>;

/**
 * The one generic form (account pages and the back office): validated in the browser with
 * the same core/ zod schema as the action (react-hook-form + zodResolver), posted as a
 * normal form so it works without JavaScript too. A refusal keeps everything typed (except
 * passwords) and focuses the first wrong field. On a page with several forms, `formKey` says
 * which one an answer belongs to; `wide` lays the fields out in a fieldset of rows.
 */
export function SchemaForm({
  schema,
  fields,
  submitLabel,
  result,
  defaults = {},
  intent,
  formKey,
  hidden = {},
  legend,
  wide = false,
  children,
}: {
  schema: ZodType<FieldValues>;
  fields: FormFieldSpec[];
  submitLabel: string;
  result: FormResult | undefined;
  defaults?: Record<string, string | boolean>;
  intent?: string;
  formKey?: string;
  hidden?: Record<string, string>;
  legend?: string;
  wide?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = result && (formKey === undefined || result.formKey === formKey) ? result : undefined;
  const failed = mine && !mine.ok ? mine : undefined;
  // Also rendered into the inputs' HTML, so a refusal keeps what was typed without JavaScript.
  const serverValues: Initial = { ...defaults };
  for (const field of fields) {
    // A stored day or instant is shown as people write it (DD/MM/YYYY HH:mm).
    const stored = defaults[field.name];
    if (typeof stored === "string" && field.kind === "date") {
      serverValues[field.name] = dayForField(stored);
    } else if (typeof stored === "string" && field.kind === "dateTime") {
      serverValues[field.name] = dateTimeForField(stored);
    }
    const typed = failed?.values?.[field.name];
    if (field.kind === "checkbox" && failed?.values) serverValues[field.name] = typed === "on";
    else if (typed !== undefined) serverValues[field.name] = typed;
  }
  // On hydration, what was typed before the page's script had arrived stays typed.
  const formId = useId();
  const live = useLiveFormValues(formId, serverValues);
  const initial = failed ? serverValues : live;
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never),
    defaultValues: live,
    ...CHECKED_FORM,
  });
  const validatedSubmit = useValidatedSubmit(form);
  useServerErrors(form, failed?.fieldErrors, validatedSubmit.ref);
  const pending = navigation.state === "submitting" ? navigation.formData : undefined;
  const busy = formKey
    ? pending?.get("formKey") === formKey
    : pending !== undefined && pending.get("intent") === (intent ?? null);
  // The button is disabled while its form is sent, which drops the keyboard's place to the
  // page's start; once answered here, the place returns to the button unless a field in error
  // or the error summary took it.
  const submitButton = useRef<HTMLButtonElement>(null);
  useAfterSend(busy, () => {
    if (keyboardPlaceLost() && submitButton.current?.isConnected) submitButton.current.focus();
  });
  const inputs = (list: FormFieldSpec[]) =>
    list.map((field) => (
      <SchemaInput
        key={field.name}
        field={field}
        form={form}
        initial={initial[field.name]}
        serverError={failed?.fieldErrors?.[field.name]}
      />
    ));
  return (
    <form
      {...validatedSubmit}
      id={formId}
      method="post"
      className={wide ? "form form--wide schema-form" : "form"}
      noValidate
    >
      <FormAlert
        message={
          // A refusal that names its field says so there; the same words above the form too
          // would only repeat it.
          failed?.formError && !Object.values(failed.fieldErrors ?? {}).includes(failed.formError)
            ? t(failed.formError, { minutes: failed.retryAfterMinutes ?? 0 })
            : undefined
        }
      />
      <FormAlert tone="success" message={mine?.ok && mine.notice ? t(mine.notice) : undefined} />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {formKey ? <input type="hidden" name="formKey" value={formKey} /> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {wide ? (
        <fieldset className="schema-form__fieldset">
          {legend ? <legend className="schema-form__legend">{legend}</legend> : null}
          {rowsOf(fields).map((row, index) => (
            <div key={index} className={row.length > 1 ? "schema-form__row" : undefined}>
              {inputs(row)}
            </div>
          ))}
        </fieldset>
      ) : (
        inputs(fields)
      )}
      <p className={wide ? "schema-form__actions" : undefined}>
        <button ref={submitButton} type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
        {children}
      </p>
    </form>
  );
}

/** Consecutive fields sharing a `row` grouped together. */
function rowsOf(fields: FormFieldSpec[]): FormFieldSpec[][] {
  const rows: FormFieldSpec[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (field.row && last?.[0]?.row === field.row) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

/** Consecutive options under the same `group` (none: listed on their own). */
function optionGroupsOf(
  options: SelectOption[],
): { group: string | undefined; options: SelectOption[] }[] {
  const groups: { group: string | undefined; options: SelectOption[] }[] = [];
  for (const option of options) {
    const last = groups.at(-1);
    if (last && last.group === option.group) last.options.push(option);
    else groups.push({ group: option.group, options: [option] });
  }
  return groups;
}

/** One described field, in the one field frame. */
function SchemaInput({
  field,
  form,
  initial,
  serverError,
}: {
  field: FormFieldSpec;
  form: UseFormReturn<FieldValues>;
  initial: string | boolean | undefined;
  serverError: string | undefined;
}) {
  const registration = form.register(field.name);
  const error = (form.formState.errors[field.name]?.message as string | undefined) ?? serverError;
  const text = String(initial ?? "");
  if (field.kind === "hidden") {
    return <input type="hidden" defaultValue={text} {...registration} />;
  }
  if (field.kind === "checkbox") {
    return (
      <CheckboxField
        label={field.label}
        registration={registration}
        defaultChecked={Boolean(initial)}
        hint={field.hint}
        error={error}
      />
    );
  }
  if (field.kind === "date" || field.kind === "dateTime") {
    return (
      <DateField
        kind={field.kind}
        label={field.label}
        hint={field.hint}
        error={error}
        required={field.required ?? false}
        defaultValue={text}
        {...registration}
      />
    );
  }
  return (
    <Field label={field.label} hint={field.hint} error={error} required={field.required ?? false}>
      {(control) =>
        field.kind === "textarea" ? (
          <textarea rows={3} defaultValue={text} {...control} {...registration} />
        ) : field.kind === "select" ? (
          <select defaultValue={text} {...control} {...registration}>
            {optionGroupsOf(field.options ?? []).map(({ group, options }, index) => {
              const list = options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ));
              return group === undefined ? (
                <Fragment key={`group-${index}`}>{list}</Fragment>
              ) : (
                <optgroup key={`group-${index}`} label={group}>
                  {list}
                </optgroup>
              );
            })}
          </select>
        ) : (
          <input
            type={field.kind ?? "text"}
            // A password is never written back into the page.
            defaultValue={field.kind === "password" ? undefined : text}
            placeholder={field.placeholder}
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            {...control}
            {...registration}
          />
        )
      }
    </Field>
  );
}
