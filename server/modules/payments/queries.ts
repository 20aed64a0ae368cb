import type { PaymentEntryView, PaymentEventView, PaymentView } from "./types";
import type { FeeTier } from "../../../core/fees";
import type { PaymentMethod, PaymentState } from "../../../core/payment-state";
import type { Q } from "./context";

/** A payment row, held with FOR UPDATE on PostgreSQL while its state changes. */
export function findPayment(db: Q, id: string, lock = false) {
  const query = db.selectFrom("payments").selectAll().where("id", "=", id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findPaymentByReference(db: Q, reference: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirst();
}

/** The entries of a payment with what every screen shows of them. */
export async function paymentEntries(db: Q, paymentId: string): Promise<PaymentEntryView[]> {
  const rows = await db
    .selectFrom("payment_entries as pe")
    .innerJoin("entries as e", "e.id", "pe.entry_id")
    .leftJoin("categories as c", "c.id", "e.category_id")
    .select([
      "pe.entry_id",
      "pe.tier",
      "pe.fee_vnd",
      "e.code",
      "e.campaign_name",
      "e.brand_name",
      "c.name_vi",
      "c.name_en",
    ])
    .where("pe.payment_id", "=", paymentId)
    .orderBy("e.code")
    .execute();
  return rows.map((r) => ({
    entryId: r.entry_id,
    code: r.code,
    title: r.campaign_name,
    brandName: r.brand_name,
    categoryName: r.name_vi === null ? null : { vi: r.name_vi, en: r.name_en ?? r.name_vi },
    tier: r.tier as FeeTier,
    feeVnd: Number(r.fee_vnd),
  }));
}

export async function paymentEvents(db: Q, paymentId: string): Promise<PaymentEventView[]> {
  const rows = await db
    .selectFrom("payment_events")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    at: r.created_at,
    from: r.from_state as PaymentState | null,
    to: r.to_state as PaymentState,
    actorRole: r.actor_role,
    actorName: r.actor_name,
    reason: r.reason,
  }));
}

/** A payment with its entries and events, as the entrant and staff see it. */
export async function paymentView(db: Q, id: string): Promise<PaymentView | null> {
  const row = await db
    .selectFrom("payments as p")
    .innerJoin("seasons as s", "s.id", "p.season_id")
    .selectAll("p")
    .select("s.year")
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    seasonYear: Number(row.year),
    method: row.method as PaymentMethod,
    state: row.state as PaymentState,
    stateVersion: Number(row.state_version),
    amountVnd: Number(row.amount_vnd),
    memo: row.memo,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    entries: await paymentEntries(db, id),
    events: await paymentEvents(db, id),
  };
}
