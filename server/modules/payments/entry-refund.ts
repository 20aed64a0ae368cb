import type { PaymentsContext } from "./context";

/** When the fee of an entry was last refunded (a payment holding it moved to `refunded`); else null. */
export async function lastRefundOfEntry(
  ctx: PaymentsContext,
  entryId: string,
): Promise<string | null> {
  if (typeof entryId !== "string" || entryId.length > 64) return null;
  const row = await ctx.db.kysely
    .selectFrom("payment_events as ev")
    .innerJoin("payment_entries as pe", "pe.payment_id", "ev.payment_id")
    .select((eb) => eb.fn.max("ev.created_at").as("at"))
    .where("pe.entry_id", "=", entryId)
    .where("ev.to_state", "=", "refunded")
    .executeTakeFirst();
  return row?.at ?? null;
}
