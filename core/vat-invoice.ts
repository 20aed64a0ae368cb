import { z } from "zod";
import { taxCodeField } from "./tax-code";

/**
 * An enterprise's request for a VAT e-invoice of one paid payment (PRODUCT §5): the details
 * the invoice is made out to, prefilled from the registration. No e-invoice provider is
 * connected: finance issues the invoice elsewhere and records its number here.
 */
export const vatRequestSchema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, { message: "validation.required" })
    .max(200, { message: "validation.tooLong" }),
  taxCode: taxCodeField("validation.taxCode", "validation.taxCodeCheckDigit"),
  address: z
    .string()
    .trim()
    .min(1, { message: "validation.required" })
    .max(300, { message: "validation.tooLong" }),
  email: z.email({ message: "validation.email" }).max(254, { message: "validation.tooLong" }),
});
export type VatRequestInput = z.input<typeof vatRequestSchema>;

/** Finance records the invoice it issued. */
export const vatIssueSchema = z.object({
  invoiceNumber: z
    .string()
    .trim()
    .min(1, { message: "paymentCore.vat.invoiceNumberRequired" })
    .max(50, { message: "validation.tooLong" }),
});

export const VAT_REQUEST_STATES = ["requested", "issued"] as const;
export type VatRequestState = (typeof VAT_REQUEST_STATES)[number];
