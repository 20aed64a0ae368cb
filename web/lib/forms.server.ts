import { data } from "react-router";
import type { ZodError } from "zod";

/** Field errors (i18n keys) by field name: the first problem of each field. */
export function fieldErrorsOf(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Text fields of a submitted form, without the ones never echoed back (passwords). */
export function formValues(form: FormData, secret: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !secret.includes(name)) values[name] = value;
  }
  return values;
}

export interface FormFailure {
  ok: false;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  formError?: string;
  retryAfterMinutes?: number;
}

/** A refused submission: what was typed (to fill the form again) and what is wrong. */
export function refuse(status: number, failure: Omit<FormFailure, "ok">) {
  return data<FormFailure>({ ok: false, ...failure }, { status });
}
