import { formatDate, formatVnd } from "../../../core/dates";
import type { PaymentsContext, Q } from "./context";
import { paymentForOwnerEmail } from "./queries";

/**
 * A payment just became paid: queues the entrant's confirmation email, in their language, with
 * the receipt link, in `trx`, the transaction that settled it. False when the owner is gone.
 */
export async function queuePaymentConfirmed(
  ctx: PaymentsContext,
  trx: Q,
  paymentId: string,
): Promise<boolean> {
  const row = await paymentForOwnerEmail(trx, paymentId, "paid");
  if (!row) return false;
  const lang = row.lang === "en" ? "en" : "vi";
  const codes = (
    await trx
      .selectFrom("payment_entries as pe")
      .innerJoin("entries as e", "e.id", "pe.entry_id")
      .select("e.code")
      .where("pe.payment_id", "=", paymentId)
      .orderBy("e.code")
      .execute()
  ).map((r) => r.code ?? "");
  const path = `${lang === "en" ? "/en" : ""}/nop-bai-du-thi/thanh-toan/${row.reference}`;
  await ctx.deps.mail.queue(trx, [
    {
      template: "paymentConfirmed",
      to: row.email,
      lang,
      data: {
        name: row.name,
        url: `${ctx.publicUrl}${path}/bien-nhan`,
        reference: row.reference,
        amount: formatVnd(Number(row.amount_vnd), lang),
        entryCodes: codes.join(", "),
        paidAt: row.paid_at ? formatDate(row.paid_at, lang) : "",
      },
    },
  ]);
  return true;
}
