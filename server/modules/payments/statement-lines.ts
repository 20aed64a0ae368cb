import type { PaymentsContext } from "./context";
import { receivedOf } from "./queries";

export interface StatementLineView {
  id: number;
  bookedOn: string;
  amountVnd: number;
  memo: string;
  bankRef: string;
  outcome: string;
  paymentReference: string | null;
  /** The suggested payment and its owner's email: where staff look for a newer payment. */
  paymentId: string | null;
  ownerEmail: string | null;
  /** The suggested payment's amount and state: the page says what confirming it would mean. */
  paymentAmountVnd: number | null;
  paymentState: string | null;
  /** What a payment staff accepted short still misses: the line may be the rest of it. */
  paymentMissingVnd: number | null;
  note: string;
}

/** The lines a person still has to look at (partial and unknown), newest first. */
export async function openStatementLines(ctx: PaymentsContext): Promise<StatementLineView[]> {
  const rows = await ctx.db.kysely
    .selectFrom("statement_lines as l")
    .leftJoin("payments as p", "p.id", "l.payment_id")
    .leftJoin("user as u", "u.id", "p.owner_user_id")
    .select([
      "l.id",
      "l.booked_on",
      "l.amount_vnd",
      "l.memo",
      "l.bank_ref",
      "l.outcome",
      "l.note",
      "p.reference",
      "p.id as payment_id",
      "u.email as owner_email",
      "p.amount_vnd as payment_amount_vnd",
      "p.state as payment_state",
      "p.received_vnd as payment_received_vnd",
    ])
    .where("l.outcome", "in", ["partial", "unknown"])
    .orderBy("l.id", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    bookedOn: r.booked_on,
    amountVnd: Number(r.amount_vnd),
    memo: r.memo,
    bankRef: r.bank_ref,
    outcome: r.outcome,
    paymentReference: r.reference ?? null,
    paymentId: r.payment_id ?? null,
    ownerEmail: r.owner_email ?? null,
    paymentAmountVnd: r.payment_amount_vnd === null ? null : Number(r.payment_amount_vnd),
    paymentState: r.payment_state ?? null,
    paymentMissingVnd:
      r.payment_state === "paid" && r.payment_amount_vnd !== null
        ? receivedOf({ amount_vnd: r.payment_amount_vnd, received_vnd: r.payment_received_vnd })
            .shortfallVnd || null
        : null,
    note: r.note,
  }));
}
