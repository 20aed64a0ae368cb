import { z } from "zod";
import { optionalDayField } from "./date-fields";
import { firstIssueByField } from "./refusal";
import { PAYMENT_METHODS, PAYMENT_STATES } from "./payment-state";

/**
 * The forms of payments (PRODUCT §5), shared by the pages (browser validation) and the
 * operations (server validation). Messages are i18n keys.
 */

/** The most entries one payment covers. */
export const PAYMENT_ENTRIES_MAX = 50;

/** The most fee quotes one checkout page sends back (one per entry it lists). */
const QUOTES_MAX = 1000;

/**
 * A fee as the checkout page showed it, `<entryId>:<amount in VND>`: the amount the entrant
 * saw next to the entry when they chose to pay.
 */
const quoteSchema = z.string().regex(/^[^:\s]{1,64}:\d{1,15}$/);

/**
 * Checkout: which of the entrant's submitted entries, and how; with the fees the page showed
 * (`quotes`), so a payment is never made for an amount the entrant did not see (a deadline
 * passed, or the prices changed, while the page was open).
 */
export const checkoutSchema = z.object({
  entryIds: z
    .array(z.string().min(1).max(64))
    .min(1, { message: "paymentCore.validation.entriesRequired" })
    .max(PAYMENT_ENTRIES_MAX, { message: "paymentCore.validation.entriesTooMany" })
    .refine((ids) => new Set(ids).size === ids.length, {
      message: "paymentCore.validation.entriesRequired",
    }),
  method: z.enum(PAYMENT_METHODS, { message: "paymentCore.validation.methodRequired" }),
  quotes: z.array(quoteSchema).max(QUOTES_MAX).optional(),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** The quote a checkout page sends for an entry it shows at `amountVnd`. */
export function feeQuote(entryId: string, amountVnd: number): string {
  return `${entryId}:${amountVnd}`;
}

/**
 * The entries whose fee now differs from the one the page quoted for them. An entry the page
 * quoted nothing for (a caller that sends no quotes) is taken at today's fee.
 */
export function feesChangedSinceQuote(
  quotes: readonly string[] | undefined,
  fees: readonly { entryId: string; amountVnd: number }[],
): string[] {
  if (!quotes) return [];
  const quoted = new Map<string, number>();
  for (const quote of quotes) {
    const at = quote.lastIndexOf(":");
    quoted.set(quote.slice(0, at), Number(quote.slice(at + 1)));
  }
  return fees
    .filter((fee) => quoted.has(fee.entryId) && quoted.get(fee.entryId) !== fee.amountVnd)
    .map((fee) => fee.entryId);
}

/** The longest note a confirmation, or reason a refund, records. */
export const PAYMENT_REASON_MAX = 500;

const reason = z.string().trim().max(PAYMENT_REASON_MAX, { message: "validation.tooLong" });

/** Finance confirms a transfer received by hand: the page's state version, an optional note. */
export const confirmPaymentSchema = z.object({
  stateVersion: z.coerce.number().int().min(1),
  reason: reason.default(""),
});
export type ConfirmPaymentInput = z.input<typeof confirmPaymentSchema>;

/** A staff move that must say why: the page's state version and the reason. */
const reasonedMoveSchema = z.object({
  stateVersion: z.coerce.number().int().min(1),
  reason: reason.min(1, { message: "paymentCore.validation.reasonRequired" }),
});

/** A refund always says why. */
export const refundPaymentSchema = reasonedMoveSchema;
export type RefundPaymentInput = z.input<typeof refundPaymentSchema>;

/**
 * Finance closes a note about VNPay money on an ended payment, saying what they did (a refund
 * through VNPay outside the platform, its date and transaction).
 */
export const markAttentionHandledSchema = reasonedMoveSchema;
export type MarkAttentionHandledInput = z.input<typeof markAttentionHandledSchema>;

/** Finance releases a payment VNPay held for review (VNPay reversed it): failed, with why. */
export const releaseHeldPaymentSchema = reasonedMoveSchema;
export type ReleaseHeldPaymentInput = z.input<typeof releaseHeldPaymentSchema>;

/** The payments list of the back office: filters, search and page, as the URL keeps them. */
export const paymentListQuerySchema = z.object({
  season: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
  state: z.enum(PAYMENT_STATES).optional().catch(undefined),
  method: z.enum(PAYMENT_METHODS).optional().catch(undefined),
  // Typed DD/MM/YYYY in the filter, ISO in older links; the list reads the ISO day.
  from: optionalDayField()
    .transform((day) => day ?? undefined)
    .optional()
    .catch(undefined),
  to: optionalDayField()
    .transform((day) => day ?? undefined)
    .optional()
    .catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  // "open": only payments whose money finance must still handle (a late or held card payment).
  attention: z.enum(["open"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

/**
 * The list query from a URL's search parameters (unknown values are dropped, not refused). A
 * range that ends before it starts is refused at its end (`paymentListDateErrors`), which the
 * list leaves out.
 */
export function parsePaymentListQuery(params: URLSearchParams): PaymentListQuery {
  const query = paymentListQuerySchema.parse(Object.fromEntries(params));
  if (query.from && query.to && query.to < query.from) {
    const { to: _reversed, ...rest } = query;
    return rest;
  }
  return query;
}

const paymentListDatesSchema = z.object({ from: optionalDayField(), to: optionalDayField() });

/**
 * The messages of the list's date filters that cannot be read (31/02/2026, 2026/11/01), or of
 * an end before the start, by field: the list leaves such a filter out, the filters' form says
 * why at the field.
 */
export function paymentListDateErrors(params: URLSearchParams): Record<string, string> {
  const parsed = paymentListDatesSchema.safeParse({
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  });
  if (!parsed.success) return firstIssueByField(parsed.error.issues);
  const { from, to } = parsed.data;
  return from && to && to < from ? { to: "validation.dateRangeReversed" } : {};
}
