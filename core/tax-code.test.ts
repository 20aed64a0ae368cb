import { describe, expect, it } from "vitest";
import {
  TAX_CODE_WEIGHTS,
  isValidTaxCode,
  normalizeTaxCode,
  parseTaxCode,
  taxCodeCheckDigit,
  taxCodeField,
} from "./tax-code";

// Real, published tax codes of Vietnamese enterprises.
const REAL_CODES = ["0100233488", "0314409058", "0100047516", "0100112437"];

describe("taxCodeCheckDigit", () => {
  it.each(REAL_CODES)("reproduces the check digit of the real code %s", (code) => {
    expect(taxCodeCheckDigit(code.slice(0, 9))).toBe(Number(code[9]));
  });

  it("has no check digit when the weighted sum is a multiple of 11", () => {
    const weightedSum = (nine: string) =>
      [...nine].reduce((sum, digit, i) => sum + Number(digit) * TAX_CODE_WEIGHTS[i]!, 0);
    const candidates = Array.from(
      { length: 1000 },
      (_, n) => `010023${String(n).padStart(3, "0")}`,
    );
    const noCheckDigit = candidates.filter((nine) => weightedSum(nine) % 11 === 0);
    expect(noCheckDigit.length).toBeGreaterThan(50);
    for (const nine of noCheckDigit) {
      expect(taxCodeCheckDigit(nine)).toBeNull();
      for (let last = 0; last <= 9; last++) expect(isValidTaxCode(`${nine}${last}`)).toBe(false);
    }
  });

  it.each([["12345678"], ["1234567890"], ["12345678a"], [""]])("refuses %j", (input) => {
    expect(taxCodeCheckDigit(input)).toBeNull();
  });
});

describe("parseTaxCode", () => {
  it.each(REAL_CODES)("accepts the real code %s", (code) => {
    expect(parseTaxCode(code)).toEqual({ canonical: code, base: code, branch: null });
  });

  it.each([
    ["0100233488-001", "0100233488-001"],
    ["0100233488001", "0100233488-001"],
    ["0100233488 - 001", "0100233488-001"],
    ["0314409058-999", "0314409058-999"],
    ["0100233488–001", "0100233488-001"], // an en dash pasted from a document
    ["  0100 233 488  ", "0100233488"],
    ["\t0100233488\n", "0100233488"],
  ])("accepts %j as %j", (input, canonical) => {
    expect(normalizeTaxCode(input)).toBe(canonical);
  });

  it("splits a branch code into the enterprise and the branch", () => {
    expect(parseTaxCode("0100233488-042")).toEqual({
      canonical: "0100233488-042",
      base: "0100233488",
      branch: "042",
    });
  });

  it.each([
    ["0100233480", "wrong check digit"],
    ["0100233487", "wrong check digit"],
    ["0314409050", "wrong check digit"],
    ["0000000000", "all zeros: the weighted sum is 0, a multiple of 11"],
    ["0000000000000", "all zeros with a branch"],
    ["0000000000-000", "all zeros, dash"],
    ["0100233488-000", "branch 000"],
    ["0100233488000", "branch 000 without a dash"],
    ["0100233480-001", "valid branch of an invalid code"],
    ["010023348", "9 digits"],
    ["01002334888", "11 digits"],
    ["010023348800", "12 digits"],
    ["01002334880011", "14 digits"],
    ["0100233488-01", "2-digit branch"],
    ["0100233488-0001", "4-digit branch"],
    ["0100233488--001", "two dashes"],
    ["0100233488-", "dangling dash"],
    ["-0100233488", "leading dash"],
    ["010023348A", "a letter"],
    ["MST0100233488", "a prefix"],
    ["0100233488-00a", "a letter in the branch"],
    ["０１００２３３４８８", "full-width digits"],
    ["0100.233.488", "dots"],
    ["", "empty"],
    ["   ", "blank"],
  ])("rejects %j (%s)", (input) => {
    expect(parseTaxCode(input)).toBeNull();
    expect(isValidTaxCode(input)).toBe(false);
    expect(normalizeTaxCode(input)).toBeNull();
  });
});

describe("taxCodeField", () => {
  const field = taxCodeField();
  const messages = (input: unknown) =>
    field.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it("outputs the canonical form, and accepts it again", () => {
    const once = field.parse(" 0100233488 001 ");
    expect(once).toBe("0100233488-001");
    expect(field.parse(once)).toBe(once);
  });

  it("reports an empty or missing code as required, a wrong one as invalid, once each", () => {
    expect(messages("")).toEqual(["validation.required"]);
    expect(messages("  ")).toEqual(["validation.required"]);
    expect(messages(undefined)).toEqual(["validation.required"]);
    expect(messages("0100233480")).toEqual(["validation.taxCode"]);
  });

  it("tells a wrong check digit apart from a code of the wrong shape, when given its message", () => {
    const withCheckDigit = taxCodeField("validation.taxCode", "validation.taxCodeCheckDigit");
    const of = (input: string) =>
      withCheckDigit.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    // Ten digits whose last is not the check digit of the first nine.
    expect(of("0100233480")).toEqual(["validation.taxCodeCheckDigit"]);
    expect(of("0100233480-001")).toEqual(["validation.taxCodeCheckDigit"]);
    // Nine digits with no check digit at all (weighted sum a multiple of 11).
    expect(of("0000000000")).toEqual(["validation.taxCodeCheckDigit"]);
    // Not ten or thirteen digits, or a branch 000: the shape is wrong.
    expect(of("010023348")).toEqual(["validation.taxCode"]);
    expect(of("0100233488-000")).toEqual(["validation.taxCode"]);
    expect(of("010023348A")).toEqual(["validation.taxCode"]);
    expect(withCheckDigit.parse("0100233488")).toBe("0100233488");
  });

  it("can name another field in its message", () => {
    const result = taxCodeField("validation.businessRegistrationNumber").safeParse("123");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "validation.businessRegistrationNumber",
    ]);
  });
});
