import { sql } from "kysely";
import {
  acceptsAttention,
  attentionOpen,
  isEndedUnpaid,
  isPaymentAttention,
  isPaymentState,
  type PaymentAttention,
  type PaymentState,
} from "../../../core/payment-state";
import { sendQueuedSoon } from "../mail/send-queued";
import type { PaymentsContext, Q } from "./context";
import { findPayment } from "./queries";
import { settleWithin } from "./settle";
import type { PaymentActor } from "./types";

/**
 * Money the gateway took that the ordinary move cannot settle is kept as a note on the
 * payment: an event from its state to the same state by VNPay (no other event keeps the state),
 * its `detail.attention` saying which case. Finance finds such payments in the list and reads
 * the notice on the payment's page (`attentionOf`); a held payment does not expire.
 */

/**
 * Finance closing the notes (`markAttentionHandled`) is a note too, by staff, whose detail is
 * written starting with this text so SQL tells it apart without parsing JSON; it closes every
 * note before it.
 */
const HANDLED_DETAIL_START = '{"attention":"handled"';
const handledLike = `${HANDLED_DETAIL_START}%`;

/** The detail of the note that closes a payment's notes: which ones it closed. */
export function handledDetail(closes: readonly PaymentAttention[]): string {
  const detail = JSON.stringify({ attention: "handled", closes });
  if (!detail.startsWith(HANDLED_DETAIL_START)) throw new Error("handled note detail");
  return detail;
}

/** The notes of a payment as a subquery condition: `p` is the payments table's alias. */
const hasAttentionNote = sql<boolean>`exists (select 1 from payment_events ev where ev.payment_id = p.id and ev.from_state = ev.to_state)`;

/** A payment without a note, as a condition on `p`: its time may run out as usual. */
export const withoutAttentionNote = sql<boolean>`not ${hasAttentionNote}`;

/**
 * Whether a payment's note still needs finance, as a condition on `p` (core: attentionOpen): a
 * note written in the payment's present state, not closed by a later handled note.
 */
export const attentionIsOpen = sql<boolean>`(p.state not in ('paid', 'refunded') and exists (select 1 from payment_events ev where ev.payment_id = p.id and ev.from_state = ev.to_state and ev.to_state = p.state and ev.detail not like ${handledLike} and not exists (select 1 from payment_events h where h.payment_id = p.id and h.from_state = h.to_state and h.id > ev.id and h.detail like ${handledLike})))`;

export interface PaymentAttentionView {
  kind: PaymentAttention;
  at: string;
  transactionNo: string | null;
  /** Entry codes that kept the late money from paying the payment (taken, withdrawn, in another). */
  blockedEntryCodes: string[];
}

/** The open notes of a payment, newest first (core: attentionOpen). */
async function openNotes(db: Q, paymentId: string, state: PaymentState) {
  const rows = await db
    .selectFrom("payment_events")
    .select(["id", "from_state", "detail", "created_at"])
    .where("payment_id", "=", paymentId)
    .whereRef("from_state", "=", "to_state")
    .orderBy("id", "desc")
    .execute();
  const open: { detail: Record<string, unknown>; kind: PaymentAttention; at: string }[] = [];
  let handled = false;
  for (const row of rows) {
    const detail = parseDetail(row.detail);
    if (detail.attention === "handled") handled = true;
    if (!isPaymentAttention(detail.attention) || !isPaymentState(row.from_state)) continue;
    if (!attentionOpen({ notedIn: row.from_state, state, handled })) continue;
    open.push({ detail, kind: detail.attention, at: row.created_at });
  }
  return open;
}

/** The newest note of a payment while it still needs finance; else null. */
export async function attentionOf(
  db: Q,
  paymentId: string,
  state: PaymentState,
): Promise<PaymentAttentionView | null> {
  const [note] = await openNotes(db, paymentId, state);
  if (!note) return null;
  const { detail } = note;
  return {
    kind: note.kind,
    at: note.at,
    transactionNo: typeof detail.transactionNo === "string" ? detail.transactionNo : null,
    blockedEntryCodes: Array.isArray(detail.blockedEntryCodes)
      ? detail.blockedEntryCodes.filter((c): c is string => typeof c === "string")
      : [],
  };
}

/** The kinds of the payment's open notes (the handled note names those it closes). */
export async function openAttentionKinds(
  db: Q,
  paymentId: string,
  state: PaymentState,
): Promise<PaymentAttention[]> {
  return [...new Set((await openNotes(db, paymentId, state)).map((n) => n.kind))];
}

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Writes the note once: a repeated IPN (VNPay sends again until answered) finds the note of the
 * same case and writes nothing. `recorded` false for such a repeat.
 */
async function recordNote(
  trx: Q,
  paymentId: string,
  state: PaymentState,
  note: { attention: PaymentAttention; actor: PaymentActor; reason: string; at: string },
  detail: Record<string, unknown>,
): Promise<boolean> {
  const existing = await trx
    .selectFrom("payment_events")
    .select("detail")
    .where("payment_id", "=", paymentId)
    .whereRef("from_state", "=", "to_state")
    .execute();
  if (existing.some((row) => parseDetail(row.detail).attention === note.attention)) return false;
  await trx
    .insertInto("payment_events")
    .values({
      payment_id: paymentId,
      from_state: state,
      to_state: state,
      actor_user_id: note.actor.userId,
      actor_role: note.actor.role,
      actor_name: note.actor.name,
      reason: note.reason,
      detail: JSON.stringify({ ...detail, attention: note.attention }),
      created_at: note.at,
    })
    .execute();
  return true;
}

/**
 * VNPay reports money taken but doubtful ("07", suspected fraud): the payment keeps its entries
 * (they are not free to pay again while the money may be there) and is noted for finance, who
 * confirm it once VNPay clears it. A payment already ended gets the note only.
 */
export async function holdForReview(
  ctx: PaymentsContext,
  paymentId: string,
  actor: PaymentActor,
  detail: Record<string, unknown>,
): Promise<{ recorded: boolean; state: PaymentState | null }> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findPayment(trx, paymentId, ctx.lockRows);
    if (!row || !isPaymentState(row.state)) return { recorded: false, state: null };
    if (!acceptsAttention(row.state)) return { recorded: false, state: row.state };
    const code = String(detail.responseCode ?? "");
    const recorded = await recordNote(
      trx,
      paymentId,
      row.state,
      {
        attention: "heldForReview",
        actor,
        reason: `VNPay ${code}: money taken, held for review`,
        at: ctx.now(),
      },
      detail,
    );
    return { recorded, state: row.state };
  });
}

/**
 * VNPay reports the card charged for a payment that had ended without its money (expired after
 * VNPay's window, cancelled or failed). When every entry of it is still submitted (unpaid, not
 * withdrawn) and in no other live payment, the money pays it as a normal payment would: its
 * entries paid, the entrant's confirmation queued, the event saying it came late. Otherwise the
 * payment stays as it was, nothing else is touched, and a note tells finance the money is
 * there to refund or settle by hand. In one transaction with the payment's row held.
 */
export async function settleLateCapture(
  ctx: PaymentsContext,
  paymentId: string,
  actor: PaymentActor,
  input: {
    amountVnd: number;
    transactionNo: string | null;
    detail: Record<string, unknown>;
  },
): Promise<"paid" | "noted" | "repeat" | "notEnded"> {
  let queued = false;
  const outcome = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findPayment(trx, paymentId, ctx.lockRows);
    if (!row || !isPaymentState(row.state) || !isEndedUnpaid(row.state)) return "notEnded";
    const state = row.state;
    const entries = await trx
      .selectFrom("payment_entries as pe")
      .innerJoin("entries as e", "e.id", "pe.entry_id")
      .select([
        "e.id",
        "e.code",
        "e.status",
        (eb) =>
          eb
            .selectFrom("payment_entries as other")
            .innerJoin("payments as op", "op.id", "other.payment_id")
            .select("op.reference")
            .whereRef("other.entry_id", "=", "pe.entry_id")
            .where("other.payment_id", "!=", paymentId)
            .where("other.live", "=", 1)
            .limit(1)
            .as("other_reference"),
      ])
      .where("pe.payment_id", "=", paymentId)
      .orderBy("e.code")
      .execute();
    const blocked = entries.filter((e) => e.status !== "submitted" || e.other_reference !== null);
    if (blocked.length === 0) {
      const { result, queued: q } = await settleWithin(ctx, trx, paymentId, {
        to: "paid",
        actor,
        gatewayConfirmed: true,
        reason: `VNPay reported the card charged after the payment was ${state}`,
        expectedAmountVnd: input.amountVnd,
        ...(input.transactionNo ? { gatewayTransaction: input.transactionNo } : {}),
        detail: { ...input.detail, late: true, endedAs: state },
      });
      queued = q;
      if (result.ok && result.changed) return "paid";
      throw new Error(`late VNPay payment not settled: ${JSON.stringify(result)}`);
    }
    const recorded = await recordNote(
      trx,
      paymentId,
      state,
      {
        attention: "lateCapture",
        actor,
        reason: `VNPay reported the card charged after the payment was ${state}; its entries are taken otherwise: refund or settle by hand`,
        at: ctx.now(),
      },
      {
        ...input.detail,
        blockedEntryCodes: blocked.map((e) => e.code ?? e.id),
        blockedBy: blocked.map((e) => ({
          code: e.code,
          status: e.status,
          otherPayment: e.other_reference,
        })),
      },
    );
    return recorded ? "noted" : "repeat";
  });
  if (queued) sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
  return outcome;
}
