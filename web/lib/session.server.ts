import { redirect, type AppLoadContext } from "react-router";
import { langOfPath, localizePath, type Lang } from "../../core/languages";
import { safeNextPath } from "../../core/paths";
import { canOpenSection, isStaffRole, type BackOfficeSection } from "../../core/roles";
import type { CurrentUser } from "../../server/load-context";

/** Who is asking, for loaders and actions (server only). */
export function requestMeta(request: Request, context: AppLoadContext) {
  return {
    headers: request.headers,
    ip: context.clientIp,
    lang: langOfPath(new URL(request.url).pathname) as Lang,
  };
}

// The root loader and the page's loader ask about the same request: one session lookup. React
// Router may hand each loader a copy of the request (it does when the address names `?index` or
// `_routes`), so a page load (GET: loaders only, run together) is recognised by its load
// context, made once per request by the server. A POST keys by the request itself: its action
// may change who is signed in or what they are called before the page's loaders run again.
const usersByRequest = new WeakMap<object, Promise<CurrentUser | null>>();

export function currentUser(
  request: Request,
  context: AppLoadContext,
): Promise<CurrentUser | null> {
  const key = request.method === "GET" || request.method === "HEAD" ? context : request;
  let user = usersByRequest.get(key);
  if (!user) {
    user = context.services.identity.currentUser(request.headers);
    usersByRequest.set(key, user);
  }
  return user;
}

/** A signed-in entrant, or a redirect to sign in (and back here afterwards). */
export async function requireEntrant(
  request: Request,
  context: AppLoadContext,
): Promise<CurrentUser> {
  const user = await currentUser(request, context);
  const url = new URL(request.url);
  const lang = langOfPath(url.pathname);
  if (!user) {
    const next = encodeURIComponent(url.pathname + url.search);
    throw redirect(`${localizePath("/dang-nhap", lang)}?next=${next}`);
  }
  if (user.role !== "entrant") throw redirect(localizePath("/quan-tri", lang));
  return user;
}

/**
 * The query of a page to come back to after signing in, without the notice of a write done
 * before (`?notice=…&count.…=`, features/back-office/flash.tsx): back on the page, it would
 * announce again a save that is not the one just refused.
 */
function searchWithoutNotice(url: URL): string {
  const params = new URLSearchParams(url.search);
  const notice = [...params.keys()].filter(
    (name) => name === "notice" || name.startsWith("count."),
  );
  if (notice.length === 0) return url.search;
  for (const name of notice) params.delete(name);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * A staff member allowed into the section: visitors go to the staff sign-in, entrants and
 * staff of another role get 403.
 */
export async function requireStaff(
  request: Request,
  context: AppLoadContext,
  section: BackOfficeSection,
): Promise<CurrentUser> {
  const user = await currentUser(request, context);
  const url = new URL(request.url);
  if (!user) {
    const next = encodeURIComponent(url.pathname + searchWithoutNotice(url));
    throw redirect(`${localizePath("/quan-tri/dang-nhap", langOfPath(url.pathname))}?next=${next}`);
  }
  if (!isStaffRole(user.role) || !canOpenSection(user.role, section)) {
    throw new Response("Forbidden", { status: 403 });
  }
  return user;
}

/** Only same-site paths are followed after sign-in (no open redirect): see core/paths.ts. */
export const safeNext = safeNextPath;
