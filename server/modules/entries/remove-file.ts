import type { EntryFileTable } from "../../db/schema";
import type { EntriesContext } from "./context";
import { releaseKeys } from "./files";
import { loadOwned, viewOf } from "./load";
import { unjudgeableFileIds } from "./judged-files";
import { invalid, notFound, refuse, writeProblem } from "./refusals";
import type { EntryFailure, EntryFileView, EntryResult, EntryView } from "./types";
import { removalBreaks, toFileView, videoRequiredOf } from "./values";

/**
 * Removes a file from the owner's entry; its stored object goes when no entry uses it. Once
 * the entry is submitted, a removal that would leave a requirement unmet (its only legal
 * commitment, its last idea article judges can open) is refused (`removalBreaks`, which also
 * gives the page its files' `removable`): the file is replaced by uploading another, which
 * takes its place (attach-file.ts), and a film also by saving a video link (save-draft.ts).
 */
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
      const broken = removalBreaks(loaded.row, loaded.files, file.id, {
        videoRequired: videoRequiredOf(loaded),
        unjudgeableFileIds:
          loaded.row.status === "draft" ? [] : await unjudgeableFileIds(trx, loaded.files),
      });
      if (Object.keys(broken).length > 0) {
        return invalid(broken, "entry.problems.lastRequiredFile");
      }
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
  return { ok: true, entry: await viewOf(ctx, entryId), removed: toFileView(outcome, true) };
}
