import { describe, expect, it } from "vitest";
import {
  breakDownEntries,
  dailySeries,
  estimateFees,
  hasBeenPaid,
  MAX_SERIES_DAYS,
  parseSeasonParam,
  seriesRange,
  vietnamDay,
} from "./dashboard";

describe("vietnamDay", () => {
  it("counts an instant in the Vietnam day it falls on (UTC+7)", () => {
    expect(vietnamDay("2026-08-31T16:59:59.999Z")).toBe("2026-08-31");
    expect(vietnamDay("2026-08-31T17:00:00.000Z")).toBe("2026-09-01");
  });

  it("reads SQL's hour and minute prefixes as the start of that hour or minute", () => {
    expect(vietnamDay("2026-08-31T16")).toBe("2026-08-31");
    expect(vietnamDay("2026-08-31T17")).toBe("2026-09-01");
    expect(vietnamDay("2026-08-31T16:59")).toBe("2026-08-31");
  });

  it("refuses text that is not an instant", () => {
    expect(() => vietnamDay("yesterday")).toThrow(RangeError);
  });
});

describe("dailySeries", () => {
  it("fills the empty days with zero and adds up points of the same day", () => {
    const series = dailySeries(
      [
        { at: "2026-09-01T02", count: 2 },
        { at: "2026-09-01T15:30", count: 1 },
        { at: "2026-09-03T20", count: 4 }, // 04/09 in Vietnam
      ],
      "2026-09-01",
      "2026-09-04",
    );
    expect(series).toEqual([
      { day: "2026-09-01", count: 3 },
      { day: "2026-09-02", count: 0 },
      { day: "2026-09-03", count: 0 },
      { day: "2026-09-04", count: 4 },
    ]);
  });

  it("leaves out points outside the range and crosses month and leap-year ends", () => {
    const series = dailySeries(
      [
        { at: "2028-02-28T10", count: 1 },
        { at: "2028-03-05T10", count: 9 },
      ],
      "2028-02-28",
      "2028-03-01",
    );
    expect(series.map((d) => d.day)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(series.reduce((n, d) => n + d.count, 0)).toBe(1);
  });
});

describe("seriesRange", () => {
  const season = {
    registrationOpensAt: "2026-07-31T17:00:00.000Z", // 01/08/2026
    submissionOpensAt: "2026-08-14T17:00:00.000Z",
    submissionClosesAt: "2026-12-31T16:59:59.000Z",
    lateDeadline: null,
  };

  it("runs from registration opening to today while the season is open", () => {
    expect(seriesRange(season, new Date("2026-09-10T03:00:00Z"), [])).toEqual({
      from: "2026-08-01",
      to: "2026-09-10",
    });
  });

  it("stops at the last deadline once it has passed, and stretches to data after it", () => {
    const later = new Date("2027-03-01T00:00:00Z");
    expect(seriesRange(season, later, [])?.to).toBe("2026-12-31");
    expect(seriesRange(season, later, ["2027-01-02T01"])?.to).toBe("2027-01-02");
  });

  it("starts at the first data day when it comes before the opening, and is null without either", () => {
    const undated = { ...season, registrationOpensAt: null, submissionOpensAt: null };
    expect(seriesRange(undated, new Date("2026-09-10T03:00:00Z"), ["2026-09-05T03"])?.from).toBe(
      "2026-09-05",
    );
    expect(seriesRange(undated, new Date(), [])).toBeNull();
  });

  it("never runs longer than the cap", () => {
    const range = seriesRange(season, new Date("2031-01-01T00:00:00Z"), ["2030-12-01T00"])!;
    expect(dailySeries([], range.from, range.to)).toHaveLength(MAX_SERIES_DAYS);
  });
});

describe("estimateFees", () => {
  const season = {
    earlyBirdDeadline: "2026-09-15T16:59:00.000Z",
    submissionClosesAt: "2026-12-31T16:59:00.000Z",
    lateDeadline: null,
  };
  const prices = new Map([
    [1, { feeVnd: 3_300_000, earlyBirdFeeVnd: 2_750_000, lateFeeVnd: null }],
    [2, { feeVnd: 1_100_000, earlyBirdFeeVnd: null, lateFeeVnd: null }],
  ]);

  it("prices each entry in the tier of its submission minute, due or collected by status", () => {
    const fees = estimateFees(
      [
        { minute: "2026-09-15T16:58", categoryId: 1, status: "submitted", count: 2 },
        { minute: "2026-09-15T16:59", categoryId: 1, status: "paid", count: 1 },
        { minute: "2026-09-02T00:00", categoryId: 2, status: "accepted", count: 3 },
        { minute: "2026-09-02T00:00", categoryId: 2, status: "withdrawn", count: 5 },
        { minute: "2026-09-02T00:00", categoryId: 1, status: "draft", count: 5 },
      ],
      season,
      prices,
    );
    expect(fees).toEqual({
      dueVnd: 2 * 2_750_000,
      dueEntries: 2,
      collectedVnd: 3_300_000 + 3 * 1_100_000,
      collectedEntries: 4,
    });
  });

  it("falls back to the standard price once payments have closed", () => {
    const fees = estimateFees(
      [{ minute: "2027-01-05T00:00", categoryId: 1, status: "submitted", count: 1 }],
      season,
      prices,
    );
    expect(fees.dueVnd).toBe(3_300_000);
  });

  it("counts every status after paid as paid, and nothing before it", () => {
    expect(["paid", "needs_changes", "rejected", "winner"].every(hasBeenPaid)).toBe(true);
    expect(["draft", "submitted", "withdrawn"].some(hasBeenPaid)).toBe(false);
  });
});

describe("breakDownEntries", () => {
  it("counts all statuses, and only entries that count by track, category and type", () => {
    const b = breakDownEntries([
      { status: "draft", trackId: 1, categoryId: 10, registrantType: "enterprise", count: 4 },
      { status: "submitted", trackId: 1, categoryId: 10, registrantType: "enterprise", count: 2 },
      { status: "paid", trackId: 1, categoryId: 11, registrantType: "individual", count: 1 },
      { status: "withdrawn", trackId: 2, categoryId: 20, registrantType: "individual", count: 1 },
      { status: "accepted", trackId: 2, categoryId: 20, registrantType: null, count: 3 },
    ]);
    expect(b.total).toBe(11);
    expect(b.counted).toBe(6);
    expect(b.byStatus.find((s) => s.status === "draft")?.count).toBe(4);
    expect(b.byStatus.find((s) => s.status === "winner")?.count).toBe(0);
    expect(b.byStatus[0]?.status).toBe("draft");
    expect([...b.byTrack]).toEqual([
      [1, 3],
      [2, 3],
    ]);
    expect(b.byCategory.get(10)).toBe(2);
    expect(b.byRegistrantType).toEqual([
      { type: "enterprise", count: 2 },
      { type: "individual", count: 1 },
    ]);
  });
});

describe("parseSeasonParam", () => {
  it("accepts a four-digit year only", () => {
    expect(parseSeasonParam("2027")).toBe(2027);
    expect(parseSeasonParam("27")).toBeNull();
    expect(parseSeasonParam("2027; drop")).toBeNull();
    expect(parseSeasonParam(null)).toBeNull();
  });
});
