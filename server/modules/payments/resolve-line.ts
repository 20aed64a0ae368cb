import { formatDate, formatVnd } from "../../../core/dates";
import { catalogText } from "../../../core/i18n/lookup";
import type { Lang } from "../../../core/languages";
import { isPaymentReference } from "../../../core/payment-reference";
import { isLapsedPayment } from "../../../core/payment-state";
import { fieldRefusal, refusal, type Outcome } from "../../../core/refusal";
import { resolveStatementLineSchema, resolveStatementLineSchemaFor } from "../../../core/statement";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import type { PaymentsContext } from "./context";
import { sendQueuedSoon } from "../mail/send-queued";
import { receivedOf } from "./queries";
import { settleWithin } from "./settle";
import type { StaffActor } from "./staff-move";

/** The outcomes of a line still waiting for a person. */
const OPEN_OUTCOMES = ["partial", "unknown"];

/** Thrown inside the transaction to undo the line's claim when its payment cannot be paid. */
class LineLeftWaiting extends Error {}

/**
 * Claims an open line for `paymentId` inside the settling transaction; false when another
 * person (or click) claimed it first.
 */
async function claimLine(
  trx: Transaction<Database>,
  line: { id: number; paymentId: string; note: string; actorId: string; at: string },
): Promise<boolean> {
  const claimed = await trx
    .updateTable("statement_lines")
    .set({
      outcome: "resolved",
      payment_id: line.paymentId,
      note: line.note,
      resolved_by: line.actorId,
      resolved_at: line.at,
    })
    .where("id", "=", line.id)
    .where("outcome", "in", OPEN_OUTCOMES)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** A settling transaction's end: LineLeftWaiting (its claim undone) is "notPending". */
function settledOutcome(work: Promise<"taken" | "paid">): Promise<"taken" | "notPending" | "paid"> {
  return work.catch((error: unknown) => {
    if (error instanceof LineLeftWaiting) return "notPending" as const;
    throw error;
  });
}

/** The answer for a line that could not be settled, or null once it was. */
function unsettled(outcome: "taken" | "notPending" | "paid") {
  if (outcome === "taken") return refusal(409, "paymentCore.statement.lineNotFound");
  if (outcome === "notPending") {
    return fieldRefusal({ reference: "paymentCore.statement.notPending" }, 409);
  }
  return null;
}

function issuesToFieldRefusal(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  return fieldRefusal(fieldErrors);
}

/** The payment history's reason when staff leave no note: where the money came from, in their language. */
function paidFromLineReason(lang: Lang, bookedOn: string, amountVnd: number): string {
  const vars: Record<string, string> = {
    date: formatDate(`${bookedOn}T05:00:00Z`, lang),
    amount: formatVnd(amountVnd, lang),
  };
  const text = catalogText(lang, "paymentCore.statement.paidFromLine") ?? "";
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? "");
}

/**
 * A person settles a line matching could not: it pays the payment they name, or it is set aside
 * with a note. A line whose amount differs from the payment's (paid short, or over) pays it only
 * with a note saying why; the audit entry keeps both amounts. Either way the line leaves the
 * list of lines to look at.
 */
export async function resolveStatementLine(
  ctx: PaymentsContext,
  actor: StaffActor,
  lineId: number,
  input: unknown,
): Promise<Outcome<{ outcome: "resolved" | "ignored" }>> {
  const parsed = resolveStatementLineSchema.safeParse(input);
  if (!parsed.success) return issuesToFieldRefusal(parsed.error.issues);
  const line = await ctx.db.kysely
    .selectFrom("statement_lines")
    .selectAll()
    .where("id", "=", lineId)
    .executeTakeFirst();
  if (!line || (line.outcome !== "partial" && line.outcome !== "unknown")) {
    return refusal(404, "paymentCore.statement.lineNotFound");
  }
  const at = ctx.now();
  if (parsed.data.action === "ignore") {
    const set = await ctx.db.kysely
      .updateTable("statement_lines")
      .set({ outcome: "ignored", note: parsed.data.note, resolved_by: actor.id, resolved_at: at })
      .where("id", "=", lineId)
      .where("outcome", "in", OPEN_OUTCOMES)
      .executeTakeFirst();
    // Another person settled the line since it was read.
    if (Number(set.numUpdatedRows) !== 1) return refusal(409, "paymentCore.statement.lineNotFound");
    return { ok: true, outcome: "ignored" };
  }
  const reference = parsed.data.reference.toUpperCase();
  const payment = isPaymentReference(reference)
    ? await ctx.db.kysely
        .selectFrom("payments")
        .select(["id", "amount_vnd", "received_vnd", "state"])
        .where("reference", "=", reference)
        .executeTakeFirst()
    : undefined;
  if (!payment) return fieldRefusal({ reference: "paymentCore.statement.referenceUnknown" });
  // Cancelled or expired before the money came: it cannot be paid now (a new payment, or a refund).
  if (isLapsedPayment(payment.state)) {
    return fieldRefusal({ reference: "paymentCore.statement.paymentLapsed" }, 409);
  }
  const lineAmountVnd = Number(line.amount_vnd);
  const paymentAmountVnd = Number(payment.amount_vnd);
  const { receivedVnd, shortfallVnd } = receivedOf(payment);
  if (payment.state === "paid" && shortfallVnd > 0) {
    return topUpShortPayment(ctx, actor, line, parsed.data, {
      id: payment.id,
      reference,
      paymentAmountVnd,
      receivedVnd,
      input,
    });
  }
  const checked = resolveStatementLineSchemaFor({ lineAmountVnd, paymentAmountVnd }).safeParse(
    input,
  );
  if (!checked.success) return issuesToFieldRefusal(checked.error.issues);
  const { note, lang } = parsed.data;
  // The line is claimed and the payment settled in one transaction: of two people (or two
  // clicks) settling the same line at once, only the first claim holds, so one transfer never
  // pays two payments; a payment that cannot be paid leaves the line waiting.
  let queued = false;
  const outcome = await settledOutcome(
    ctx.db.kysely.transaction().execute(async (trx): Promise<"taken" | "paid"> => {
      const paymentId = payment.id;
      if (!(await claimLine(trx, { id: lineId, paymentId, note, actorId: actor.id, at }))) {
        return "taken";
      }
      const settled = await settleWithin(ctx, trx, payment.id, {
        to: "paid",
        actor: { userId: actor.id, kind: "staff", role: actor.role, name: actor.name },
        reason: note || paidFromLineReason(lang, line.booked_on, lineAmountVnd),
        gatewayTransaction: line.bank_ref || `statement:${lineId}`,
        detail: { lineId, memo: line.memo, amountVnd: lineAmountVnd },
        receivedVnd: lineAmountVnd,
      });
      if (!settled.result.ok || !settled.result.changed) throw new LineLeftWaiting();
      queued = settled.queued;
      return "paid";
    }),
  );
  const refused = unsettled(outcome);
  if (refused) return refused;
  if (queued) sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
  await ctx.deps.audit?.record(
    actor,
    "payment.confirm",
    { type: "payment", id: payment.id },
    { reference, lineId, lineAmountVnd, paymentAmountVnd },
  );
  return { ok: true, outcome: "resolved" };
}

/**
 * A line paying the rest of a payment staff accepted short (the entrant was asked to send what
 * was missing): what came in grows by the line, and the payment's history gets a note from its
 * state to itself (staff's, not shown to the entrant), its state unchanged. A line other than the
 * amount still missing needs a note saying why, as any line that differs does.
 */
async function topUpShortPayment(
  ctx: PaymentsContext,
  actor: StaffActor,
  line: { id: number; amount_vnd: number; booked_on: string; memo: string },
  data: { note: string; lang: Lang },
  payment: {
    id: string;
    reference: string;
    paymentAmountVnd: number;
    receivedVnd: number;
    input: unknown;
  },
): Promise<Outcome<{ outcome: "resolved" }>> {
  const lineAmountVnd = Number(line.amount_vnd);
  const missingVnd = payment.paymentAmountVnd - payment.receivedVnd;
  const checked = resolveStatementLineSchemaFor({
    lineAmountVnd,
    paymentAmountVnd: missingVnd,
  }).safeParse(payment.input);
  if (!checked.success) return issuesToFieldRefusal(checked.error.issues);
  const at = ctx.now();
  const outcome = await settledOutcome(
    ctx.db.kysely.transaction().execute(async (trx): Promise<"taken" | "paid"> => {
      const claim = { id: line.id, paymentId: payment.id, note: data.note, actorId: actor.id };
      if (!(await claimLine(trx, { ...claim, at }))) return "taken";
      // Names what was read: a refund or another top-up meanwhile leaves the line waiting.
      const grown = await trx
        .updateTable("payments")
        .set({ received_vnd: payment.receivedVnd + lineAmountVnd, updated_at: at })
        .where("id", "=", payment.id)
        .where("state", "=", "paid")
        .where("received_vnd", "=", payment.receivedVnd)
        .executeTakeFirst();
      if (Number(grown.numUpdatedRows) !== 1) throw new LineLeftWaiting();
      await trx
        .insertInto("payment_events")
        .values({
          payment_id: payment.id,
          from_state: "paid",
          to_state: "paid",
          actor_user_id: actor.id,
          actor_role: actor.role,
          actor_name: actor.name,
          reason: data.note || paidFromLineReason(data.lang, line.booked_on, lineAmountVnd),
          detail: JSON.stringify({ lineId: line.id, memo: line.memo, amountVnd: lineAmountVnd }),
          created_at: at,
        })
        .execute();
      return "paid";
    }),
  );
  const refused = unsettled(outcome);
  if (refused) return refused;
  await ctx.deps.audit?.record(
    actor,
    "payment.topUp",
    { type: "payment", id: payment.id },
    {
      reference: payment.reference,
      lineId: line.id,
      lineAmountVnd,
      paymentAmountVnd: payment.paymentAmountVnd,
      receivedBeforeVnd: payment.receivedVnd,
    },
  );
  return { ok: true, outcome: "resolved" };
}
