/**
 * What a browser reports when the page's own code failed (`web/lib/report-error.ts`), so the
 * organisers' logs show what visitors, entrants, judges and staff ran into: a render the error
 * page replaced, an uncaught error or rejection. No zod here: the browser's entry loads this.
 */
export const CLIENT_ERROR_KINDS = ["render", "uncaught", "rejection"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The browser cuts what it sends to these; the server refuses anything longer. */
export const CLIENT_ERROR_LIMITS = { messageChars: 500, stackChars: 4000, pathChars: 300 };

export interface ClientErrorReport {
  kind: ClientErrorKind;
  message: string;
  stack?: string;
  path: string;
}

/** A report of `kind` about `error`, cut to the limits, for the page at `path`. */
export function clientErrorReport(
  kind: ClientErrorKind,
  error: unknown,
  path: string,
): ClientErrorReport {
  const message =
    error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? "unknown");
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    kind,
    message: message.trim().slice(0, CLIENT_ERROR_LIMITS.messageChars) || "unknown",
    ...(stack ? { stack: stack.slice(0, CLIENT_ERROR_LIMITS.stackChars) } : {}),
    path: (path.split(/[?#]/)[0] || "/").slice(0, CLIENT_ERROR_LIMITS.pathChars),
  };
}
