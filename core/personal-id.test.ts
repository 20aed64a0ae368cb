import { describe, expect, it } from "vitest";
import { isValidPersonalId, normalizePersonalId, optionalPersonalIdField } from "./personal-id";

describe("personal identification number (CCCD)", () => {
  it.each([
    ["001099001234", "001099001234"],
    ["079 203 000 001", "079203000001"],
    [" 001099001234 ", "001099001234"],
  ])("accepts %j as %j", (input, digits) => {
    expect(normalizePersonalId(input)).toBe(digits);
    expect(isValidPersonalId(input)).toBe(true);
  });

  it.each([
    ["00109900123", "11 digits"],
    ["0010990012345", "13 digits"],
    ["123456789", "an old 9-digit identity card number"],
    ["00109900123A", "a letter"],
    ["001-099-001-234", "dashes"],
    ["", "empty"],
  ])("rejects %j (%s)", (input) => {
    expect(normalizePersonalId(input)).toBeNull();
    expect(isValidPersonalId(input)).toBe(false);
  });

  it("is optional in forms: missing or blank comes out as an empty string", () => {
    const field = optionalPersonalIdField();
    expect(field.parse(undefined)).toBe("");
    expect(field.parse("   ")).toBe("");
    expect(field.parse("079 203 000 001")).toBe("079203000001");
    expect(field.safeParse("12345").error?.issues.map((issue) => issue.message)).toEqual([
      "validation.personalId",
    ]);
  });
});
