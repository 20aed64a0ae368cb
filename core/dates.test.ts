import { describe, expect, it } from "vitest";
import { formatDate, formatVnd } from "./dates";

/** Intl separates amount and symbol with a no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatDate", () => {
  it.each(["vi", "en"] as const)("writes DD/MM/YYYY in Vietnam's time zone (%s)", (lang) => {
    // 17:30 UTC on 30 October is already 00:30 on 31 October in Ho Chi Minh City.
    expect(formatDate("2026-10-30T17:30:00Z", lang)).toBe("31/10/2026");
    expect(formatDate(new Date("2026-10-30T16:59:59Z"), lang)).toBe("30/10/2026");
    expect(formatDate("2026-01-05T00:00:00Z", lang)).toBe("05/01/2026");
  });

  it.each(["vi", "en"] as const)(
    "agrees with ICU in Asia/Ho_Chi_Minh all year round (%s)",
    (lang) => {
      const icu = new Intl.DateTimeFormat(lang === "vi" ? "vi-VN" : "en-GB", {
        timeZone: "Asia/Ho_Chi_Minh",
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
      });
      // Every 7 hours and 13 minutes from 2020 to 2031: every hour of the day, every month.
      for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2031, 0, 1); t += (7 * 60 + 13) * 60_000) {
        expect(formatDate(new Date(t), lang)).toBe(icu.format(t));
      }
    },
  );

  it("refuses a date that is not one, as Intl does", () => {
    expect(() => formatDate("not a date", "vi")).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN), "en")).toThrow(RangeError);
  });

  it("turns the year over at Vietnamese midnight", () => {
    expect(formatDate("2025-12-31T17:00:00Z", "vi")).toBe("01/01/2026");
    expect(formatDate("2025-12-31T16:59:59Z", "en")).toBe("31/12/2025");
  });
});

describe("formatVnd", () => {
  it("groups thousands with dots and puts ₫ after the amount in Vietnamese", () => {
    expect(plain(formatVnd(1_500_000, "vi"))).toBe("1.500.000 ₫");
  });

  it("groups thousands with commas in English", () => {
    const text = plain(formatVnd(1_500_000, "en"));
    expect(text).toContain("1,500,000");
    expect(text).toContain("₫");
    expect(text).not.toContain(".");
  });

  it("shows whole dong only", () => {
    expect(plain(formatVnd(500_000.4, "vi"))).toBe("500.000 ₫");
    expect(plain(formatVnd(0, "vi"))).toBe("0 ₫");
  });
});
