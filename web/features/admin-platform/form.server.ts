import { data, type AppLoadContext } from "react-router";
import type { ZodError } from "zod";
import type { CurrentUser } from "../../../server/load-context";
import { fieldErrorsOf, formValues } from "../../lib/forms.server";
import type { PlatformFormResult } from "./schema-form";

/** Who made a back-office write, for the audit log. */
export function actorOf(user: CurrentUser, context: AppLoadContext) {
  return { id: user.id, email: user.email, ip: context.clientIp };
}

/** A refused write: what was typed (to fill the form again), the problems, and which form. */
export function refuseForm(
  status: number,
  formKey: string,
  form: FormData,
  problems: { error?: ZodError; fieldErrors?: Record<string, string>; formError?: string },
) {
  return data<PlatformFormResult>(
    {
      ok: false,
      formKey,
      values: formValues(form),
      fieldErrors: problems.fieldErrors ?? (problems.error ? fieldErrorsOf(problems.error) : {}),
      ...(problems.formError ? { formError: problems.formError } : {}),
    },
    { status },
  );
}

/** An object of the form's text fields (checkboxes absent = unchecked). */
export function formObject(form: FormData): Record<string, string> {
  return formValues(form);
}

/** A positive integer id from a form field, or null. */
export function idField(form: FormData, name: string): number | null {
  const value = Number(form.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The fields whose value differs, `{ field: [before, after] }`, for the audit summary. */
export function changes<T extends object>(before: T, after: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      out[String(key)] = [before[key], after[key]];
    }
  }
  return out;
}
