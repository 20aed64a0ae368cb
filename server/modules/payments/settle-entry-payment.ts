import type { Q, SettleContext } from "./context";
import { settleWithin } from "./settle";
import type { PaymentActor } from "./types";

/**
 * Staff just marked an entry paid by hand (the money came in, the statement is not in yet), in
 * `trx`, the transaction that moved it: the payment still pending for the entry is settled as
 * paid with it, so the entrant can no longer cancel it, it does not expire, and the entrant
 * is told once, by the payment's confirmation. A transfer is one amount for all its entries,
 * so its other entries are paid with it (`paidAlong`; the move checks first that they were
 * all chosen, `pendingPaymentOf`). `settled` false when no payment was pending.
 */
/**
 * The pending payment holding the entry, with every entry it holds: a hand-marked entry may
 * settle it only together with all of them (one transfer is one amount for all).
 */
export async function pendingPaymentOf(
  trx: Q,
  entryId: string,
): Promise<{ id: string; reference: string; method: string; entryIds: string[] } | null> {
  const pending = await trx
    .selectFrom("payment_entries as pe")
    .innerJoin("payments as p", "p.id", "pe.payment_id")
    .select(["p.id", "p.reference", "p.method"])
    .where("pe.entry_id", "=", entryId)
    .where("pe.live", "=", 1)
    .where("p.state", "=", "pending")
    .executeTakeFirst();
  if (!pending) return null;
  const entries = await trx
    .selectFrom("payment_entries")
    .select("entry_id")
    .where("payment_id", "=", pending.id)
    .where("live", "=", 1)
    .execute();
  return { ...pending, entryIds: entries.map((e) => e.entry_id) };
}

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
  const pending = await pendingPaymentOf(trx, entryId);
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
