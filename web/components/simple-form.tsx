import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef } from "react";
import { useForm, type FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigation, useSubmit } from "react-router";
import type { ZodType } from "zod";
import { useLiveFormValues } from "../hydration/form-state";
import { useServerErrors } from "../lib/use-server-form";
import { FormAlert, TextField } from "./form/field";

export interface SimpleField {
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "hidden";
  autoComplete?: string;
  hint?: string;
}

export interface FormResult {
  ok: boolean;
  values?: Record<string, string>;
  fieldErrors?: Record<string, string>;
  formError?: string;
  retryAfterMinutes?: number;
  notice?: string;
}

/**
 * A small account form (sign in, reset, change password …): validated in the browser with the
 * same core/ schema the action uses, posted as a normal form so it also works without JS.
 */
export function SimpleForm({
  schema,
  fields,
  submitLabel,
  result,
  defaults = {},
  intent,
}: {
  schema: ZodType<FieldValues>;
  fields: SimpleField[];
  submitLabel: string;
  result: FormResult | undefined;
  defaults?: Record<string, string>;
  intent?: string;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const failed = result && !result.ok ? result : undefined;
  // Also rendered into the inputs' HTML, so a refusal keeps what was typed without JavaScript.
  const serverValues: Record<string, string | undefined> = {
    ...defaults,
    ...(failed?.values ?? {}),
  };
  // On hydration, what was typed before the page's script had arrived stays typed.
  const formId = useId();
  const live = useLiveFormValues(formId, serverValues);
  const initial = failed ? serverValues : live;
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never),
    defaultValues: live,
    mode: "onTouched",
  });
  useServerErrors(form, failed?.fieldErrors);
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === (intent ?? null);
  return (
    <form
      ref={formRef}
      id={formId}
      method="post"
      className="form"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(() => {
          if (formRef.current) void submit(formRef.current, { method: "post" });
        })(event)
      }
    >
      <FormAlert
        message={
          failed?.formError
            ? t(failed.formError, { minutes: failed.retryAfterMinutes ?? 0 })
            : undefined
        }
      />
      <FormAlert
        tone="success"
        message={result?.ok && result.notice ? t(result.notice) : undefined}
      />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {fields.map((field) =>
        field.type === "hidden" ? (
          <input
            key={field.name}
            type="hidden"
            defaultValue={initial[field.name]}
            {...form.register(field.name)}
          />
        ) : (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type ?? "text"}
            required
            {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
            {...(field.hint ? { hint: field.hint } : {})}
            {...(field.type === "password" ? {} : { defaultValue: initial[field.name] })}
            registration={form.register(field.name)}
            error={
              (form.formState.errors[field.name] as never) ?? failed?.fieldErrors?.[field.name]
            }
          />
        ),
      )}
      <p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </p>
    </form>
  );
}
