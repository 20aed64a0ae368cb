import { formatDate, formatVnd } from "../../../core/dates";
import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import type { Lang } from "../../../core/languages";
import { findVietnameseFont, heading, startPdf } from "../exports/pdf";
import type { PaymentsContext } from "./context";
import { findPaymentByReference, paymentView } from "./queries";

type ReceiptTexts = typeof vi.paymentReceipt;
const TEXTS: Record<Lang, ReceiptTexts> = { vi: vi.paymentReceipt, en: en.paymentReceipt };
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? "");

/**
 * The receipt of a paid (or since refunded) payment as a PDF, in Vietnamese with its marks
 * (DejaVu) or English: the organiser, the payment reference, date, method, each entry with its
 * fee, the total with VAT included (and what was received, when staff accepted another amount). `owner` limits it to that entrant's payments (staff pass
 * none). Null when there is no such payment or it was never paid.
 */
export async function receiptPdf(
  ctx: PaymentsContext,
  reference: string,
  lang: Lang,
  owner?: string,
): Promise<{ fileName: string; body: Buffer } | null> {
  if (typeof reference !== "string" || reference.length > 20) return null;
  const row = await findPaymentByReference(ctx.db.kysely, reference.toUpperCase());
  if (!row || (owner !== undefined && row.owner_user_id !== owner)) return null;
  if (!row.paid_at || (row.state !== "paid" && row.state !== "refunded")) return null;
  const payment = (await paymentView(ctx.db.kysely, row.id))!;
  const payer = await ctx.db.kysely
    .selectFrom("user as u")
    .leftJoin("registrants as r", "r.user_id", "u.id")
    .select(["u.name", "u.email", "r.company_name", "r.tax_code", "r.address"])
    .where("u.id", "=", row.owner_user_id)
    .executeTakeFirst();
  const texts = TEXTS[lang];
  const catalogue = lang === "en" ? en : vi;
  const { doc, done, text } = startPdf(findVietnameseFont(), {
    info: { Title: `${texts.title} ${payment.reference}`, Author: catalogue.site.name },
  });
  heading(doc, text(catalogue.site.name), 16);
  doc.font("bold").fontSize(20).text(text(texts.title), { paragraphGap: 12 });
  const line = (label: string, value: string) =>
    doc
      .font("body")
      .fontSize(11)
      .text(`${text(label)}: ${text(value)}`, { paragraphGap: 4 });
  line(texts.reference, payment.reference);
  line(texts.paidAt, formatDate(row.paid_at, lang));
  line(texts.method, catalogue.payment.methods[payment.method]);
  if (row.gateway_transaction) line(texts.transaction, row.gateway_transaction);
  if (payer) {
    line(texts.payer, payer.company_name ?? payer.name);
    if (payer.tax_code) line(texts.taxCode, payer.tax_code);
    line(texts.email, payer.email);
  }
  doc.moveDown();
  doc.font("bold").fontSize(12).text(text(texts.entries), { paragraphGap: 6 });
  for (const entry of payment.entries) {
    doc
      .font("body")
      .fontSize(11)
      .text(
        text(
          `${entry.code ?? ""} — ${entry.title} (${catalogue.payment.tier[entry.tier]}): ${formatVnd(entry.feeVnd, lang)}`,
        ),
        { paragraphGap: 4 },
      );
  }
  doc.moveDown();
  doc
    .font("bold")
    .fontSize(13)
    .text(text(`${texts.total}: ${formatVnd(payment.amountVnd, lang)}`), { paragraphGap: 4 });
  // A transfer staff accepted for another amount: the receipt says what was received.
  if (payment.receivedVnd !== payment.amountVnd) {
    doc
      .font("bold")
      .fontSize(12)
      .text(text(`${texts.received}: ${formatVnd(payment.receivedVnd, lang)}`), {
        paragraphGap: 4,
      });
  }
  doc.font("body").fontSize(10).text(text(texts.vatIncluded), { paragraphGap: 10 });
  if (payment.state === "refunded") {
    doc.font("bold").fontSize(11).fillColor("#7a1f1f").text(text(texts.refunded));
    doc.fillColor("#1f1a17");
  }
  doc.moveDown();
  doc
    .font("body")
    .fontSize(9)
    .fillColor("#5b524c")
    .text(text(fill(texts.footer, { date: formatDate(ctx.now(), lang) })));
  doc.end();
  return { fileName: `bien-nhan-${payment.reference}.pdf`, body: await done };
}
