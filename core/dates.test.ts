import { describe, expect, it } from "vitest";
import { dayInVietnam, formatDate, formatMoment, formatVnd, isWholeDayMoment } from "./dates";

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

describe("season moments and Vietnam's day", () => {
  it("shows a deadline in a day's last minute as the day alone, any other with its time", () => {
    expect(formatMoment("2026-12-31T16:59:59.999Z", "vi", "end")).toBe("31/12/2026");
    expect(formatMoment("2026-12-31T16:59:00.000Z", "en", "end")).toBe("31/12/2026");
    expect(formatMoment("2026-12-31T10:00:00.000Z", "vi", "end")).toBe("31/12/2026 17:00");
    expect(formatMoment("2026-12-31T16:58:00.000Z", "vi", "end")).toBe("31/12/2026 23:58");
    // Midnight ends the day before: "31/12" alone would promise a day it does not include.
    expect(formatMoment("2026-12-30T17:00:00.000Z", "vi", "end")).toBe("31/12/2026 00:00");
    expect(isWholeDayMoment("2026-12-31T16:59:59.999Z", "end")).toBe(true);
    expect(isWholeDayMoment("2026-12-31T10:00:00.000Z", "end")).toBe(false);
  });

  it("shows an opening or event at 00:00 as the day alone, any other with its time", () => {
    expect(formatMoment("2026-07-14T17:00:00.000Z", "vi", "start")).toBe("15/07/2026");
    expect(formatMoment("2027-01-16T12:00:00.000Z", "en", "start")).toBe("16/01/2027 19:00");
    expect(formatMoment("2026-12-31T16:59:59.999Z", "vi", "start")).toBe("31/12/2026 23:59");
  });

  it("reads the day in Vietnam, seven hours ahead of UTC", () => {
    expect(dayInVietnam(new Date("2026-12-04T16:59:59Z"))).toBe("2026-12-04");
    expect(dayInVietnam(new Date("2026-12-04T17:00:00Z"))).toBe("2026-12-05");
  });
});
