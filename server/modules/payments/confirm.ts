import { confirmPaymentSchema } from "../../../core/payments";
import type { Outcome } from "../../../core/refusal";
import type { PaymentsContext } from "./context";
import { issuesToRefusal, staffMove, type StaffActor } from "./staff-move";
import type { PaymentView } from "./types";

/**
 * Finance marks a transfer received by hand (the bank shows it, the statement is not in yet):
 * the payment becomes paid and its submitted entries paid. The state version the page showed
 * must still be current (another person or the statement import may have got there first).
 */
export async function confirmPayment(
  ctx: PaymentsContext,
  actor: StaffActor,
  id: string,
  input: unknown,
): Promise<Outcome<{ payment: PaymentView }>> {
  const parsed = confirmPaymentSchema.safeParse(input);
  if (!parsed.success) return issuesToRefusal(parsed.error.issues);
  const outcome = await staffMove(
    ctx,
    actor,
    id,
    { to: "paid", stateVersion: parsed.data.stateVersion, reason: parsed.data.reason },
    "payment.confirm",
  );
  return outcome;
}
