import type { PaymentsContext, Q } from "./context";

/**
 * Per entry, when its fee was last refunded (a payment holding it moved to `refunded`): a
 * subquery the entries table joins, and the one-entry read below.
 */
export function entryRefunds(db: Q) {
  return db
    .selectFrom("payment_events as ev")
    .innerJoin("payment_entries as pe", "pe.payment_id", "ev.payment_id")
    .select(["pe.entry_id", (eb) => eb.fn.max("ev.created_at").as("at")])
    .where("ev.to_state", "=", "refunded")
    .groupBy("pe.entry_id");
}

/** When the fee of an entry was last refunded; else null. */
export async function lastRefundOfEntry(
  ctx: PaymentsContext,
  entryId: string,
): Promise<string | null> {
  if (typeof entryId !== "string" || entryId.length > 64) return null;
  const row = await entryRefunds(ctx.db.kysely)
    .where("pe.entry_id", "=", entryId)
    .executeTakeFirst();
  return row?.at ?? null;
}
