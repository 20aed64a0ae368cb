import { fieldRefusal, refusal, type Outcome } from "../../../core/refusal";
import { FileRejected } from "../files/storage";
import { LIMITS } from "./rate-limit";
import { licenceProblem } from "./register";
import { consumed } from "./support";
import type { IdentityDeps, LicenceUpload } from "./types";

/** The entrant replacing their company's licence, as the audit log names them. */
export interface LicenceActor {
  id: string;
  email: string;
  ip?: string;
}

/**
 * A company registrant replaces its business licence (wrong or expired) from the account page.
 * The new file is checked by content and stored first; only then does the profile point at
 * it, in one transaction that also lets go of the old file (unowned, the file sweep deletes
 * it), so a failure anywhere leaves the company with the licence it had. Only the account's
 * own enterprise profile (`actor` is the signed-in entrant), ten times an hour; audited.
 */
export async function replaceLicence(
  deps: Pick<IdentityDeps, "db" | "files" | "audit" | "limiter">,
  actor: LicenceActor,
  licence: LicenceUpload,
): Promise<Outcome<{ licenceFileId: string }>> {
  const { db, files } = deps;
  const registrant = await db.kysely
    .selectFrom("registrants")
    .select(["type", "licence_file_id"])
    .where("user_id", "=", actor.id)
    .executeTakeFirst();
  if (!registrant || registrant.type !== "enterprise") {
    return refusal(403, "account.licence.notEnterprise");
  }
  // Each replacement stores a file until the sweep: a bound on how many an hour.
  const limited = await consumed(deps, [
    `licence:user:${actor.id}`,
    LIMITS.licenceReplacementsPerAccount,
  ]);
  if (limited) return limited;
  const problem = await licenceProblem(licence);
  if (problem) return fieldRefusal({ licence: problem });

  let storedId: string;
  try {
    const stored = await files.save({
      data: licence.data,
      purpose: "licence",
      ownerUserId: actor.id,
      allowedMimes: licence.allowedMimes,
      maxBytes: licence.maxBytes,
      tooLargeKey: "validation.licenceTooLarge",
      wrongTypeKey: "validation.licenceType",
    });
    storedId = stored.id;
  } catch (error) {
    if (error instanceof FileRejected) return fieldRefusal({ licence: error.messageKey });
    throw error;
  }

  let previous: string | null;
  try {
    previous = await db.kysely.transaction().execute(async (trx) => {
      // The row held (PostgreSQL) so that two replacements at once each let go of the file
      // the other put in place, never of the one now on the profile.
      let current = trx
        .selectFrom("registrants")
        .select("licence_file_id")
        .where("user_id", "=", actor.id);
      if (db.kind === "postgres") current = current.forUpdate();
      const before = (await current.executeTakeFirst())?.licence_file_id ?? null;
      await trx
        .updateTable("registrants")
        .set({ licence_file_id: storedId, updated_at: new Date().toISOString() })
        .where("user_id", "=", actor.id)
        .execute();
      if (before && before !== storedId) {
        await trx
          .updateTable("files")
          .set({ owner_user_id: null })
          .where("id", "=", before)
          .where("owner_user_id", "=", actor.id)
          .where("purpose", "=", "licence")
          .execute();
      }
      return before;
    });
  } catch (error) {
    // The profile still names the old licence: the new file is nobody's, for the sweep.
    await db.kysely
      .updateTable("files")
      .set({ owner_user_id: null })
      .where("id", "=", storedId)
      .execute()
      .catch(() => undefined);
    throw error;
  }

  await deps.audit.record(
    actor,
    "registrant.licence",
    { type: "user", id: actor.id },
    { licenceFileId: [previous, storedId] },
  );
  return { ok: true, licenceFileId: storedId };
}
