/**
 * The one shape in which an operation says no. Every back-office and entrant operation
 * returns `Outcome<T>`: either `{ ok: true, …T }` or a `Refusal` carrying the HTTP status the
 * page or API answers with and i18n keys for the whole form and for single fields. Pages turn
 * a refusal into the form's error display (keeping what was typed); `/api` routes send it as
 * JSON. Exceptions stay for what is not a user's mistake (a broken disk, a lost database).
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;

/**
 * What kind of "no" it is, for callers that act on it (a page offering to reload after a
 * conflict) without comparing i18n keys: `conflict` someone else changed the record first,
 * `notAllowed` the record's state or the caller's role does not allow it, `notFound`.
 */
export type RefusalCode = "conflict" | "notAllowed" | "notFound";

export interface Refusal {
  ok: false;
  status: RefusalStatus;
  /** An i18n key for the form as a whole. */
  formError?: string;
  /** Values the form's message is written with (a day in "This round ended on {{date}}."). */
  formErrorValues?: Record<string, string | number>;
  /** i18n keys by field name. */
  fieldErrors?: Record<string, string>;
  /** For 429: how long until trying again is worth it. */
  retryAfterMinutes?: number;
  /** Set where a caller may want to tell refusals apart (see RefusalCode). */
  code?: RefusalCode;
}

export type Outcome<T extends object = object> = ({ ok: true } & T) | Refusal;

/** A refusal for the form as a whole. */
export function refusal(
  status: RefusalStatus,
  formError: string,
  fieldErrors?: Record<string, string>,
): Refusal {
  return { ok: false, status, formError, ...(fieldErrors ? { fieldErrors } : {}) };
}

/**
 * Field errors (i18n keys) by field name from a schema's issues: the first problem of each
 * field. An issue of the whole object goes under `pathless` when given, else is left out.
 */
export function firstIssueByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  pathless?: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : (pathless ?? "");
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** A refusal naming the fields that are wrong (400 unless said otherwise, e.g. 409 for a clash). */
export function fieldRefusal(
  fieldErrors: Record<string, string>,
  status: RefusalStatus = 400,
): Refusal {
  return { ok: false, status, fieldErrors };
}

export function isRefusal(value: unknown): value is Refusal {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { ok?: unknown }).ok === false &&
    typeof (value as { status?: unknown }).status === "number"
  );
}
