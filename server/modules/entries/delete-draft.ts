import type { EntriesContext } from "./context";
import { releaseKeys } from "./files";
import { loadOwned } from "./load";
import { findUserContact } from "./queries";
import { notFound, refuse } from "./refusals";
import type { EntryResult } from "./types";

/**
 * Deletes the owner's draft that never went in: the entry, its files and its history go, and
 * the stored objects no other entry shares are released. An entry once submitted stays (the
 * organisers saw it; withdrawing is its way out). Recorded in the audit log, since nothing of
 * the entry is left to tell of it; the code it had is not given again.
 */
export async function deleteDraft(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
): Promise<EntryResult<{ code: string | null }>> {
  const outcome = await ctx.db.kysely.transaction().execute(async (trx) => {
    const loaded = await loadOwned(ctx, trx, userId, entryId, true);
    if (!loaded) return notFound();
    const { row } = loaded;
    if (row.status !== "draft" || row.submitted_at !== null) {
      return refuse(409, "entry.problems.cannotDelete");
    }
    await trx.deleteFrom("entry_files").where("entry_id", "=", row.id).execute();
    await trx.deleteFrom("entry_status_history").where("entry_id", "=", row.id).execute();
    await trx.deleteFrom("entries").where("id", "=", row.id).execute();
    const owner = await findUserContact(trx, userId);
    return {
      code: row.code,
      keys: loaded.files.map((file) => file.storage_key),
      email: owner?.email ?? "",
      files: loaded.files.length,
      title: row.campaign_name,
    };
  });
  if ("ok" in outcome) return outcome;
  await releaseKeys(ctx, outcome.keys);
  await ctx.deps.audit?.record(
    { id: userId, email: outcome.email },
    "entry.deleteDraft",
    { type: "entry", id: entryId },
    { code: outcome.code, title: outcome.title, files: outcome.files },
  );
  return { ok: true, code: outcome.code };
}
