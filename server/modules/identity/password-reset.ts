import { normaliseEmail } from "./queries";
import { LIMITS } from "./rate-limit";
import { consumed, fromAuthError, localized } from "./support";
import type { IdentityDeps, Outcome, RequestMeta } from "./types";

/**
 * Sends a reset link; always answers the same way, so the form never tells who has an account.
 * Limited per IP, per account from this IP and per account overall (a higher limit), so a
 * stranger asking again and again from one address cannot keep the owner from a link.
 */
export async function requestPasswordReset(
  deps: Pick<IdentityDeps, "auth" | "limiter" | "publicUrl">,
  email: string,
  meta: RequestMeta,
): Promise<Outcome> {
  const normalised = normaliseEmail(email);
  const refused = await consumed(
    deps,
    [`reset:ip:${meta.ip}`, LIMITS.resetPerIp],
    [`reset:account-ip:${meta.ip}:${normalised}`, LIMITS.resetPerAccountFromIp],
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

/**
 * What an emailed password link is for: `firstPassword` when its account has no password yet
 * (a staff invitation: the link sets the first one), `reset` otherwise; null when the link is
 * unknown or expired. Read as better-auth reads the link when it sets the password.
 */
export async function passwordLinkPurpose(
  deps: Pick<IdentityDeps, "auth">,
  token: string,
): Promise<"firstPassword" | "reset" | null> {
  if (!token) return null;
  const context = await deps.auth.$context;
  const link = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!link || link.expiresAt < new Date()) return null;
  const accounts = await context.internalAdapter.findAccounts(link.value);
  const credential = accounts.find((account) => account.providerId === "credential");
  return credential?.password ? "reset" : "firstPassword";
}

/**
 * Sets a new password with the emailed link's token; `firstPassword` says the account had none
 * before (an invitation accepted), so the page welcomes rather than reports a change.
 */
export async function resetPassword(
  deps: Pick<IdentityDeps, "auth">,
  token: string,
  newPassword: string,
): Promise<(Outcome & { ok: true; firstPassword: boolean }) | Exclude<Outcome, { ok: true }>> {
  const purpose = await passwordLinkPurpose(deps, token);
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true, headers: new Headers(), firstPassword: purpose === "firstPassword" };
  } catch (error) {
    return { ...fromAuthError(error), formError: "auth.resetLinkInvalid" };
  }
}
