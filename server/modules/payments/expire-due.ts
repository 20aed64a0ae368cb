import type { PaymentsContext } from "./context";
import { settlePayment } from "./settle";

/**
 * Pending payments whose time is up become expired and let go of their entries (scheduled;
 * running it on several processes at once is harmless: a payment expires once).
 */
export async function expireDuePayments(ctx: PaymentsContext): Promise<number> {
  const due = await ctx.db.kysely
    .selectFrom("payments")
    .select("id")
    .where("state", "=", "pending")
    .where("expires_at", "<=", ctx.now())
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
