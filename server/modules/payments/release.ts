import { releaseHeldPaymentSchema } from "../../../core/payments";
import type { Outcome } from "../../../core/refusal";
import type { PaymentsContext } from "./context";
import { paymentView } from "./queries";
import {
  issuesToRefusal,
  REFUSED,
  refusedUnlessFinance,
  staffMove,
  type StaffActor,
} from "./staff-move";
import type { PaymentView } from "./types";
import { openAttentionKinds } from "./vnpay-attention";

/**
 * Finance releases a payment whose money VNPay held for review once VNPay reversed the charge:
 * the payment fails as a declined card payment does (`settlePayment`: its entries let go of it
 * and may be paid again), with the reason, which closes the note. Only a pending payment with
 * an open held note: any other pending payment expires or is paid as usual.
 */
export async function releaseHeldPayment(
  ctx: PaymentsContext,
  actor: StaffActor,
  id: string,
  input: unknown,
): Promise<Outcome<{ payment: PaymentView }>> {
  const forbidden = refusedUnlessFinance(actor);
  if (forbidden) return forbidden;
  const parsed = releaseHeldPaymentSchema.safeParse(input);
  if (!parsed.success) return issuesToRefusal(parsed.error.issues);
  if (typeof id !== "string" || id.length > 64) return { ...REFUSED.notFound };
  // Notes are never removed and a payment leaves pending only once: a held note seen here is
  // still there when the move below checks the state version the page showed.
  const before = await paymentView(ctx.db.kysely, id);
  if (!before) return { ...REFUSED.notFound };
  if (before.state === "pending") {
    const held = await openAttentionKinds(ctx.db.kysely, id, before.state);
    if (!held.includes("heldForReview")) return { ...REFUSED.notAllowed };
  }
  return staffMove(
    ctx,
    actor,
    id,
    {
      to: "failed",
      stateVersion: parsed.data.stateVersion,
      reason: parsed.data.reason,
      detail: { released: "heldForReview" },
    },
    "payment.release",
  );
}
