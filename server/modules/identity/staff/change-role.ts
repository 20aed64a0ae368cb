import { refusal } from "../../../../core/refusal";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "../../../../core/roles";
import type { Actor } from "../../audit/service";
import { activeAdmins, nowValue, userState, type StaffDeps, type StaffOutcome } from "./shared";

/** Staff accounts only; never leaves the site without an active admin. */
export async function changeStaffRole(
  deps: StaffDeps,
  userId: string,
  role: StaffRole,
  actor?: Actor,
): Promise<StaffOutcome> {
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    return refusal(400, "adminPlatform.validation.role");
  }
  const outcome = await deps.db.kysely.transaction().execute(async (trx): Promise<StaffOutcome> => {
    const user = await userState(trx, userId);
    if (!user) return refusal(404, "adminPlatform.errors.notFound");
    if (!isStaffRole(user.role)) return refusal(400, "adminPlatform.errors.notStaff");
    if (user.role === "admin" && role !== "admin" && Boolean(user.active)) {
      if ((await activeAdmins(deps.db, trx)) <= 1) {
        return refusal(409, "adminPlatform.errors.lastAdmin");
      }
    }
    await trx
      .updateTable("user")
      .set({ role, updatedAt: nowValue(deps.db) })
      .where("id", "=", userId)
      .execute();
    return { ok: true, userId, before: { role: user.role, active: Boolean(user.active) } };
  });
  if (outcome.ok && actor) {
    await deps.audit.record(
      actor,
      "user.role",
      { type: "user", id: userId },
      { role: [outcome.before?.role, role] },
    );
  }
  return outcome;
}
