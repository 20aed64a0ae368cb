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
