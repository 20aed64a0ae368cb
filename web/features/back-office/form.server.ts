import { data, redirect, type AppLoadContext } from "react-router";
import type { z, ZodType } from "zod";
import { langOfPath, localizePath } from "../../../core/languages";
import type { Outcome, Refusal } from "../../../core/refusal";
import type { CurrentUser } from "../../../server/load-context";
import { formValues, invalidForm, refusalResponse } from "../../lib/forms.server";
import { withNotice } from "./flash";

/**
 * The shape of a back-office create/edit page on the server. The loader loads its record or
 * answers 404 (`loadOr404`); the action authorizes (`requireStaff`), then `submitForm` parses
 * the posted form with the core schema, calls the operation (which records its own audit
 * entry) and answers a redirect with a notice, or the refusal with what was typed.
 */

/** Who makes a back-office write, as the operations' audit entries record them. */
export function actorOf(user: CurrentUser, context: AppLoadContext) {
  return { id: user.id, email: user.email, ip: context.clientIp };
}

/** A positive integer from a route parameter or form field, else null. */
export function positiveInt(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** A positive integer id from a form field, or null. */
export function idField(form: FormData, name: string): number | null {
  return positiveInt(form.get(name));
}

/** The record a page edits, or a 404 answer. */
export async function loadOr404<T>(record: Promise<T | null | undefined> | T | null | undefined) {
  const found = await record;
  if (found === null || found === undefined) throw data(null, { status: 404 });
  return found;
}

/**
 * A redirect (post/redirect/get) to a back-office path in the request's language, its query
 * (`?year=`) kept, showing a notice.
 */
export function redirectWithNotice(
  request: Request,
  path: string,
  notice: string,
  counts?: Readonly<Record<string, number>>,
): Response {
  const lang = langOfPath(new URL(request.url).pathname);
  const [pathname = "/", query] = path.split("?");
  return redirect(
    withNotice(localizePath(pathname, lang) + (query ? `?${query}` : ""), notice, counts),
  );
}

/**
 * Parse → operate → answer. `formKey` names the form on a page with several; `invalid` is a
 * message for the whole form when the schema refuses (besides the field errors); `files` names
 * the form's file fields the schema checks with the rest (never echoed back).
 */
export async function submitForm<S extends ZodType, T extends object, R>(
  form: FormData,
  schema: S,
  operate: (input: z.output<S>) => Promise<Outcome<T>>,
  done: (result: { ok: true } & T, input: z.output<S>) => R | Promise<R>,
  options: { formKey?: string; invalid?: string; files?: readonly string[] } = {},
) {
  // The text fields, and the file fields the schema checks too (`files`).
  const values: Record<string, unknown> = formValues(form);
  for (const name of options.files ?? []) values[name] = form.get(name);
  const parsed = schema.safeParse(values);
  if (!parsed.success) return refused(invalidForm(parsed.error, options.invalid), form, options);
  const outcome = await operate(parsed.data);
  if (!outcome.ok) return refused(outcome, form, options);
  return done(outcome, parsed.data);
}

/** A refusal answered for the form it came from. */
export function refused(refusal: Refusal, form: FormData, options: { formKey?: string } = {}) {
  return refusalResponse(refusal, form, options.formKey ? { formKey: options.formKey } : {});
}
