import { formatDate, formatVnd } from "../../../core/dates";
import { entryStatusLabelKey, type EntryStatus } from "../../../core/entry-status";
import { catalogText } from "../../../core/i18n/lookup";
import { localizePath, type Lang } from "../../../core/languages";
import { PATHS } from "../../../core/paths";
import { currentPublicUrl } from "../../public-url";
import type { Q, SettleContext } from "./context";
import { paymentForOwnerEmail } from "./queries";

/**
 * A payment was just refunded: queues the owner's email, in their language, in `trx`, the
 * transaction that refunded it, with the reason staff gave, when, and the entries it covered
 * with each one's status now (those not yet screened are back to submitted; one already
 * screened keeps its status), leading to the checkout page where they may be paid again. The
 * reason and date are the refund event's. False when the owner is gone.
 */
export async function queuePaymentRefunded(
  ctx: SettleContext,
  trx: Q,
  paymentId: string,
): Promise<boolean> {
  const row = await paymentForOwnerEmail(trx, paymentId, "refunded");
  if (!row) return false;
  const refund = await trx
    .selectFrom("payment_events")
    .select(["reason", "created_at"])
    .where("payment_id", "=", paymentId)
    .where("to_state", "=", "refunded")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!refund) return false;
  const lang: Lang = row.lang === "en" ? "en" : "vi";
  const entries = await trx
    .selectFrom("payment_entries as pe")
    .innerJoin("entries as e", "e.id", "pe.entry_id")
    .select(["e.code", "e.campaign_name", "e.status"])
    .where("pe.payment_id", "=", paymentId)
    .orderBy("e.code")
    .execute();
  // Entries not yet screened are back to waiting for their fee; screened ones keep their status.
  const payAgain = entries.some((entry) => entry.status === "submitted");
  await ctx.deps.mail.queue(trx, [
    {
      template: "paymentRefunded",
      to: row.email,
      lang,
      data: {
        name: row.name,
        url: `${currentPublicUrl(ctx.publicUrl)}${localizePath(payAgain ? PATHS.payment : "/tai-khoan", lang)}`,
        payAgain,
        reference: row.reference,
        amount: formatVnd(Number(row.amount_vnd), lang),
        refundedAt: formatDate(refund.created_at, lang),
        reason: refund.reason,
        entries: entries.map((entry) => ({
          code: entry.code ?? "",
          title: entry.campaign_name,
          status:
            catalogText(lang, entryStatusLabelKey(entry.status as EntryStatus)) ?? entry.status,
        })),
      },
    },
  ]);
  return true;
}
