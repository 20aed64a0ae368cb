import { describe, expect, it } from "vitest";
import { roundScoringMessage, roundScoringState, type ScoringWindow } from "./judging-rounds";

const round = (over: Partial<ScoringWindow> = {}): ScoringWindow => ({
  state: "open",
  startsOn: "2027-01-05",
  endsOn: "2027-01-20",
  ...over,
});

describe("a round's scoring window", () => {
  it("takes scores while open, from its first day through its last, both included", () => {
    expect(roundScoringState(round(), "2027-01-04")).toBe("notYet");
    expect(roundScoringState(round(), "2027-01-05")).toBe("open");
    expect(roundScoringState(round(), "2027-01-12")).toBe("open");
    expect(roundScoringState(round(), "2027-01-20")).toBe("open");
    expect(roundScoringState(round(), "2027-01-21")).toBe("ended");
    // Across a year's end and a month's, as days, not as numbers.
    expect(roundScoringState(round({ startsOn: "2026-12-31" }), "2026-12-30")).toBe("notYet");
    expect(roundScoringState(round({ endsOn: "2027-02-01" }), "2027-01-31")).toBe("open");
  });

  it("has no limit where a day is missing", () => {
    expect(roundScoringState(round({ startsOn: null }), "2000-01-01")).toBe("open");
    expect(roundScoringState(round({ startsOn: null }), "2027-01-21")).toBe("ended");
    expect(roundScoringState(round({ endsOn: null }), "2099-12-31")).toBe("open");
    expect(roundScoringState(round({ endsOn: null }), "2027-01-04")).toBe("notYet");
    expect(roundScoringState(round({ startsOn: null, endsOn: null }), "2027-06-01")).toBe("open");
  });

  it("is the round's state when it is not open, whatever the day", () => {
    for (const state of ["draft", "closed", "locked"] as const) {
      expect(roundScoringState(round({ state }), "2027-01-10")).toBe(state);
      expect(roundScoringState(round({ state }), "2027-03-01")).toBe(state);
    }
  });

  it("tells the judge the day scoring starts or ended, DD/MM/YYYY", () => {
    expect(roundScoringMessage(round(), "open")).toBeNull();
    expect(roundScoringMessage(round(), "notYet")).toEqual({
      key: "judging.errors.roundNotYet",
      values: { date: "05/01/2027" },
    });
    expect(roundScoringMessage(round(), "ended")).toEqual({
      key: "judging.errors.roundEnded",
      values: { date: "20/01/2027" },
    });
    for (const state of ["draft", "closed", "locked"] as const) {
      expect(roundScoringMessage(round({ state }), state)).toEqual({
        key: "judging.errors.roundNotOpen",
      });
    }
  });
});
