import { categoryInGroup } from "../../../core/category-tree";
import { isEntryStatus } from "../../../core/entry-status";
import type { PaymentEntryView, PaymentEventView, PaymentView } from "./types";
import type { FeeTier } from "../../../core/fees";
import type { PaymentMethod, PaymentState } from "../../../core/payment-state";
import type { Q } from "./context";

/** A payment row, held with FOR UPDATE on PostgreSQL while its state changes. */
export function findPayment(db: Q, id: string, lock = false) {
  const query = db.selectFrom("payments").selectAll().where("id", "=", id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** A payment in `state` with what its owner's email needs (address, name, language); else none. */
export function paymentForOwnerEmail(db: Q, id: string, state: PaymentState) {
  return db
    .selectFrom("payments as p")
    .innerJoin("user as u", "u.id", "p.owner_user_id")
    .select([
      "p.reference",
      "p.amount_vnd",
      "p.received_vnd",
      "p.paid_at",
      "u.email",
      "u.name",
      "u.lang",
    ])
    .where("p.id", "=", id)
    .where("p.state", "=", state)
    .executeTakeFirst();
}

export function findPaymentByReference(db: Q, reference: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirst();
}

/** The entries of the payments with what every screen shows of them, by payment, by code. */
async function paymentEntries(
  db: Q,
  paymentIds: readonly string[],
): Promise<Map<string, PaymentEntryView[]>> {
  const rows = await db
    .selectFrom("payment_entries as pe")
    .innerJoin("entries as e", "e.id", "pe.entry_id")
    .leftJoin("categories as c", "c.id", "e.category_id")
    .leftJoin("category_groups as g", "g.id", "c.group_id")
    .select([
      "pe.payment_id",
      "pe.entry_id",
      "pe.tier",
      "pe.fee_vnd",
      "e.code",
      "e.status",
      "e.campaign_name",
      "e.brand_name",
      "c.name_vi",
      "c.name_en",
      "g.name_vi as group_vi",
      "g.name_en as group_en",
    ])
    .where("pe.payment_id", "in", [...paymentIds])
    .orderBy("e.code")
    .execute();
  return byPayment(rows, (r) => ({
    entryId: r.entry_id,
    code: r.code,
    title: r.campaign_name,
    brandName: r.brand_name,
    categoryName:
      r.name_vi === null
        ? null
        : categoryInGroup({ vi: r.group_vi, en: r.group_en }, { vi: r.name_vi, en: r.name_en }),
    tier: r.tier as FeeTier,
    feeVnd: Number(r.fee_vnd),
    status: isEntryStatus(r.status) ? r.status : "draft",
  }));
}

/** The events of the payments, by payment, oldest first. */
async function paymentEvents(
  db: Q,
  paymentIds: readonly string[],
): Promise<Map<string, PaymentEventView[]>> {
  const rows = await db
    .selectFrom("payment_events")
    .selectAll()
    .where("payment_id", "in", [...paymentIds])
    .orderBy("id")
    .execute();
  return byPayment(rows, (r) => ({
    at: r.created_at,
    from: r.from_state as PaymentState | null,
    to: r.to_state as PaymentState,
    actorRole: r.actor_role,
    actorName: r.actor_name,
    reason: r.reason,
  }));
}

/** Rows' views grouped by their payment, each group in the rows' order. */
function byPayment<Row extends { payment_id: string }, View>(
  rows: readonly Row[],
  view: (row: Row) => View,
): Map<string, View[]> {
  const grouped = new Map<string, View[]>();
  for (const row of rows) {
    const group = grouped.get(row.payment_id);
    if (group) group.push(view(row));
    else grouped.set(row.payment_id, [view(row)]);
  }
  return grouped;
}

/** What came in for a payment and how much less than its amount (none while not paid). */
export function receivedOf(row: { amount_vnd: number; received_vnd: number | null }) {
  const amountVnd = Number(row.amount_vnd);
  const receivedVnd = row.received_vnd === null ? amountVnd : Number(row.received_vnd);
  return { receivedVnd, shortfallVnd: Math.max(0, amountVnd - receivedVnd) };
}

/** A payment with its entries and events, as the entrant and staff see it. */
export async function paymentView(db: Q, id: string): Promise<PaymentView | null> {
  return (await paymentViews(db, [id]))[0] ?? null;
}

/**
 * Payments with their entries and events, in the order of `ids` (unknown ids left out): three
 * statements however many payments, where one view at a time took three each.
 */
export async function paymentViews(db: Q, ids: readonly string[]): Promise<PaymentView[]> {
  if (ids.length === 0) return [];
  const [rows, entries, events] = await Promise.all([
    db
      .selectFrom("payments as p")
      .innerJoin("seasons as s", "s.id", "p.season_id")
      .selectAll("p")
      .select("s.year")
      .where("p.id", "in", [...ids])
      .execute(),
    paymentEntries(db, ids),
    paymentEvents(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        reference: row.reference,
        seasonYear: Number(row.year),
        method: row.method as PaymentMethod,
        state: row.state as PaymentState,
        stateVersion: Number(row.state_version),
        amountVnd: Number(row.amount_vnd),
        ...receivedOf(row),
        memo: row.memo,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        paidAt: row.paid_at,
        entries: entries.get(id) ?? [],
        events: events.get(id) ?? [],
      },
    ];
  });
}
