import type { Lang } from "../../../core/languages";
import type { StaffRole } from "../../../core/roles";
import { toRow } from "./queries";
import { createVerifiedAccount } from "./support";
import type { IdentityDeps, RegistrantProfile } from "./types";

/** A staff account (the create-admin command, demo data, the users section). */
export async function createStaff(
  deps: Pick<IdentityDeps, "auth">,
  input: { email: string; name: string; password: string; role: StaffRole; lang?: Lang },
): Promise<string> {
  return createVerifiedAccount(deps.auth, { ...input, lang: input.lang ?? "vi" });
}

/** An entrant created without a request (demo data, imports): verified, no emails sent. */
export async function createEntrant(
  deps: Pick<IdentityDeps, "auth" | "db">,
  input: { email: string; password: string; profile: RegistrantProfile },
): Promise<string> {
  const userId = await createVerifiedAccount(deps.auth, {
    email: input.email,
    name: input.profile.fullName,
    password: input.password,
    role: "entrant",
    lang: "vi",
  });
  const stamp = new Date().toISOString();
  await deps.db.kysely
    .insertInto("registrants")
    .values({ user_id: userId, ...toRow(input.profile), created_at: stamp, updated_at: stamp })
    .execute();
  return userId;
}

export async function markEmailVerified(deps: Pick<IdentityDeps, "db">, userId: string) {
  await deps.db.kysely
    .updateTable("user")
    .set({ emailVerified: deps.db.kind === "postgres" ? true : 1 })
    .where("id", "=", userId)
    .execute();
}
