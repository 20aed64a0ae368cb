import type { Lang } from "../../../core/languages";
import { refusedForGood } from "../mail/refused";
import { LIMITS } from "./rate-limit";
import { consumed, localized } from "./support";
import type { CurrentUser, IdentityDeps, Outcome } from "./types";

/** Sends the address confirmation link again (a few times an hour at most). */
export async function resendVerification(
  deps: Pick<IdentityDeps, "auth" | "limiter" | "publicUrl">,
  user: CurrentUser,
  lang: Lang,
): Promise<Outcome> {
  const refused = await consumed(deps, [
    `verify:account:${user.id}`,
    LIMITS.verificationResendPerAccount,
  ]);
  if (refused) return refused;
  try {
    await deps.auth.api.sendVerificationEmail({
      body: { email: user.email, callbackURL: localized(deps, "/tai-khoan?verified=1", lang) },
    });
  } catch (error) {
    // An address the mail server never takes (a typo at registration): the entrant can change it.
    if (refusedForGood(error)) return { ok: false, status: 422, formError: "auth.emailRefused" };
    throw error;
  }
  return { ok: true, headers: new Headers() };
}
