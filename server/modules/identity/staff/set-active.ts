import { refusal } from "../../../../core/refusal";
import type { Actor } from "../../audit/service";
import {
  activeAdmins,
  nowValue,
  truth,
  userState,
  type StaffDeps,
  type StaffOutcome,
} from "./shared";

/**
 * Deactivation blocks sign-in and ends every session at once; reactivation allows it again.
 * The last active admin is never deactivated.
 */
export async function setStaffActive(
  deps: StaffDeps,
  userId: string,
  active: boolean,
  actor?: Actor,
): Promise<StaffOutcome> {
  const { db } = deps;
  const outcome = await db.kysely.transaction().execute(async (trx): Promise<StaffOutcome> => {
    const user = await userState(trx, userId);
    if (!user) return refusal(404, "adminPlatform.errors.notFound");
    if (
      !active &&
      user.role === "admin" &&
      Boolean(user.active) &&
      (await activeAdmins(db, trx)) <= 1
    ) {
      return refusal(409, "adminPlatform.errors.lastAdmin");
    }
    await trx
      .updateTable("user")
      .set({ active: truth(db, active) as never, updatedAt: nowValue(db) })
      .where("id", "=", userId)
      .execute();
    if (!active) await trx.deleteFrom("session").where("userId", "=", userId).execute();
    return { ok: true, userId, before: { role: user.role, active: Boolean(user.active) } };
  });
  if (outcome.ok && actor) {
    await deps.audit.record(
      actor,
      active ? "user.reactivate" : "user.deactivate",
      { type: "user", id: userId },
      { active: [outcome.before?.active, active] },
    );
  }
  return outcome;
}
