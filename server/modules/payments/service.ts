import type { Lang } from "../../../core/languages";
import type { PaymentListQuery } from "../../../core/payments";
import type { Db } from "../../db/database";
import type { SheetFormat } from "../exports/spreadsheet";
import { checkout } from "./checkout";
import { confirmPayment } from "./confirm";
import { paymentsContext, type PaymentsDeps } from "./context";
import { createPayment } from "./create";
import { expireDuePayments } from "./expire-due";
import { exportPayments } from "./export";
import { cancelByEntrant } from "./cancel-by-entrant";
import { lastRefundOfEntry } from "./entry-refund";
import { getForEntrant } from "./get-for-entrant";
import { getPaymentForStaff } from "./get-for-staff";
import { listPayments, seasonTotals, seasonTotalsOfYear } from "./list";
import { importStatement, rememberedMapping } from "./import-statement";
import { receiptPdf } from "./receipt-pdf";
import { resolveStatementLine } from "./resolve-line";
import { openStatementLines } from "./statement-lines";
import {
  exportVatRequests,
  issueVat,
  listVatRequests,
  requestVat,
  vatForEntrant,
  vatForPayment,
} from "./vat";
import type { VatRequestState } from "../../../core/vat-invoice";
import { refundPayment } from "./refund";
import { markAttentionHandled } from "./mark-handled";
import { releaseHeldPayment } from "./release";
import type { Actor } from "../audit/service";
import type { StaffActor } from "./staff-move";
import { vnpayIpn } from "./vnpay-ipn";
import { vnpayReturn } from "./vnpay-return";

export type * from "./types";
export type { PaymentsDeps } from "./context";
export type { CheckoutView } from "./checkout";
export type { EntrantPaymentView, TransferDetails } from "./get-for-entrant";
export type { StaffPaymentView } from "./get-for-staff";
export type { PaymentRow, PaymentTotals } from "./list";
export type { EntryFee } from "./fees";
export type { StaffActor } from "./staff-move";
export type { ImportSummary } from "./import-statement";
export type { StatementLineView } from "./statement-lines";
export type { VatPrefill, VatRequestView } from "./vat";

/**
 * Payments (PRODUCT §5): the entrant pays some of their submitted entries in one payment whose
 * amount is fixed when it is created (each entry's fee at that instant, core/fees.ts); by
 * VietQR transfer (confirmed by finance or by the bank statement) or VNPay (its IPN). Every
 * state change goes through settle.ts: logged as an event, at most once, with the entries
 * moved along; an entry is in at most one live payment (the database enforces it).
 */
export function createPaymentsService(db: Db, deps: PaymentsDeps) {
  const ctx = paymentsContext(db, deps);
  return {
    // The entrant.
    checkout: (userId: string) => checkout(ctx, userId),
    create: (userId: string, input: unknown, client: { ip: string; lang: Lang }) =>
      createPayment(ctx, userId, input, client),
    getForEntrant: (userId: string, reference: string) => getForEntrant(ctx, userId, reference),
    /** The entrant withdraws their own bank transfer not yet paid (its entries are freed). */
    cancelForEntrant: (entrant: { id: string; name: string }, reference: string) =>
      cancelByEntrant(ctx, entrant, reference),
    vnpayReturn: (userId: string, query: Record<string, string>) => vnpayReturn(ctx, userId, query),
    /** The receipt PDF of a paid payment; `owner` limits it to that entrant's. */
    receiptPdf: (reference: string, lang: Lang, owner?: string) =>
      receiptPdf(ctx, reference, lang, owner),
    /** Whether VNPay is offered (configured). */
    vnpayEnabled: () => deps.vnpay !== null,
    // The gateway.
    vnpayIpn: (query: Record<string, string>) => vnpayIpn(ctx, query),
    // Staff (section "payments").
    list: (query: PaymentListQuery) => listPayments(ctx, query),
    getForStaff: (id: string) => getPaymentForStaff(ctx, id),
    /** When an entry's fee was last refunded (its staff page's payment state). */
    lastRefundOfEntry: (entryId: string) => lastRefundOfEntry(ctx, entryId),
    confirm: (actor: StaffActor, id: string, input: unknown) =>
      confirmPayment(ctx, actor, id, input),
    refund: (actor: StaffActor, id: string, input: unknown) => refundPayment(ctx, actor, id, input),
    /** VNPay reversed the money it held for review: the payment fails, its entries freed. */
    release: (actor: StaffActor, id: string, input: unknown) =>
      releaseHeldPayment(ctx, actor, id, input),
    /** Finance settled VNPay money on an ended payment outside the platform: its note closes. */
    markHandled: (actor: StaffActor, id: string, input: unknown) =>
      markAttentionHandled(ctx, actor, id, input),
    export: (actor: Actor, query: PaymentListQuery, format: SheetFormat, lang: Lang) =>
      exportPayments(ctx, actor, query, format, lang),
    seasonTotals: (seasonId: number) => seasonTotals(ctx, seasonId),
    /** Collected, pending and still due for the season of `year` (the dashboard). */
    totalsOfYear: (year: number) => seasonTotalsOfYear(ctx, year),
    // Bank statements.
    importStatement: (
      actor: StaffActor,
      input: { fileName: string; bytes: Uint8Array; mapping: unknown },
    ) => importStatement(ctx, actor, input),
    statementMapping: () => rememberedMapping(ctx),
    openStatementLines: () => openStatementLines(ctx),
    resolveStatementLine: (actor: StaffActor, lineId: number, input: unknown) =>
      resolveStatementLine(ctx, actor, lineId, input),
    // VAT invoice requests.
    vatForEntrant: (userId: string, paymentId: string) => vatForEntrant(ctx, userId, paymentId),
    vatForPayment: (paymentId: string) => vatForPayment(ctx, paymentId),
    requestVat: (userId: string, reference: string, input: unknown) =>
      requestVat(ctx, userId, reference, input),
    vatRequests: (query: { state?: VatRequestState | undefined; q?: string | undefined }) =>
      listVatRequests(ctx, query),
    issueVat: (actor: StaffActor, id: number, input: unknown) => issueVat(ctx, actor, id, input),
    exportVat: (
      actor: Actor,
      query: { state?: VatRequestState | undefined; q?: string | undefined },
      format: SheetFormat,
      lang: Lang,
    ) => exportVatRequests(ctx, actor, query, format, lang),
    // Scheduled.
    expireDue: () => expireDuePayments(ctx),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
