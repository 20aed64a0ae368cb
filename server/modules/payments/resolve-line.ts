import { formatDate, formatVnd } from "../../../core/dates";
import { catalogText } from "../../../core/i18n/lookup";
import type { Lang } from "../../../core/languages";
import { isPaymentReference } from "../../../core/payment-reference";
import { isLapsedPayment } from "../../../core/payment-state";
import { fieldRefusal, refusal, type Outcome } from "../../../core/refusal";
import { resolveStatementLineSchema, resolveStatementLineSchemaFor } from "../../../core/statement";
import type { PaymentsContext } from "./context";
import { sendQueuedSoon } from "../mail/send-queued";
import { settleWithin } from "./settle";
import type { StaffActor } from "./staff-move";

/** The outcomes of a line still waiting for a person. */
const OPEN_OUTCOMES = ["partial", "unknown"];

/** Thrown inside the transaction to undo the line's claim when its payment cannot be paid. */
class LineLeftWaiting extends Error {}

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
        .select(["id", "amount_vnd", "state"])
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
  const checked = resolveStatementLineSchemaFor({ lineAmountVnd, paymentAmountVnd }).safeParse(
    input,
  );
  if (!checked.success) return issuesToFieldRefusal(checked.error.issues);
  const { note, lang } = parsed.data;
  // The line is claimed and the payment settled in one transaction: of two people (or two
  // clicks) settling the same line at once, only the first claim holds, so one transfer never
  // pays two payments; a payment that cannot be paid leaves the line waiting.
  let queued = false;
  const outcome = await ctx.db.kysely
    .transaction()
    .execute(async (trx): Promise<"taken" | "notPending" | "paid"> => {
      const claimed = await trx
        .updateTable("statement_lines")
        .set({
          outcome: "resolved",
          payment_id: payment.id,
          note,
          resolved_by: actor.id,
          resolved_at: at,
        })
        .where("id", "=", lineId)
        .where("outcome", "in", OPEN_OUTCOMES)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return "taken";
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
    })
    .catch((error: unknown) => {
      if (error instanceof LineLeftWaiting) return "notPending" as const;
      throw error;
    });
  if (outcome === "taken") return refusal(409, "paymentCore.statement.lineNotFound");
  if (outcome === "notPending") {
    return fieldRefusal({ reference: "paymentCore.statement.notPending" }, 409);
  }
  if (queued) sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
  await ctx.deps.audit?.record(
    actor,
    "payment.confirm",
    { type: "payment", id: payment.id },
    { reference, lineId, lineAmountVnd, paymentAmountVnd },
  );
  return { ok: true, outcome: "resolved" };
}
