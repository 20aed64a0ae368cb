import { canTransition, entrantMayWithdraw, type EntryStatus } from "../../../core/entry-status";
import type { EntriesContext } from "./context";
import { loadOwned, viewOf } from "./load";
import { findUserContact } from "./queries";
import { recordTransition } from "./record-transition";
import { notFound, refuse } from "./refusals";
import { sendQueuedSoon } from "../mail/send-queued";
import { pendingPaymentOf } from "../payments/settle-entry-payment";
import { queueStatusEmails } from "./status-email";
import type { EntryFailure, EntryResult, EntryView } from "./types";

/**
 * Withdraws the owner's entry (any state before judging, deadline or not; an accepted entry
 * only until a round of its season opens), recorded in its history. Not while a pending payment
 * holds it (refused naming the payment, `paymentReference`): that payment's amount counts its fee. The entrant's status email,
 * their confirmation, is queued in the same transaction and sent right after the commit
 * (`emailed`); a draft that never went in gets none.
 */
export async function withdrawEntry(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
): Promise<EntryResult<{ entry: EntryView; emailed: boolean }>> {
  const outcome = await ctx.db.kysely
    .transaction()
    .execute(async (trx): Promise<EntryFailure | { emailed: boolean }> => {
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
      // A payment still waiting holds the entry at its fee: withdrawn, the fee would still be
      // collected with the others. The entrant cancels a transfer first (a card payment ends
      // within the hour); the refusal names the payment.
      const pending = await pendingPaymentOf(trx, row.id);
      if (pending) {
        return {
          ...refuse(
            409,
            pending.method === "vietqr"
              ? "entry.problems.inPendingTransfer"
              : "entry.problems.inPendingCardPayment",
          ),
          paymentReference: pending.reference,
        };
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
      if (!moved) return refuse(409, "entry.problems.cannotWithdraw");
      // A draft that never went in needs no confirmation: nothing had reached the organisers.
      if (row.submitted_at === null) return { emailed: false };
      const queued = await queueStatusEmails(ctx, trx, [
        {
          entryId: row.id,
          ownerUserId: userId,
          code: row.code,
          title: row.campaign_name,
          status: "withdrawn",
        },
      ]);
      return { emailed: queued > 0 };
    });
  if ("ok" in outcome) return outcome;
  if (outcome.emailed) sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
  return { ok: true, entry: await viewOf(ctx, entryId), emailed: outcome.emailed };
}
