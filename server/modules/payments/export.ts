import type { Actor } from "../audit/service";
import { exportSummary } from "../exports/export-summary";
import type { Lang } from "../../../core/languages";
import type { PaymentListQuery } from "../../../core/payments";
import {
  DAY_FORMAT,
  exportFileName,
  SHEET_CONTENT_TYPES,
  sheetDay,
  VND_FORMAT,
  writeSheet,
  type SheetColumn,
  type SheetFormat,
} from "../exports/spreadsheet";
import type { PaymentsContext } from "./context";
import { listPayments, type PaymentRow } from "./list";
import { catalogueText as text } from "../exports/catalogue-text";

function columnsFor(lang: Lang): SheetColumn<PaymentRow>[] {
  const h = (key: string) => text(lang, `paymentAdmin.columns.${key}`);
  // Days as dates (a spreadsheet sorts and filters them), shown DD/MM/YYYY.
  const day = (header: string, iso: (r: PaymentRow) => string | null): SheetColumn<PaymentRow> => ({
    header,
    width: 14,
    numFmt: DAY_FORMAT,
    value: (r) => sheetDay(iso(r)),
  });
  return [
    { header: h("reference"), width: 16, value: (r) => r.reference },
    { header: h("entrant"), width: 28, value: (r) => r.owner.name },
    // An enterprise's payment is the company's (the account's name is its representative).
    { header: h("company"), width: 32, value: (r) => r.owner.companyName ?? "" },
    { header: h("email"), width: 30, value: (r) => r.owner.email },
    { header: h("entries"), width: 30, value: (r) => r.entryCodes.join(", ") },
    // Whole đồng as a number, so a spreadsheet adds them up.
    { header: h("amount"), width: 14, numFmt: VND_FORMAT, value: (r) => r.amountVnd },
    // What came in (short or over when staff accepted such a transfer); empty for a payment
    // no money came in for (pending, failed, expired, cancelled), so the column adds up to cash.
    {
      header: h("received"),
      width: 14,
      numFmt: VND_FORMAT,
      value: (r) => (r.state === "paid" || r.state === "refunded" ? r.receivedVnd : null),
    },
    { header: h("method"), width: 14, value: (r) => text(lang, `paymentAdmin.method.${r.method}`) },
    { header: h("state"), width: 14, value: (r) => text(lang, `paymentAdmin.state.${r.state}`) },
    day(h("created"), (r) => r.createdAt),
    day(h("paid"), (r) => r.paidAt),
    day(h("refunded"), (r) => r.refundedAt),
  ];
}

/** The payments the list's filter selects (every page) as CSV or XLSX, in the reader's language. */
export async function exportPayments(
  ctx: PaymentsContext,
  actor: Actor,
  query: PaymentListQuery,
  format: SheetFormat,
  lang: Lang,
) {
  const { rows, seasonYear } = await listPayments(ctx, query, { all: true });
  const body = await writeSheet(format, text(lang, "paymentAdmin.title"), columnsFor(lang), rows);
  await ctx.deps.audit?.record(
    actor,
    "payments.export",
    { type: "payment" },
    exportSummary(format, rows.length, query),
  );
  return {
    // The season in the name: finance keeps one file per season.
    fileName: exportFileName(
      seasonYear ? `thanh-toan-${seasonYear}` : "thanh-toan",
      format,
      ctx.clock(),
    ),
    contentType: SHEET_CONTENT_TYPES[format],
    body,
  };
}
