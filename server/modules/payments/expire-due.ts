import type { PaymentsContext } from "./context";
import { settlePayment } from "./settle";
import { withoutAttentionNote } from "./vnpay-attention";

/**
 * Pending payments whose time is up become expired and let go of their entries, except one
 * whose money VNPay holds for review (`vnpay-attention.ts`). Scheduled; running it on several
 * processes at once is harmless: a payment expires once.
 */
export async function expireDuePayments(ctx: PaymentsContext): Promise<number> {
  const due = await ctx.db.kysely
    .selectFrom("payments as p")
    .select("p.id")
    .where("p.state", "=", "pending")
    .where("p.expires_at", "<=", ctx.now())
    // Money VNPay took but holds for review keeps its entries until finance decides.
    .where(withoutAttentionNote)
    .limit(500)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    const result = await settlePayment(ctx, id, {
      to: "expired",
      actor: { userId: null, kind: "system", role: "system", name: "" },
      reason: "payment window over",
    });
    if (result.ok && result.changed) expired++;
  }
  return expired;
}
