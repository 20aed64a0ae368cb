import type { AppLoadContext } from "react-router";
import type { CurrentUser } from "../../../server/load-context";
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

/** `?year=` when it is one of `years`, else the first (latest) of them. */
export function chosenYear(request: Request, years: number[], fallback?: number | null): number {
  const raw = new URL(request.url).searchParams.get("year");
  const requested = raw !== null && /^\d{4}$/.test(raw) ? Number(raw) : null;
  if (requested !== null && years.includes(requested)) return requested;
  return fallback ?? years[0] ?? new Date().getUTCFullYear();
}
