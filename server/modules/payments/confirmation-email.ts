import { formatDate, formatVnd } from "../../../core/dates";
import { localizePath } from "../../../core/languages";
import { PATHS } from "../../../core/paths";
import { currentPublicUrl } from "../../public-url";
import type { Q, SettleContext } from "./context";
import { paymentForOwnerEmail, receivedOf } from "./queries";

/**
 * A payment just became paid: queues the entrant's confirmation email, in their language, with
 * the receipt link, in `trx`, the transaction that settled it. False when the owner is gone.
 */
export async function queuePaymentConfirmed(
  ctx: SettleContext,
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
  const path = localizePath(`${PATHS.payment}/${row.reference}/bien-nhan`, lang);
  await ctx.deps.mail.queue(trx, [
    {
      template: "paymentConfirmed",
      to: row.email,
      lang,
      data: {
        name: row.name,
        url: `${currentPublicUrl(ctx.publicUrl)}${path}`,
        reference: row.reference,
        // What came in: a transfer paid short and accepted by staff says what the bank received.
        amount: formatVnd(receivedOf(row).receivedVnd, lang),
        entryCodes: codes.join(", "),
        paidAt: row.paid_at ? formatDate(row.paid_at, lang) : "",
      },
    },
  ]);
  return true;
}
