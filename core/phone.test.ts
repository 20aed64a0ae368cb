import { describe, expect, it } from "vitest";
import {
  formatPhoneForDisplay,
  isValidVietnamesePhone,
  normalizePhone,
  parseVietnamesePhone,
  phoneField,
} from "./phone";

describe("parseVietnamesePhone", () => {
  it.each([
    ["0912345678", "+84912345678"],
    ["0912 345 678", "+84912345678"],
    ["091.234.5678", "+84912345678"],
    ["091-234-5678", "+84912345678"],
    ["  0912345678  ", "+84912345678"],
    ["+84912345678", "+84912345678"],
    ["+84 912 345 678", "+84912345678"],
    ["(+84) 912-345-678", "+84912345678"],
    ["84912345678", "+84912345678"],
    ["0084 912 345 678", "+84912345678"],
    ["+84 (0) 912 345 678", "+84912345678"],
    ["0321234567", "+84321234567"],
    ["0561234567", "+84561234567"],
    ["0701234567", "+84701234567"],
    ["0842345678", "+84842345678"],
    ["0981234567", "+84981234567"],
  ])("accepts the mobile number %j as %s", (input, e164) => {
    expect(parseVietnamesePhone(input)).toEqual({
      kind: "mobile",
      e164,
      national: `0${e164.slice(3)}`,
    });
  });

  it.each([
    ["02838221234", "+842838221234"],
    ["028 3822 1234", "+842838221234"],
    ["(028) 3822 1234", "+842838221234"],
    ["+84 28 3822 1234", "+842838221234"],
    ["842438221234", "+842438221234"],
    ["0236 382 1234", "+842363821234"],
  ])("accepts the landline number %j as %s", (input, e164) => {
    expect(parseVietnamesePhone(input)).toMatchObject({ kind: "landline", e164 });
  });

  it.each([
    ["", "empty"],
    ["091234567", "9-digit mobile"],
    ["09123456789", "11-digit mobile"],
    ["0112345678", "mobile prefix 01"],
    ["0412345678", "mobile prefix 04"],
    ["0612345678", "mobile prefix 06"],
    ["0283822123", "10-digit landline"],
    ["028382212345", "12-digit landline"],
    ["912345678", "no leading 0 or country code"],
    ["1900 1234", "a service number"],
    ["+1 415 555 0100", "another country"],
    ["+85 912 345 678", "another country code"],
    ["++84912345678", "two plus signs"],
    ["09123a5678", "a letter"],
    ["0912/345/678", "slashes"],
    ["+84 91234567", "international form, too short"],
    ["phone", "a word"],
  ])("rejects %j (%s)", (input) => {
    expect(parseVietnamesePhone(input)).toBeNull();
    expect(isValidVietnamesePhone(input)).toBe(false);
    expect(normalizePhone(input)).toBeNull();
  });
});

describe("formatPhoneForDisplay", () => {
  it.each([
    ["+84912345678", "0912 345 678"],
    ["0912345678", "0912 345 678"],
    ["+842838221234", "028 3822 1234"],
    ["+842438221234", "024 3822 1234"],
    ["+842363821234", "0236 382 1234"],
  ])("shows %s as %s", (stored, shown) => {
    expect(formatPhoneForDisplay(stored)).toBe(shown);
  });

  it("shows anything else as it was given", () => {
    expect(formatPhoneForDisplay(" 1900 1234 ")).toBe("1900 1234");
  });

  it("round-trips: what it shows is accepted again as the same number", () => {
    for (const e164 of ["+84912345678", "+842838221234", "+842363821234"]) {
      expect(normalizePhone(formatPhoneForDisplay(e164))).toBe(e164);
    }
  });
});

describe("phoneField", () => {
  const field = phoneField();
  const messages = (input: unknown) =>
    field.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it("outputs E.164, and accepts it again", () => {
    expect(field.parse("0912 345 678")).toBe("+84912345678");
    expect(field.parse("+84912345678")).toBe("+84912345678");
  });

  it("reports empty as required and a wrong number as not Vietnamese", () => {
    expect(messages("")).toEqual(["validation.required"]);
    expect(messages(undefined)).toEqual(["validation.required"]);
    expect(messages("12345")).toEqual(["validation.phoneVietnam"]);
  });
});
