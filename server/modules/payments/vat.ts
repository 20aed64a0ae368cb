import { sql } from "kysely";
import type { Lang } from "../../../core/languages";
import { fieldRefusal, refusal, type Outcome } from "../../../core/refusal";
import { foldedLikePattern, foldForSearch } from "../../../core/search-text";
import type { PaymentState } from "../../../core/payment-state";
import { vatIssueSchema, vatRequestSchema, type VatRequestState } from "../../../core/vat-invoice";
import {
  DAY_FORMAT,
  exportFileName,
  SHEET_CONTENT_TYPES,
  sheetDay,
  VND_FORMAT,
  writeSheet,
  type SheetFormat,
} from "../exports/spreadsheet";
import type { Actor } from "../audit/service";
import { exportSummary } from "../exports/export-summary";
import type { PaymentsContext } from "./context";
import { findPaymentByReference, receivedOf } from "./queries";
import type { StaffActor } from "./staff-move";
import { catalogueText as text } from "../exports/catalogue-text";

export interface VatRequestView {
  id: number;
  paymentId: string;
  reference: string;
  amountVnd: number;
  /** What came in: another amount when finance accepted a transfer paid short or over. */
  receivedVnd: number;
  /** The payment's own state: a refunded one needs its issued invoice adjusted or cancelled. */
  paymentState: PaymentState;
  companyName: string;
  taxCode: string;
  address: string;
  email: string;
  state: VatRequestState;
  invoiceNumber: string | null;
  issuedAt: string | null;
  createdAt: string;
}

export interface VatPrefill {
  companyName: string;
  taxCode: string;
  address: string;
  email: string;
}

function issuesToFields(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  return fieldRefusal(fieldErrors);
}

function baseQuery(ctx: PaymentsContext) {
  return ctx.db.kysely
    .selectFrom("vat_requests as v")
    .innerJoin("payments as p", "p.id", "v.payment_id")
    .select([
      "v.id",
      "v.payment_id",
      "p.reference",
      "p.amount_vnd",
      "p.received_vnd",
      "p.state as payment_state",
      "v.company_name",
      "v.tax_code",
      "v.address",
      "v.email",
      "v.state",
      "v.invoice_number",
      "v.issued_at",
      "v.created_at",
    ]);
}

type VatRow = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];
const toView = (r: VatRow): VatRequestView => ({
  id: Number(r.id),
  paymentId: r.payment_id,
  reference: r.reference,
  amountVnd: Number(r.amount_vnd),
  receivedVnd: receivedOf(r).receivedVnd,
  paymentState: r.payment_state as PaymentState,
  companyName: r.company_name,
  taxCode: r.tax_code,
  address: r.address,
  email: r.email,
  state: r.state as VatRequestState,
  invoiceNumber: r.invoice_number,
  issuedAt: r.issued_at,
  createdAt: r.created_at,
});

/**
 * The VAT side of an entrant's payment: whether they may ask (an enterprise, the payment
 * paid), the request if there is one, and the registration's details to prefill the form.
 */
export async function vatForEntrant(
  ctx: PaymentsContext,
  userId: string,
  paymentId: string,
): Promise<{ allowed: boolean; request: VatRequestView | null; prefill: VatPrefill }> {
  const registrant = await ctx.db.kysely
    .selectFrom("user as u")
    .leftJoin("registrants as r", "r.user_id", "u.id")
    .select(["u.email", "r.type", "r.company_name", "r.tax_code", "r.address"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  const row = await baseQuery(ctx).where("v.payment_id", "=", paymentId).executeTakeFirst();
  return {
    allowed: registrant?.type === "enterprise",
    request: row ? toView(row) : null,
    prefill: {
      companyName: registrant?.company_name ?? "",
      taxCode: registrant?.tax_code ?? "",
      address: registrant?.address ?? "",
      email: registrant?.email ?? "",
    },
  };
}

/** The VAT invoice request of one payment, for staff (refunding it), or null. */
export async function vatForPayment(
  ctx: PaymentsContext,
  paymentId: string,
): Promise<VatRequestView | null> {
  const row = await baseQuery(ctx).where("v.payment_id", "=", paymentId).executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * An enterprise asks for (or corrects, until it is issued) the VAT invoice of one of its own
 * paid payments. Individuals get a receipt only.
 */
export async function requestVat(
  ctx: PaymentsContext,
  userId: string,
  reference: string,
  input: unknown,
): Promise<Outcome<{ vat: VatRequestView }>> {
  const payment =
    typeof reference === "string" && reference.length <= 20
      ? await findPaymentByReference(ctx.db.kysely, reference.toUpperCase())
      : undefined;
  if (!payment || payment.owner_user_id !== userId)
    return refusal(404, "paymentCore.problems.notFound");
  const facts = await vatForEntrant(ctx, userId, payment.id);
  if (!facts.allowed) return refusal(403, "paymentCore.vat.enterpriseOnly");
  if (payment.state !== "paid") return refusal(409, "paymentCore.vat.notPaid");
  if (facts.request?.state === "issued") return refusal(409, "paymentCore.vat.alreadyIssued");
  const parsed = vatRequestSchema.safeParse(input);
  if (!parsed.success) return issuesToFields(parsed.error.issues);
  const at = ctx.now();
  const values = {
    company_name: parsed.data.companyName,
    tax_code: parsed.data.taxCode,
    address: parsed.data.address,
    email: parsed.data.email,
    updated_at: at,
  };
  await ctx.db.kysely
    .insertInto("vat_requests")
    .values({ payment_id: payment.id, state: "requested", created_at: at, ...values })
    .onConflict((oc) => oc.column("payment_id").doUpdateSet(values))
    .execute();
  const row = await baseQuery(ctx).where("v.payment_id", "=", payment.id).executeTakeFirstOrThrow();
  return { ok: true, vat: toView(row) };
}

/** The requests for finance: waiting ones first, searchable by company, tax code or reference. */
export async function listVatRequests(
  ctx: PaymentsContext,
  query: { state?: VatRequestState | undefined; q?: string | undefined },
): Promise<VatRequestView[]> {
  let q = baseQuery(ctx);
  if (query.state) q = q.where("v.state", "=", query.state);
  if (query.q && foldForSearch(query.q) !== "") {
    const pattern = foldedLikePattern(query.q);
    q = q.where((eb) =>
      eb.or(
        ["v.company_name", "v.tax_code", "p.reference", "v.email"].map(
          (column) => sql<boolean>`vx_fold(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  const rows = await q.orderBy("v.state", "desc").orderBy("v.created_at").limit(1000).execute();
  return rows.map(toView);
}

/** Finance records the invoice it issued (its number); an issued request stays issued. */
export async function issueVat(
  ctx: PaymentsContext,
  actor: StaffActor,
  id: number,
  input: unknown,
): Promise<Outcome<{ vat: VatRequestView }>> {
  const parsed = vatIssueSchema.safeParse(input);
  if (!parsed.success) return issuesToFields(parsed.error.issues);
  const at = ctx.now();
  const updated = await ctx.db.kysely
    .updateTable("vat_requests")
    .set({
      state: "issued",
      invoice_number: parsed.data.invoiceNumber,
      issued_at: at,
      issued_by: actor.id,
      updated_at: at,
    })
    .where("id", "=", id)
    .where("state", "=", "requested")
    // A refunded payment gets no invoice: checked in the same statement as the write.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("payments as p")
          .select("p.id")
          .whereRef("p.id", "=", "vat_requests.payment_id")
          .where("p.state", "=", "paid"),
      ),
    )
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    const current = await baseQuery(ctx).where("v.id", "=", id).executeTakeFirst();
    return current?.state === "requested" && current.payment_state !== "paid"
      ? refusal(409, "paymentCore.vat.refunded")
      : refusal(409, "paymentCore.vat.notWaiting");
  }
  const row = await baseQuery(ctx).where("v.id", "=", id).executeTakeFirstOrThrow();
  await ctx.deps.audit?.record(
    actor,
    "payment.vatIssued",
    { type: "payment", id: row.payment_id },
    { reference: row.reference, invoiceNumber: parsed.data.invoiceNumber },
  );
  return { ok: true, vat: toView(row) };
}

/** The requests as CSV or XLSX, for the e-invoice tool finance uses. */
export async function exportVatRequests(
  ctx: PaymentsContext,
  actor: Actor,
  query: { state?: VatRequestState | undefined; q?: string | undefined },
  format: SheetFormat,
  lang: Lang,
) {
  const rows = await listVatRequests(ctx, query);
  const h = (key: string) => text(lang, `paymentAdmin.vat.columns.${key}`);
  const body = await writeSheet(
    format,
    text(lang, "paymentAdmin.vat.title"),
    [
      { header: h("reference"), width: 16, value: (r: VatRequestView) => r.reference },
      { header: h("company"), width: 36, value: (r) => r.companyName },
      { header: h("taxCode"), width: 16, text: true, value: (r) => r.taxCode },
      { header: h("address"), width: 40, value: (r) => r.address },
      { header: h("email"), width: 28, value: (r) => r.email },
      { header: h("amount"), width: 14, numFmt: VND_FORMAT, value: (r) => r.amountVnd },
      // What came in beside what was due, for a transfer finance accepted short or over.
      { header: h("received"), width: 14, numFmt: VND_FORMAT, value: (r) => r.receivedVnd },
      {
        header: h("state"),
        width: 14,
        value: (r) => text(lang, `paymentAdmin.vat.state.${r.state}`),
      },
      { header: h("invoiceNumber"), width: 16, text: true, value: (r) => r.invoiceNumber ?? "" },
      {
        header: h("payment"),
        width: 16,
        value: (r) => text(lang, `paymentAdmin.state.${r.paymentState}`),
      },
      {
        header: h("requested"),
        width: 12,
        numFmt: DAY_FORMAT,
        value: (r) => sheetDay(r.createdAt),
      },
    ],
    rows,
  );
  await ctx.deps.audit?.record(
    actor,
    "vat.export",
    { type: "payment" },
    exportSummary(format, rows.length, query),
  );
  return {
    fileName: exportFileName("hoa-don-vat", format, ctx.clock()),
    contentType: SHEET_CONTENT_TYPES[format],
    body,
  };
}
