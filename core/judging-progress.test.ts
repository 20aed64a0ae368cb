import { describe, expect, it } from "vitest";
import { percentDone, roundWork } from "./judging-progress";

describe("percentDone", () => {
  it("gives whole percents, rounded down so 100 means every sheet is in", () => {
    expect(percentDone(0, 8)).toBe(0);
    expect(percentDone(3, 8)).toBe(37);
    expect(percentDone(499, 500)).toBe(99);
    expect(percentDone(8, 8)).toBe(100);
  });

  it("is null when no sheet is expected, and never above 100", () => {
    expect(percentDone(0, 0)).toBeNull();
    expect(percentDone(9, 8)).toBe(100);
  });
});

describe("roundWork", () => {
  it("expects each judge's assigned entries less their conflicts, and sums the sheets saved", () => {
    const work = roundWork([
      { assigned: 4, scored: 4, conflicts: 0 },
      { assigned: 4, scored: 1, conflicts: 1 },
      { assigned: 2, scored: 0, conflicts: 0 },
    ]);
    expect(work).toEqual({ expected: 9, submitted: 5, percent: 55 });
  });

  it("has nothing expected of a round without judges", () => {
    expect(roundWork([])).toEqual({ expected: 0, submitted: 0, percent: null });
  });

  it("counts a fully judged round, a conflict included, as complete", () => {
    expect(
      roundWork([
        { assigned: 3, scored: 3, conflicts: 0 },
        { assigned: 3, scored: 2, conflicts: 1 },
      ]),
    ).toEqual({ expected: 5, submitted: 5, percent: 100 });
  });
});
