import { formatDate, formatVnd } from "../../../core/dates";
import type { PaymentsContext } from "./context";
import { paymentForOwnerEmail } from "./queries";

/**
 * After a payment becomes paid: the entrant's confirmation email, in their language, with the
 * receipt link. A failure to send is logged, never undoes the payment.
 */
export async function emailPaymentConfirmed(
  ctx: PaymentsContext,
  paymentId: string,
): Promise<boolean> {
  try {
    const row = await paymentForOwnerEmail(ctx.db.kysely, paymentId, "paid");
    if (!row) return false;
    const lang = row.lang === "en" ? "en" : "vi";
    const codes = (
      await ctx.db.kysely
        .selectFrom("payment_entries as pe")
        .innerJoin("entries as e", "e.id", "pe.entry_id")
        .select("e.code")
        .where("pe.payment_id", "=", paymentId)
        .orderBy("e.code")
        .execute()
    ).map((r) => r.code ?? "");
    const path = `${lang === "en" ? "/en" : ""}/nop-bai-du-thi/thanh-toan/${row.reference}`;
    await ctx.deps.mail.send("paymentConfirmed", row.email, lang, {
      name: row.name,
      url: `${ctx.publicUrl}${path}/bien-nhan`,
      reference: row.reference,
      amount: formatVnd(Number(row.amount_vnd), lang),
      entryCodes: codes.join(", "),
      paidAt: row.paid_at ? formatDate(row.paid_at, lang) : "",
    });
    return true;
  } catch (error) {
    ctx.deps.logger?.error({ err: error, paymentId }, "payment confirmation email not sent");
    return false;
  }
}
