import { entrantMayCancel, isPaymentMethod, isPaymentState } from "../../../core/payment-state";
import { refusal, type Outcome } from "../../../core/refusal";
import type { PaymentsContext } from "./context";
import { payableAgain } from "./fees";
import { findPaymentByReference } from "./queries";
import { settlePayment } from "./settle";

/**
 * The entrant withdraws one of their own bank transfers that has not been paid: the payment
 * becomes `cancelled` and lets go of its entries at once, so they can be paid another way or
 * together with others (rather than waiting for the payment window to end). Someone else's
 * payment is not found (404); a paid, settled or card payment is refused (409), and so is one
 * made out before the season's last deadline once it has passed (nothing could replace it). The payment's
 * history keeps who cancelled it. A transfer that arrives afterwards lands among the statement
 * lines staff look at, as for an expired payment.
 */
export async function cancelByEntrant(
  ctx: PaymentsContext,
  entrant: { id: string; name: string },
  reference: string,
): Promise<Outcome<{ reference: string }>> {
  if (typeof reference !== "string" || reference.length > 20) {
    return refusal(404, "paymentCore.problems.notFound");
  }
  const row = await findPaymentByReference(ctx.db.kysely, reference.toUpperCase());
  if (!row || row.owner_user_id !== entrant.id) {
    return refusal(404, "paymentCore.problems.notFound");
  }
  const state = row.state;
  const method = row.method;
  if (!isPaymentState(state) || !isPaymentMethod(method) || !entrantMayCancel({ state, method })) {
    return refusal(409, "payment.cancel.notAllowed");
  }
  // Past the season's last deadline nothing could take this payment's place: the transfer is
  // the entrant's one way left to pay, so it stays.
  const entryIds = await ctx.db.kysely
    .selectFrom("payment_entries")
    .select("entry_id")
    .where("payment_id", "=", row.id)
    .execute();
  if (
    !(await payableAgain(
      ctx.db.kysely,
      entryIds.map((e) => e.entry_id),
      ctx.clock(),
    ))
  ) {
    return refusal(409, "payment.cancel.feesClosed");
  }
  const result = await settlePayment(ctx, row.id, {
    to: "cancelled",
    actor: { userId: entrant.id, kind: "entrant", role: "entrant", name: entrant.name },
    reason: "",
  });
  // Paid (or expired) between the page and the click: the page shows what happened instead.
  if (!result.ok) return refusal(409, "payment.cancel.notAllowed");
  return { ok: true, reference: row.reference };
}
