import type { Lang } from "../../../core/languages";
import { addressTaken, isUniqueViolation, normaliseEmail } from "./queries";
import { refusedForGood } from "../mail/refused";
import { LIMITS } from "./rate-limit";
import { consumed, fromAuthError, localized, verifyPassword } from "./support";
import type { CurrentUser, IdentityDeps, Outcome } from "./types";

/** Confirms the current password, then sends a confirmation link to the new address. */
export async function changeEmail(
  deps: Pick<IdentityDeps, "db" | "auth" | "limiter" | "publicUrl">,
  user: CurrentUser,
  headers: Headers,
  input: { newEmail: string; currentPassword: string },
  lang: Lang,
): Promise<Outcome> {
  const { db, auth } = deps;
  const newEmail = normaliseEmail(input.newEmail);
  if (newEmail === user.email) {
    return {
      ok: false,
      status: 400,
      formError: "auth.sameEmail",
      fieldErrors: { newEmail: "auth.sameEmail" },
    };
  }
  // Each attempt confirms the current password (a guess a stolen session could repeat) and
  // may tell whether an address is taken: a few per account, right or wrong.
  const confirmKey = `confirm-password:account:${user.id}`;
  const refused = await consumed(deps, [confirmKey, LIMITS.passwordConfirmationPerAccount]);
  if (refused) return refused;
  const account = await db.kysely
    .selectFrom("account")
    .select("password")
    .where("userId", "=", user.id)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (
    !account?.password ||
    !(await verifyPassword(auth, account.password, input.currentPassword))
  ) {
    return {
      ok: false,
      status: 400,
      formError: "auth.wrongPassword",
      fieldErrors: { currentPassword: "auth.wrongPassword" },
    };
  }
  const emailTaken: Outcome = {
    ok: false,
    status: 409,
    formError: "auth.emailTaken",
    fieldErrors: { newEmail: "auth.emailTaken" },
  };
  if (await addressTaken(db, newEmail, user.id)) return emailTaken;
  try {
    await auth.api.changeEmail({
      body: { newEmail, callbackURL: localized(deps, "/tai-khoan?emailChanged=1", lang) },
      headers,
    });
    // A confirmed address changes only through the link sent to the new one; an address
    // never confirmed (a typo at registration) is replaced at once and the new one must
    // then be confirmed.
    return { ok: true, headers: new Headers(), immediate: !user.emailVerified };
  } catch (error) {
    // Another account took the address since the check (a registration or another change at
    // the same moment): better-auth's own check refuses it, or the database's unique address
    // does. Either way the same refusal as the check's, and the account keeps its address.
    if (isUniqueViolation(error) || (await addressTaken(db, newEmail, user.id))) return emailTaken;
    // The mail server never takes the new address (a typo): the link cannot reach it.
    if (refusedForGood(error)) {
      return {
        ok: false,
        status: 422,
        formError: "auth.emailRefused",
        fieldErrors: { newEmail: "auth.emailRefused" },
      };
    }
    return fromAuthError(error);
  }
}
