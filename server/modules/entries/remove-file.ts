import type { EntryFileTable } from "../../db/schema";
import type { EntriesContext } from "./context";
import { releaseKeys } from "./files";
import { loadOwned, viewOf } from "./load";
import { notFound, refuse, writeProblem } from "./refusals";
import type { EntryFailure, EntryFileView, EntryResult, EntryView } from "./types";
import { toFileView } from "./values";

/** Removes a file from the owner's entry; its stored object goes when no entry uses it. */
export async function removeFile(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
  fileId: string,
): Promise<EntryResult<{ entry: EntryView; removed: EntryFileView }>> {
  const outcome = await ctx.db.kysely
    .transaction()
    .execute(async (trx): Promise<EntryFailure | EntryFileTable> => {
      const loaded = await loadOwned(ctx, trx, userId, entryId, true);
      if (!loaded) return notFound();
      const refused = writeProblem(loaded, ctx.clock());
      if (refused) return refused;
      const file = loaded.files.find((f) => f.id === fileId);
      if (!file) return refuse(404, "entry.problems.fileNotFound");
      await trx.deleteFrom("entry_files").where("id", "=", file.id).execute();
      await trx
        .updateTable("entries")
        .set({ updated_at: ctx.now() })
        .where("id", "=", loaded.row.id)
        .execute();
      return file;
    });
  if ("ok" in outcome) return outcome;
  await releaseKeys(ctx, [outcome.storage_key]);
  return { ok: true, entry: await viewOf(ctx, entryId), removed: toFileView(outcome) };
}
