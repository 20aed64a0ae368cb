import type { Lang } from "../../../../core/languages";
import { refusal } from "../../../../core/refusal";
import { INVITATION_EXPIRES_HOURS } from "../../../../core/staff";
import { isStaffRole, type StaffRole } from "../../../../core/roles";
import type { Actor } from "../../audit/service";
import { refusedForGood } from "../../mail/refused";
import { isUniqueViolation } from "../queries";
import { findUser, invitationUrl, type StaffDeps, type StaffOutcome } from "./shared";

/**
 * A staff account without a password, and an email whose link sets one (better-auth's
 * reset-password flow at /dat-lai-mat-khau). An existing address is refused.
 */
export async function inviteStaff(
  deps: StaffDeps,
  input: { email: string; name: string; role: StaffRole; lang: Lang },
  actor?: Actor,
): Promise<StaffOutcome> {
  const email = input.email.trim().toLowerCase();
  const taken = () =>
    refusal(409, "adminPlatform.errors.emailTaken", { email: "adminPlatform.errors.emailTaken" });
  const existing = await deps.db.kysely
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing) return taken();
  const context = await deps.auth.$context;
  let user: { id: string };
  try {
    user = await context.internalAdapter.createUser({
      email,
      name: input.name,
      emailVerified: true,
      role: input.role,
      lang: input.lang,
      active: true,
    });
  } catch (error) {
    // The address got its account since the check (a registration, another invitation at the
    // same moment): the same refusal, and nothing was written.
    if (isUniqueViolation(error)) return taken();
    throw error;
  }
  try {
    await mailInvitation(deps, user.id);
  } catch (error) {
    if (!refusedForGood(error)) throw error;
    // The mail server will never take this address (a typo): no account waits for an
    // invitation that cannot arrive, and the address can be corrected and invited again.
    await deps.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom("account").where("userId", "=", user.id).execute();
      await trx.deleteFrom("user").where("id", "=", user.id).execute();
    });
    return refusal(422, "adminPlatform.errors.invitationRefused", {
      email: "adminPlatform.errors.invitationRefused",
    });
  }
  if (actor) {
    await deps.audit.record(
      actor,
      "user.invite",
      { type: "user", id: user.id },
      { email, role: input.role },
    );
  }
  return { ok: true, userId: user.id };
}

/** Sends the invitation link of a staff account again. */
export async function resendInvitation(
  deps: StaffDeps,
  userId: string,
  actor?: Actor,
): Promise<StaffOutcome> {
  let sent: StaffOutcome;
  try {
    sent = await mailInvitation(deps, userId);
  } catch (error) {
    if (!refusedForGood(error)) throw error;
    return refusal(422, "adminPlatform.errors.invitationResendRefused");
  }
  if (sent.ok && actor) {
    await deps.audit.record(actor, "user.reinvite", { type: "user", id: userId }, {});
  }
  return sent;
}

async function mailInvitation(deps: StaffDeps, userId: string): Promise<StaffOutcome> {
  const user = await findUser(deps.db, userId);
  if (!user || !isStaffRole(user.role)) return refusal(404, "adminPlatform.errors.notFound");
  const lang: Lang = user.lang === "en" ? "en" : "vi";
  await deps.mail.sendStaffInvitation(user.email, lang, {
    name: user.name,
    url: await invitationUrl(deps, user.id, lang),
    role: user.role,
    expiresInHours: INVITATION_EXPIRES_HOURS,
  });
  return { ok: true, userId };
}
