import { describe, expect, it } from "vitest";
import {
  assertVnd,
  categoryFeeOn,
  categoryFees,
  entryFeeAt,
  feeForTier,
  feeHoldsUntil,
  feeTier,
  nextFeeChange,
  totalVnd,
  vatIncluded,
  type FeeDeadlines,
} from "./fees";

// The demo 2026 season's shape: Vietnam is UTC+7, deadlines at the end of a local day.
const season: FeeDeadlines = {
  earlyBirdDeadline: "2026-09-15T16:59:59.000Z",
  submissionClosesAt: "2026-10-30T16:59:59.000Z",
  lateDeadline: "2026-11-06T16:59:59.000Z",
};
const campaigns = { earlyBirdVnd: 2_500_000, standardVnd: 3_000_000, lateVnd: 3_600_000 };
const at = (iso: string) => new Date(iso);

describe("fees", () => {
  it("are early-bird until the early-bird deadline", () => {
    expect(entryFeeAt(season, campaigns, at("2026-08-01T03:00:00+07:00"))).toEqual({
      tier: "early_bird",
      amountVnd: 2_500_000,
    });
    expect(feeTier(season, at("2026-09-15T23:59:58+07:00"))).toBe("early_bird");
  });

  it("are standard from the early-bird deadline until submission closes", () => {
    expect(feeTier(season, at("2026-09-15T23:59:59+07:00"))).toBe("standard");
    expect(entryFeeAt(season, campaigns, at("2026-10-30T23:00:00+07:00"))).toEqual({
      tier: "standard",
      amountVnd: 3_000_000,
    });
  });

  it("are late until the late deadline, then closed", () => {
    expect(entryFeeAt(season, campaigns, at("2026-10-31T09:00:00+07:00"))).toEqual({
      tier: "late",
      amountVnd: 3_600_000,
    });
    expect(entryFeeAt(season, campaigns, at("2026-11-06T23:59:59+07:00"))).toBeNull();
  });

  it("close with submission when the season takes no late entries", () => {
    const noLate = { ...season, lateDeadline: null };
    expect(feeTier(noLate, at("2026-10-31T09:00:00+07:00"))).toBeNull();
  });

  it("are standard throughout when there is no early-bird deadline", () => {
    const noEarly = { ...season, earlyBirdDeadline: null };
    expect(feeTier(noEarly, at("2026-08-01T09:00:00+07:00"))).toBe("standard");
  });

  it("never give the early-bird price after submission closes, whatever the dates say", () => {
    const odd = { ...season, earlyBirdDeadline: "2026-12-31T00:00:00Z" };
    expect(feeTier(odd, at("2026-11-01T00:00:00Z"))).toBe("late");
  });

  it("fall back to the standard price when a category has no early-bird or late price", () => {
    expect(feeForTier({ standardVnd: 2_000_000 }, "early_bird")).toBe(2_000_000);
    expect(feeForTier({ standardVnd: 2_000_000 }, "late")).toBe(2_000_000);
  });

  it("of a stored category follow the tier: early-bird, standard and late prices differ", () => {
    const prices = { feeVnd: 3_000_000, earlyBirdFeeVnd: 2_400_000, lateFeeVnd: 3_900_000 };
    expect(categoryFeeOn(season, prices, at("2026-09-01T10:00:00+07:00"))).toEqual({
      tier: "early_bird",
      amountVnd: 2_400_000,
    });
    expect(categoryFeeOn(season, prices, at("2026-10-01T10:00:00+07:00"))).toEqual({
      tier: "standard",
      amountVnd: 3_000_000,
    });
    expect(categoryFeeOn(season, prices, at("2026-11-02T10:00:00+07:00"))).toEqual({
      tier: "late",
      amountVnd: 3_900_000,
    });
    expect(categoryFeeOn(season, prices, at("2026-11-07T10:00:00+07:00"))).toBeNull();
    expect(
      categoryFeeOn({ ...season, submissionClosesAt: null }, prices, at("2026-09-01T10:00:00Z")),
    ).toBeNull();
  });

  it("of a stored category without tier prices are the standard price throughout", () => {
    const prices = { feeVnd: 3_000_000, earlyBirdFeeVnd: null, lateFeeVnd: null };
    expect(categoryFees(prices)).toEqual({ standardVnd: 3_000_000 });
    expect(categoryFeeOn(season, prices, at("2026-09-01T10:00:00+07:00"))?.amountVnd).toBe(
      3_000_000,
    );
    expect(categoryFeeOn(season, prices, at("2026-11-02T10:00:00+07:00"))?.amountVnd).toBe(
      3_000_000,
    );
  });

  it("refuse amounts that are not whole đồng", () => {
    expect(() => feeForTier({ standardVnd: 2_000_000.5 }, "standard")).toThrow(RangeError);
    expect(() => feeForTier({ standardVnd: -1 }, "standard")).toThrow(RangeError);
    expect(() => assertVnd(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => feeTier({ ...season, submissionClosesAt: "soon" }, new Date())).toThrow(
      RangeError,
    );
  });

  it("add up exactly", () => {
    expect(totalVnd([])).toBe(0);
    expect(totalVnd([2_500_000, 3_000_000, 2_000_000])).toBe(7_500_000);
    expect(() => totalVnd([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it("split the VAT out of an inclusive amount in whole đồng", () => {
    expect(vatIncluded(3_300_000, 10)).toBe(300_000);
    expect(vatIncluded(3_000_000, 8)).toBe(222_222);
    expect(vatIncluded(1_000_001, 10)).toBe(90_909);
    expect(vatIncluded(5_000_000, 0)).toBe(0);
  });

  it("hold until the deadline that ends their tier, the deadline day itself included", () => {
    expect(feeHoldsUntil(season, at("2026-09-15T23:59:58+07:00"))).toBe(season.earlyBirdDeadline);
    expect(feeHoldsUntil(season, at("2026-09-15T23:59:59+07:00"))).toBe(season.submissionClosesAt);
    expect(feeHoldsUntil(season, at("2026-10-30T23:59:59+07:00"))).toBe(season.lateDeadline);
    expect(feeHoldsUntil(season, at("2026-11-06T23:59:59+07:00"))).toBeNull();
  });

  it("tell an unpaid entry's next change: a dearer price at a deadline, then payment closing", () => {
    expect(nextFeeChange(season, campaigns, at("2026-08-01T03:00:00+07:00"))).toEqual({
      kind: "rises",
      at: season.earlyBirdDeadline,
      tier: "standard",
      amountVnd: 3_000_000,
    });
    expect(nextFeeChange(season, campaigns, at("2026-09-15T23:59:59+07:00"))).toEqual({
      kind: "rises",
      at: season.submissionClosesAt,
      tier: "late",
      amountVnd: 3_600_000,
    });
    // In the late period: the late deadline is the last moment to pay.
    expect(nextFeeChange(season, campaigns, at("2026-10-30T23:59:59+07:00"))).toEqual({
      kind: "closes",
      at: season.lateDeadline,
    });
    expect(nextFeeChange(season, campaigns, at("2026-11-06T23:59:59+07:00"))).toBeNull();
  });

  it("pass over a deadline where the amount stays the same", () => {
    // No early-bird or late price of its own: one amount until payment closes.
    const flat = { standardVnd: 3_000_000 };
    expect(nextFeeChange(season, flat, at("2026-08-01T03:00:00+07:00"))).toEqual({
      kind: "closes",
      at: season.lateDeadline,
    });
    // A late price but no early-bird one: the first change is at submission close.
    expect(
      nextFeeChange(season, { ...flat, lateVnd: 3_600_000 }, at("2026-08-01T03:00:00+07:00")),
    ).toEqual({ kind: "rises", at: season.submissionClosesAt, tier: "late", amountVnd: 3_600_000 });
    // Without a late deadline, payment closes with submission.
    const noLate = { ...season, lateDeadline: null };
    expect(nextFeeChange(noLate, flat, at("2026-10-01T03:00:00+07:00"))).toEqual({
      kind: "closes",
      at: season.submissionClosesAt,
    });
    // A late deadline before the submission deadline changes nothing.
    const lateFirst = { ...season, lateDeadline: "2026-10-01T16:59:59.000Z" };
    expect(nextFeeChange(lateFirst, campaigns, at("2026-09-20T03:00:00+07:00"))).toEqual({
      kind: "closes",
      at: season.submissionClosesAt,
    });
  });

  it("say so too when the next price is lower", () => {
    const cheaperLate = { standardVnd: 3_000_000, lateVnd: 2_000_000 };
    expect(nextFeeChange(season, cheaperLate, at("2026-10-01T03:00:00+07:00"))).toEqual({
      kind: "falls",
      at: season.submissionClosesAt,
      tier: "late",
      amountVnd: 2_000_000,
    });
  });
});
