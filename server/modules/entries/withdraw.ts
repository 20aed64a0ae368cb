import { canTransition, type EntryStatus } from "../../../core/entry-status";
import type { EntriesContext } from "./context";
import { loadOwned, viewOf } from "./load";
import { writeEntrantStatus } from "./queries";
import { notFound, refuse } from "./refusals";
import type { EntryFailure, EntryResult, EntryView } from "./types";

/** Withdraws the owner's entry (any state before judging, deadline or not). */
export async function withdrawEntry(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
): Promise<EntryResult<{ entry: EntryView }>> {
  const outcome = await ctx.db.kysely
    .transaction()
    .execute(async (trx): Promise<EntryFailure | null> => {
      const loaded = await loadOwned(ctx, trx, userId, entryId, true);
      if (!loaded) return notFound();
      if (!canTransition(loaded.row.status as EntryStatus, "withdrawn", "entrant")) {
        return refuse(409, "entry.problems.cannotWithdraw");
      }
      await writeEntrantStatus(
        trx,
        loaded.row,
        { status: "withdrawn", at: "withdrawn_at" },
        ctx.now(),
      );
      return null;
    });
  if (outcome) return outcome;
  return { ok: true, entry: await viewOf(ctx, entryId) };
}
