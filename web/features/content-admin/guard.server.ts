import { redirect, type AppLoadContext } from "react-router";
import { langOfPath, localizePath } from "../../../core/languages";
import type { CurrentUser } from "../../../server/load-context";
import { withNotice } from "../admin/flash";
import { requireStaff } from "../../lib/session.server";

/**
 * Server-side helpers of the content back office (loaders and actions only): every request
 * passes `requireStaff(…, "content")` (admin and editor), and writes name the acting staff
 * member for the audit log.
 */
export async function requireContentEditor(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: CurrentUser; actor: { id: string; email: string; ip: string } }> {
  const user = await requireStaff(request, context, "content");
  return { user, actor: { id: user.id, email: user.email, ip: context.clientIp } };
}

/** A redirect (post/redirect/get) to a back-office path in the request's language, with a notice. */
export function redirectWithNotice(request: Request, path: string, notice: string): Response {
  const lang = langOfPath(new URL(request.url).pathname);
  const [pathname = "/", query] = path.split("?");
  const localized = localizePath(pathname, lang) + (query ? `?${query}` : "");
  return redirect(withNotice(localized, notice));
}

/** A positive integer from a route parameter or form field, else null. */
export function positiveInt(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** `?year=` when it is one of `years`, else the first (latest) of them. */
export function chosenYear(request: Request, years: number[], fallback?: number | null): number {
  const raw = new URL(request.url).searchParams.get("year");
  const requested = raw !== null && /^\d{4}$/.test(raw) ? Number(raw) : null;
  if (requested !== null && years.includes(requested)) return requested;
  return fallback ?? years[0] ?? new Date().getUTCFullYear();
}
