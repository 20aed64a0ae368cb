import { isEndedUnpaid, isPaymentState } from "../../../core/payment-state";
import { markAttentionHandledSchema } from "../../../core/payments";
import type { Outcome } from "../../../core/refusal";
import type { PaymentsContext } from "./context";
import { findPayment, paymentView } from "./queries";
import { issuesToRefusal, REFUSED, refusedUnlessFinance, type StaffActor } from "./staff-move";
import type { PaymentView } from "./types";
import { handledDetail, openAttentionKinds } from "./vnpay-attention";

/**
 * Finance records how they settled VNPay money on an ended payment outside the platform (a
 * refund through VNPay: such a payment can never move to refunded) and so closes its notes.
 * Nothing moves: a note by staff joins the payment's history after the notes it closes, which
 * stay as they were. The state version the page showed must still be current, and the note
 * still open (another person may have closed it): else the conflict other staff moves answer.
 */
export async function markAttentionHandled(
  ctx: PaymentsContext,
  actor: StaffActor,
  id: string,
  input: unknown,
): Promise<Outcome<{ payment: PaymentView }>> {
  const forbidden = refusedUnlessFinance(actor);
  if (forbidden) return forbidden;
  const parsed = markAttentionHandledSchema.safeParse(input);
  if (!parsed.success) return issuesToRefusal(parsed.error.issues);
  if (typeof id !== "string" || id.length > 64) return { ...REFUSED.notFound };
  const { reason, stateVersion } = parsed.data;
  const outcome = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findPayment(trx, id, ctx.lockRows);
    if (!row || !isPaymentState(row.state)) return { ...REFUSED.notFound };
    if (Number(row.state_version) !== stateVersion) return { ...REFUSED.conflict };
    const closes = await openAttentionKinds(trx, id, row.state);
    if (closes.length === 0) return { ...REFUSED.conflict };
    // A held payment still pending is released instead (its entries freed with it).
    if (!isEndedUnpaid(row.state)) return { ...REFUSED.notAllowed };
    await trx
      .insertInto("payment_events")
      .values({
        payment_id: id,
        from_state: row.state,
        to_state: row.state,
        actor_user_id: actor.id,
        actor_role: actor.role,
        actor_name: actor.name,
        reason,
        detail: handledDetail(closes),
        created_at: ctx.now(),
      })
      .execute();
    return {
      ok: true as const,
      reference: row.reference,
      amountVnd: Number(row.amount_vnd),
      closes,
    };
  });
  if (!outcome.ok) return outcome;
  await ctx.deps.audit?.record(
    actor,
    "payment.attentionHandled",
    { type: "payment", id },
    { reference: outcome.reference, amountVnd: outcome.amountVnd, closes: outcome.closes, reason },
  );
  return { ok: true, payment: (await paymentView(ctx.db.kysely, id))! };
}
