import { canTransition, entrantMayWithdraw, type EntryStatus } from "../../../core/entry-status";
import type { EntriesContext } from "./context";
import { loadOwned, viewOf } from "./load";
import { findUserContact } from "./queries";
import { recordTransition } from "./record-transition";
import { notFound, refuse } from "./refusals";
import { emailStatusChange } from "./status-email";
import type { EntryFailure, EntryResult, EntryView } from "./types";

/**
 * Withdraws the owner's entry (any state before judging, deadline or not; an accepted entry
 * only until a round of its season opens), recorded in its history; the entrant gets the status email as confirmation (`emailed`).
 */
export async function withdrawEntry(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
): Promise<EntryResult<{ entry: EntryView; emailed: boolean }>> {
  const outcome = await ctx.db.kysely
    .transaction()
    .execute(async (trx): Promise<EntryFailure | null> => {
      const loaded = await loadOwned(ctx, trx, userId, entryId, true);
      if (!loaded) return notFound();
      const { row } = loaded;
      const from = row.status as EntryStatus;
      if (!canTransition(from, "withdrawn", "entrant")) {
        return refuse(409, "entry.problems.cannotWithdraw");
      }
      if (!entrantMayWithdraw(from, loaded.judgingBegun)) {
        return refuse(409, "entry.problems.judgingBegun");
      }
      const owner = await findUserContact(trx, userId);
      const moved = await recordTransition(trx, row.id, {
        from,
        to: "withdrawn",
        actor: { userId, role: "entrant", name: owner?.name ?? "" },
        statusVersion: Number(row.status_version),
        at: ctx.now(),
        entrant: { version: row.version, submittedAt: row.submitted_at },
      });
      return moved ? null : refuse(409, "entry.problems.cannotWithdraw");
    });
  if (outcome) return outcome;
  const entry = await viewOf(ctx, entryId);
  // A draft that never went in needs no confirmation: nothing had reached the organisers.
  const emailed =
    entry.submittedAt === null
      ? false
      : await emailStatusChange(ctx, {
          entryId,
          ownerUserId: entry.ownerUserId,
          code: entry.code,
          title: entry.values.campaignName ?? "",
          status: "withdrawn",
        });
  return { ok: true, entry, emailed };
}
