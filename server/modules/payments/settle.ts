import type { EntryActor, EntryStatus } from "../../../core/entry-status";
import { canMovePayment, isPaymentState, type PaymentState } from "../../../core/payment-state";
import { recordTransition } from "../entries/record-transition";
import { sendQueuedSoon } from "../mail/send-queued";
import { queuePaymentConfirmed } from "./confirmation-email";
import type { Q, SettleContext } from "./context";
import { findPayment } from "./queries";
import { queuePaymentRefunded } from "./refund-email";
import type { PaymentActor, SettleRequest, SettleResult } from "./types";

/** How a payment's actor appears in its entries' status history. */
function entryActorOf(actor: PaymentActor): {
  userId: string | null;
  role: EntryActor;
  name: string;
} {
  // A staff member confirming a transfer moves the entries in their own name and role (the
  // lifecycle allows finance and admin); the gateway, a statement line and expiry are "system".
  if (actor.kind === "staff" && (actor.role === "finance" || actor.role === "admin")) {
    return { userId: actor.userId, role: actor.role, name: actor.name };
  }
  return { userId: null, role: "system", name: actor.name };
}

/**
 * Moves the payment's entries with it: submitted → paid, or back on a refund. Their rows are
 * held (FOR UPDATE on PostgreSQL, in id order) before their status is read: a move of one of
 * them committing meanwhile (a screening reopened to `paid`) is waited for and then seen,
 * rather than read as it was and skipped.
 */
async function moveEntries(
  trx: Q,
  paymentId: string,
  to: PaymentState,
  actor: PaymentActor,
  reason: string,
  at: string,
  lock: boolean,
): Promise<string[]> {
  const rows = await trx
    .selectFrom("payment_entries as pe")
    .innerJoin("entries as e", "e.id", "pe.entry_id")
    .select(["e.id", "e.status", "e.status_version"])
    .where("pe.payment_id", "=", paymentId)
    .orderBy("e.id")
    .$if(lock, (q) => q.forUpdate("e"))
    .execute();
  const [from, next]: [EntryStatus, EntryStatus] | [null, null] =
    to === "paid"
      ? ["submitted", "paid"]
      : to === "refunded"
        ? ["paid", "submitted"]
        : [null, null];
  const moved: string[] = [];
  if (from !== null) {
    const entryActor =
      to === "refunded" ? { ...entryActorOf(actor), role: "system" as const } : entryActorOf(actor);
    for (const row of rows) {
      if (row.status !== from) continue;
      const ok = await recordTransition(trx, row.id, {
        from,
        to: next,
        actor: entryActor,
        statusVersion: Number(row.status_version),
        reason,
        at,
      });
      if (ok) moved.push(row.id);
    }
  }
  if (to === "paid") {
    // An ended card payment the gateway then paid holds its entries again (a no-op for a
    // pending one); the one-live-payment index refuses it if another payment took them.
    await trx
      .updateTable("payment_entries")
      .set({ live: 1 })
      .where("payment_id", "=", paymentId)
      .where("live", "=", 0)
      .execute();
  } else {
    // Failed, expired and refunded payments let go of their entries: they can be paid again.
    await trx
      .updateTable("payment_entries")
      .set({ live: 0 })
      .where("payment_id", "=", paymentId)
      .execute();
  }
  return moved;
}

/**
 * The one place a payment changes state (core/payment-state.ts says which moves exist). In one
 * transaction, with the payment's row held (FOR UPDATE on PostgreSQL; SQLite has one writer):
 * a payment already in the requested state answers `changed: false` (a replayed IPN or a
 * statement imported again changes nothing); a move the states do not allow, an amount other
 * than the one fixed at creation, or a state version other than the one the caller saw, are
 * refused. Otherwise the state, its version and one event are written, and the entries move:
 * submitted → paid when paid, paid → submitted on a refund. The update names the version it
 * read, so a second writer that read the same version changes nothing. The owner's email of
 * a payment made or refunded is queued in the same transaction, so whichever path settles it
 * (staff, statement, gateway) it is sent once, and a process dying after the commit loses
 * none: the mail job sends it.
 */
export async function settlePayment(
  ctx: SettleContext,
  paymentId: string,
  req: SettleRequest,
): Promise<SettleResult> {
  const { result, queued } = await ctx.db.kysely
    .transaction()
    .execute((trx) => settleWithin(ctx, trx, paymentId, req));
  if (queued) sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
  return result;
}

/**
 * `settlePayment` inside a transaction the caller holds (a move of an entry that settles its
 * payment with it): the same checks and writes; `queued` says whether an email was queued, so
 * the caller starts the mail job once it commits.
 */
export async function settleWithin(
  ctx: SettleContext,
  trx: Q,
  paymentId: string,
  req: SettleRequest,
): Promise<{ result: SettleResult; queued: boolean }> {
  let queued = false;
  const result = await (async (): Promise<SettleResult> => {
    const row = await findPayment(trx, paymentId, ctx.lockRows);
    if (!row || !isPaymentState(row.state)) return { ok: false, reason: "notFound" };
    const state = row.state;
    const entryIds = async () =>
      (
        await trx
          .selectFrom("payment_entries")
          .select("entry_id")
          .where("payment_id", "=", paymentId)
          .execute()
      ).map((r) => r.entry_id);
    if (state === req.to) return { ok: true, state, changed: false, entryIds: await entryIds() };
    if (!canMovePayment(state, req.to, { gatewayConfirmed: req.gatewayConfirmed === true }))
      return { ok: false, reason: "notAllowed", state };
    const seen = Number(row.state_version);
    if (req.stateVersion !== undefined && req.stateVersion !== seen) {
      return { ok: false, reason: "conflict", state };
    }
    if (req.expectedAmountVnd !== undefined && req.expectedAmountVnd !== Number(row.amount_vnd)) {
      return { ok: false, reason: "amountMismatch", state };
    }
    const at = ctx.now();
    const updated = await trx
      .updateTable("payments")
      .set({
        state: req.to,
        state_version: seen + 1,
        updated_at: at,
        ...(req.to === "paid" ? { paid_at: at } : {}),
        ...(req.to === "paid" &&
        req.receivedVnd !== undefined &&
        req.receivedVnd !== Number(row.amount_vnd)
          ? { received_vnd: req.receivedVnd }
          : {}),
        ...(req.gatewayTransaction ? { gateway_transaction: req.gatewayTransaction } : {}),
      })
      .where("id", "=", paymentId)
      .where("state_version", "=", seen)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: "conflict", state };
    await trx
      .insertInto("payment_events")
      .values({
        payment_id: paymentId,
        from_state: state,
        to_state: req.to,
        actor_user_id: req.actor.userId,
        actor_role: req.actor.role,
        actor_name: req.actor.name,
        reason: req.reason ?? "",
        detail: JSON.stringify(req.detail ?? {}),
        created_at: at,
      })
      .execute();
    await moveEntries(trx, paymentId, req.to, req.actor, req.reason ?? "", at, ctx.lockRows);
    if (req.to === "paid") queued = await queuePaymentConfirmed(ctx, trx, paymentId);
    if (req.to === "refunded") queued = await queuePaymentRefunded(ctx, trx, paymentId);
    return { ok: true, state: req.to, changed: true, entryIds: await entryIds() };
  })();
  return { result, queued };
}
