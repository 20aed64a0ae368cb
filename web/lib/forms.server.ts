import { data } from "react-router";
import type { ZodError } from "zod";
import { fieldRefusal, firstIssueByField, type Refusal } from "../../core/refusal";
import type { FormResult } from "./use-server-form";

/** Field errors (i18n keys) by field name: the first problem of each field. */
export function fieldErrorsOf(error: ZodError): Record<string, string> {
  return firstIssueByField(error.issues);
}

/** Text fields of a submitted form, without the ones never echoed back (passwords). */
export function formValues(form: FormData, secret: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !secret.includes(name)) values[name] = value;
  }
  return values;
}

/** A form the core schema refused, as a refusal (400, one i18n key per wrong field). */
export function invalidForm(error: ZodError, formError?: string): Refusal {
  const refused = fieldRefusal(fieldErrorsOf(error));
  return formError ? { ...refused, formError } : refused;
}

/**
 * The one answer to a refused submission, whoever refused it (the core schema, the operation,
 * the page): the refusal's status, what was typed so the form shows it again (never the
 * `secret` fields), the field errors, the form's message and, for a page with several forms,
 * which form it was (`formKey`).
 */
export function refusalResponse(
  refusal: Omit<Refusal, "status"> & { status: number },
  submitted: FormData | Record<string, string>,
  options: { formKey?: string; secret?: readonly string[] } = {},
) {
  const values =
    submitted instanceof FormData
      ? formValues(submitted, options.secret)
      : Object.fromEntries(
          Object.entries(submitted).filter(([name]) => !options.secret?.includes(name)),
        );
  return data<FormResult & { ok: false }>(
    {
      ok: false,
      ...(options.formKey ? { formKey: options.formKey } : {}),
      values,
      fieldErrors: refusal.fieldErrors ?? {},
      ...(refusal.formError ? { formError: refusal.formError } : {}),
      ...(refusal.retryAfterMinutes ? { retryAfterMinutes: refusal.retryAfterMinutes } : {}),
    },
    { status: refusal.status },
  );
}
