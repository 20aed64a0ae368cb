import { describe, expect, it } from "vitest";
import { canTransition, ENTRY_STATUSES } from "./entry-status";
import { judgedResult, judgingPath, RESULT_STATUSES, type JudgingTarget } from "./judging-outcomes";

describe("judged result", () => {
  it("gives a prize-winning entry 'winner', whatever round it reached", () => {
    expect(judgedResult({ prized: true, inFinalRound: true, rounds: 2 })).toBe("winner");
    expect(judgedResult({ prized: true, inFinalRound: false, rounds: 2 })).toBe("winner");
    expect(judgedResult({ prized: true, inFinalRound: true, rounds: 1 })).toBe("winner");
  });

  it("makes an entry of the last of several rounds without a prize a finalist", () => {
    expect(judgedResult({ prized: false, inFinalRound: true, rounds: 3 })).toBe("finalist");
  });

  it("leaves everything else not awarded, a one-round season's entries included", () => {
    expect(judgedResult({ prized: false, inFinalRound: false, rounds: 2 })).toBe("not_awarded");
    expect(judgedResult({ prized: false, inFinalRound: true, rounds: 1 })).toBe("not_awarded");
  });
});

describe("judging path", () => {
  it("shortlists an accepted entry once, and nothing further on", () => {
    expect(judgingPath("accepted", "shortlisted")).toEqual(["shortlisted"]);
    expect(judgingPath("shortlisted", "shortlisted")).toEqual([]);
    expect(judgingPath("winner", "shortlisted")).toEqual([]);
    expect(judgingPath("not_awarded", "shortlisted")).toEqual([]);
  });

  it("takes an accepted winner or finalist through the shortlist", () => {
    expect(judgingPath("accepted", "winner")).toEqual(["shortlisted", "winner"]);
    expect(judgingPath("accepted", "finalist")).toEqual(["shortlisted", "finalist"]);
    expect(judgingPath("accepted", "not_awarded")).toEqual(["not_awarded"]);
    expect(judgingPath("shortlisted", "winner")).toEqual(["winner"]);
  });

  it("corrects an earlier published result, and leaves a right one alone", () => {
    expect(judgingPath("winner", "not_awarded")).toEqual(["not_awarded"]);
    expect(judgingPath("not_awarded", "finalist")).toEqual(["finalist"]);
    expect(judgingPath("finalist", "finalist")).toEqual([]);
  });

  it("never moves an entry that is not being judged", () => {
    const targets: JudgingTarget[] = ["shortlisted", ...RESULT_STATUSES];
    for (const from of [
      "draft",
      "submitted",
      "paid",
      "needs_changes",
      "rejected",
      "withdrawn",
    ] as const) {
      for (const to of targets) expect(judgingPath(from, to)).toEqual([]);
    }
  });

  it("makes only moves the lifecycle allows the secretariat, but for corrections of a result", () => {
    const targets: JudgingTarget[] = ["shortlisted", ...RESULT_STATUSES];
    for (const from of ENTRY_STATUSES) {
      for (const to of targets) {
        let at = from;
        for (const next of judgingPath(from, to)) {
          const correction = (RESULT_STATUSES as readonly string[]).includes(at);
          if (!correction) expect(canTransition(at, next, "jury_manager")).toBe(true);
          at = next;
        }
      }
    }
  });
});
