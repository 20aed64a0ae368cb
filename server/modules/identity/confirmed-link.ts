import { safeNextPath } from "../../../core/paths";
import type { Auth } from "./auth";
import { linkTokenClaims } from "./email-change-link";

/**
 * Where the confirmation link sent after registering lands when its address is confirmed
 * already, or null when the link still has its work to do (or is not one of these).
 *
 * The authentication library signs in whoever opens a valid link, as often as it is opened
 * until it expires a day later: a link left in a shared computer's history, or forwarded,
 * would open the account even after its password was changed. Once the address is confirmed
 * the link has done its work, so it lands on its page (a path on this site, whatever host the
 * link names) without signing anyone in; the person signs in there as usual.
 */
export async function confirmedLinkLanding(auth: Auth, link: URL): Promise<string | null> {
  const claims = linkTokenClaims(link.searchParams.get("token"));
  if (!claims || typeof claims.email !== "string" || claims.updateTo !== undefined) return null;
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(claims.email);
  if (!found?.user.emailVerified) return null;
  const callback = new URL(link.searchParams.get("callbackURL") ?? "/", "http://localhost");
  return safeNextPath(`${callback.pathname}${callback.search}`, "/");
}
