import { normaliseEmail } from "./queries";
import { LIMITS } from "./rate-limit";
import { consumed, fromAuthError, localized } from "./support";
import type { IdentityDeps, Outcome, RequestMeta } from "./types";

/** Sends a reset link; always answers the same way, so the form never tells who has an account. */
export async function requestPasswordReset(
  deps: Pick<IdentityDeps, "auth" | "limiter" | "publicUrl">,
  email: string,
  meta: RequestMeta,
): Promise<Outcome> {
  const normalised = normaliseEmail(email);
  const refused = await consumed(
    deps,
    [`reset:ip:${meta.ip}`, LIMITS.resetPerIp],
    [`reset:account:${normalised}`, LIMITS.resetPerAccount],
  );
  if (refused) return refused;
  try {
    await deps.auth.api.requestPasswordReset({
      body: { email: normalised, redirectTo: localized(deps, "/dat-lai-mat-khau", meta.lang) },
      headers: meta.headers,
    });
  } catch {
    // Unknown addresses and mail trouble look the same from outside.
  }
  return { ok: true, headers: new Headers() };
}

/** Sets a new password with the emailed link's token. */
export async function resetPassword(
  deps: Pick<IdentityDeps, "auth">,
  token: string,
  newPassword: string,
): Promise<Outcome> {
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return { ...fromAuthError(error), formError: "auth.resetLinkInvalid" };
  }
}
