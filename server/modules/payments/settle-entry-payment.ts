import type { Q, SettleContext } from "./context";
import { settleWithin } from "./settle";
import type { PaymentActor } from "./types";

/**
 * Staff just marked an entry paid by hand (the money came in, the statement is not in yet), in
 * `trx`, the transaction that moved it: the payment still pending for the entry is settled as
 * paid with it, so the entrant can no longer cancel it, it does not expire, and the entrant
 * is told once, by the payment's confirmation. A transfer is one amount for all its entries,
 * so its other entries are paid with it (`paidAlong`). `settled` false when no payment was
 * pending.
 */
export async function settleEntryPayment(
  ctx: SettleContext,
  trx: Q,
  entryId: string,
  actor: PaymentActor,
  reason: string,
): Promise<{
  settled: boolean;
  queued: boolean;
  paidAlong: { id: string; code: string | null }[];
}> {
  const pending = await trx
    .selectFrom("payment_entries as pe")
    .innerJoin("payments as p", "p.id", "pe.payment_id")
    .select("p.id")
    .where("pe.entry_id", "=", entryId)
    .where("pe.live", "=", 1)
    .where("p.state", "=", "pending")
    .executeTakeFirst();
  if (!pending) return { settled: false, queued: false, paidAlong: [] };
  const { result, queued } = await settleWithin(ctx, trx, pending.id, {
    to: "paid",
    actor,
    reason,
    detail: { markedPaidEntryId: entryId },
  });
  if (!result.ok || !result.changed) return { settled: false, queued, paidAlong: [] };
  const others = result.entryIds.filter((id) => id !== entryId);
  const paidAlong =
    others.length === 0
      ? []
      : await trx
          .selectFrom("entries")
          .select(["id", "code"])
          .where("id", "in", others)
          .where("status", "=", "paid")
          .orderBy("code")
          .execute();
  return { settled: true, queued, paidAlong };
}
