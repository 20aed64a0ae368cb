import { data, isRouteErrorResponse } from "react-router";

/** Told to the page (`UnansweredNotice`) when a form's request went unanswered. */
export const UNANSWERED_EVENT = "vx:form-unanswered";

/**
 * A form's answer when its request never reached the server, or nothing answered for it: what
 * was typed (text fields; files stay chosen in their inputs) and which form it was. It has the
 * shape of a refusal (`FormResult`), so a form shows what it shows on any refusal — its values
 * — and stays as it is; `UnansweredNotice` says what happened.
 */
export interface UnansweredResult {
  ok: false;
  unanswered: true;
  formKey?: string;
  values: Record<string, string>;
}

/**
 * The connection failed (fetch rejects with a TypeError: offline, reset, timed out), or a
 * gateway in front of the app answered for it (502/503/504 without React Router's marker).
 */
function unanswered(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return isRouteErrorResponse(error) && [502, 503, 504].includes(error.status);
}

async function unansweredResult(sent: Request): Promise<UnansweredResult> {
  const values: Record<string, string> = {};
  let formKey: string | undefined;
  const type = sent.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    const form = await sent.formData().catch(() => null);
    for (const [name, value] of form ?? []) {
      if (typeof value === "string") values[name] = value;
    }
    formKey = values.formKey;
  }
  return { ok: false, unanswered: true, ...(formKey ? { formKey } : {}), values };
}

/**
 * A route's `clientAction`: the route's server action, except that a request the server never
 * answered leaves the page as it was — the form and everything typed in it — instead of
 * replacing it with the error page. The answer's 503 status keeps React Router from reloading
 * the page's data (which would fail the same way). Every other outcome, a redirect or the
 * server's own error included, is the server action's.
 */
export async function keepFormWhenUnanswered<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}) {
  // Read only if the server did not answer; taken now, before the request's body is sent.
  const sent = request.clone();
  try {
    return await serverAction();
  } catch (error) {
    if (!unanswered(error)) throw error;
    window.dispatchEvent(new CustomEvent(UNANSWERED_EVENT));
    return data(await unansweredResult(sent), { status: 503 });
  }
}
