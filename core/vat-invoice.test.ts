import { describe, expect, it } from "vitest";
import { vatIssueSchema, vatRequestSchema } from "./vat-invoice";

describe("VAT invoice requests", () => {
  it("take a valid tax code in its canonical form", () => {
    const parsed = vatRequestSchema.parse({
      companyName: " Công ty TNHH Sáng Tạo Việt ",
      taxCode: "0100233488",
      address: "12 Lý Thường Kiệt, Hà Nội",
      email: "ketoan@sangtao.vn",
    });
    expect(parsed).toMatchObject({
      companyName: "Công ty TNHH Sáng Tạo Việt",
      taxCode: "0100233488",
    });
  });

  it("refuse a wrong tax code, a missing address and a bad email", () => {
    const result = vatRequestSchema.safeParse({
      companyName: "A",
      taxCode: "0100233489",
      address: " ",
      email: "x",
    });
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [String(i.path[0]), i.message]),
    );
    // Ten digits with a wrong check digit: a mistyped digit, not a missing one.
    expect(messages).toEqual({
      taxCode: "validation.taxCodeCheckDigit",
      address: "validation.required",
      email: "validation.email",
    });
    const short = vatRequestSchema.safeParse({
      companyName: "A",
      taxCode: "010023348",
      address: "Hà Nội",
      email: "ke-toan@example.vn",
    });
    expect(short.error?.issues.map((i) => i.message)).toEqual(["validation.taxCode"]);
  });

  it("need the invoice number to mark one issued", () => {
    expect(vatIssueSchema.safeParse({ invoiceNumber: " " }).error?.issues[0]?.message).toBe(
      "paymentCore.vat.invoiceNumberRequired",
    );
  });
});
