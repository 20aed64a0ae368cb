import { refundPaymentSchema } from "../../../core/payments";
import type { Outcome } from "../../../core/refusal";
import type { PaymentsContext } from "./context";
import { issuesToRefusal, staffMove, type StaffActor } from "./staff-move";
import type { PaymentView } from "./types";

/**
 * A paid payment is refunded (the money went back outside the platform), with a reason: its
 * entries let go of it, and those still `paid` return to `submitted` (they may be paid again).
 * The owner's email is queued with the refund (`settlePayment`).
 */
export async function refundPayment(
  ctx: PaymentsContext,
  actor: StaffActor,
  id: string,
  input: unknown,
): Promise<Outcome<{ payment: PaymentView }>> {
  const parsed = refundPaymentSchema.safeParse(input);
  if (!parsed.success) return issuesToRefusal(parsed.error.issues);
  const outcome = await staffMove(
    ctx,
    actor,
    id,
    { to: "refunded", stateVersion: parsed.data.stateVersion, reason: parsed.data.reason },
    "payment.refund",
  );
  return outcome;
}
