import { profileSchemaFor } from "../../../core/registration";
import { dbNow, loadRegistrant, toRow } from "./queries";
import type { IdentityDeps, RegistrantProfile } from "./types";

/**
 * The profile (and the account's name with it), checked again with the core schema of the
 * stored type: no caller gets a longer name or another field past the form's rules.
 */
export async function updateProfile(
  { db }: Pick<IdentityDeps, "db">,
  userId: string,
  profile: Omit<RegistrantProfile, "type">,
): Promise<void> {
  const current = await loadRegistrant(db, userId);
  if (!current) throw new Error("No registrant profile");
  const checked = profileSchemaFor(current.type).safeParse(
    current.type === "individual"
      ? {
          type: "individual",
          fullName: profile.fullName,
          phone: profile.phone,
          address: profile.address,
          personalId: profile.personalId ?? "",
        }
      : {
          type: "enterprise",
          companyName: profile.companyName ?? "",
          businessRegistrationNumber: profile.businessRegistrationNumber ?? "",
          taxCode: profile.taxCode ?? "",
          representativeName: profile.fullName,
          phone: profile.phone,
          address: profile.address,
          licenceFileId: current.licenceFileId ?? "",
        },
  );
  if (!checked.success) throw new RangeError("The profile does not pass the profile rules");
  const { type: _type, ...row } = toRow({
    ...profile,
    type: current.type,
    licenceFileId: current.licenceFileId,
  });
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable("registrants")
      .set({ ...row, updated_at: new Date().toISOString() })
      .where("user_id", "=", userId)
      .execute();
    await trx
      .updateTable("user")
      .set({ name: profile.fullName, updatedAt: dbNow(db) })
      .where("id", "=", userId)
      .execute();
  });
}
