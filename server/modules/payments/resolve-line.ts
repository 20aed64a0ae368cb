import { isPaymentReference } from "../../../core/payment-reference";
import { fieldRefusal, refusal, type Outcome } from "../../../core/refusal";
import { resolveStatementLineSchema } from "../../../core/statement";
import type { PaymentsContext } from "./context";
import { settlePayment } from "./settle";
import type { StaffActor } from "./staff-move";

/**
 * A person settles a line matching could not: it pays the payment they name (whatever the
 * amount: they checked it, and say why), or it is set aside with a note. Either way the line
 * leaves the list of lines to look at.
 */
export async function resolveStatementLine(
  ctx: PaymentsContext,
  actor: StaffActor,
  lineId: number,
  input: unknown,
): Promise<Outcome<{ outcome: "resolved" | "ignored" }>> {
  const parsed = resolveStatementLineSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return fieldRefusal(fieldErrors);
  }
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
    await ctx.db.kysely
      .updateTable("statement_lines")
      .set({ outcome: "ignored", note: parsed.data.note, resolved_by: actor.id, resolved_at: at })
      .where("id", "=", lineId)
      .execute();
    return { ok: true, outcome: "ignored" };
  }
  const reference = parsed.data.reference.toUpperCase();
  const payment = isPaymentReference(reference)
    ? await ctx.db.kysely
        .selectFrom("payments")
        .select(["id"])
        .where("reference", "=", reference)
        .executeTakeFirst()
    : undefined;
  if (!payment) return fieldRefusal({ reference: "paymentCore.statement.referenceUnknown" });
  const settled = await settlePayment(ctx, payment.id, {
    to: "paid",
    actor: { userId: actor.id, kind: "staff", role: actor.role, name: actor.name },
    reason: parsed.data.note || `statement line ${lineId}`,
    gatewayTransaction: line.bank_ref || `statement:${lineId}`,
    detail: { lineId, memo: line.memo, amountVnd: Number(line.amount_vnd) },
  });
  if (!settled.ok || !settled.changed)
    return fieldRefusal({ reference: "paymentCore.statement.notPending" }, 409);
  await ctx.db.kysely
    .updateTable("statement_lines")
    .set({
      outcome: "resolved",
      payment_id: payment.id,
      note: parsed.data.note,
      resolved_by: actor.id,
      resolved_at: at,
    })
    .where("id", "=", lineId)
    .execute();
  await ctx.deps.audit?.record(
    actor,
    "payment.confirm",
    { type: "payment", id: payment.id },
    { reference, lineId },
  );
  return { ok: true, outcome: "resolved" };
}
