import { parseLang } from "../../../core/languages";
import { isStaffRole, type Role } from "../../../core/roles";
import { SESSION_COOKIE_NAMES } from "./auth";
import { readSessionCookie, type SessionUser } from "./session-cookie";
import type { CurrentUser, IdentityDeps } from "./types";

/** The signed-in person of a request (its session cookie), or null; a deactivated account is nobody. */
export async function currentUser(
  deps: Pick<IdentityDeps, "auth" | "db">,
  headers: Headers,
): Promise<CurrentUser | null> {
  // Without a session cookie there is no one to look up (most page views): better-auth's
  // lookup would build its request context only to say so.
  const cookie = headers.get("cookie");
  if (!cookie || !SESSION_COOKIE_NAMES.some((name) => cookie.includes(`${name}=`))) return null;
  const read = await readSessionCookie(deps, cookie);
  if (read.kind === "nobody") return null;
  let user: Omit<SessionUser, "role" | "lang" | "active"> & {
    role?: unknown;
    lang?: unknown;
    active?: unknown;
  };
  if (read.kind === "user") {
    user = read.user;
  } else {
    const session = await deps.auth.api.getSession({ headers });
    if (!session) return null;
    user = session.user;
  }
  if (user.active === false || user.active === 0) return null;
  const role = (isStaffRole(user.role) ? user.role : "entrant") as Role;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: Boolean(user.emailVerified),
    role,
    lang: parseLang(user.lang),
  };
}
