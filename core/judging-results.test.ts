import { describe, expect, it } from "vitest";
import {
  aggregateRound,
  judgeZScores,
  mean,
  rankEntries,
  standardDeviation,
  trimmedMean,
  type JudgeTotal,
} from "./judging-results";

const t = (entryId: string, judgeId: string, total: number): JudgeTotal => ({
  entryId,
  judgeId,
  total,
});

describe("the figures of one entry", () => {
  it("drop the highest and the lowest only from five scores on", () => {
    expect(mean([6, 7, 8, 9])).toBe(7.5);
    expect(trimmedMean([6, 7, 8, 9])).toBe(7.5);
    // 2, 7, 8, 8, 10 → 7, 8, 8 → 23 / 3
    expect(trimmedMean([10, 2, 8, 7, 8])).toBeCloseTo(23 / 3, 12);
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
  });
});

describe("a round", () => {
  // Two judges, three entries. Judge H is harsh, judge L lenient; both put A first.
  //        H    L
  //   A    6   10
  //   B    4    9
  //   C    2    8
  // H: mean 4, sd √(8/3); L: mean 9, sd √(2/3). z(H) = 6→+1.2247, 4→0, 2→−1.2247; same for L.
  const round = [
    t("A", "H", 6),
    t("A", "L", 10),
    t("B", "H", 4),
    t("B", "L", 9),
    t("C", "H", 2),
    t("C", "L", 8),
  ];

  it("normalise each judge's totals as z-scores", () => {
    const z = judgeZScores(round);
    const k = Math.sqrt(3 / 2);
    expect(z.get(round[0]!)).toBeCloseTo(k, 12);
    expect(z.get(round[1]!)).toBeCloseTo(k, 12);
    expect(z.get(round[2]!)).toBeCloseTo(0, 12);
    expect(z.get(round[5]!)).toBeCloseTo(-k, 12);
  });

  it("give count, mean, trimmed mean, normalised score and spread per entry", () => {
    const byEntry = Object.fromEntries(aggregateRound(round).map((r) => [r.entryId, r]));
    expect(byEntry.A).toMatchObject({ count: 2, mean: 8, trimmedMean: 8, spread: 4 });
    expect(byEntry.A!.normalised).toBeCloseTo(Math.sqrt(3 / 2), 12);
    expect(byEntry.B).toMatchObject({ mean: 6.5, spread: 5 });
    expect(byEntry.B!.normalised).toBeCloseTo(0, 12);
  });

  it("give a judge who scores everything alike no say in the order", () => {
    const flat = [t("A", "F", 7), t("B", "F", 7)];
    expect([...judgeZScores(flat).values()]).toEqual([0, 0]);
  });
});

describe("ranking", () => {
  it("ranks best first by the method, shares ranks on ties and flags them", () => {
    // Means: P 8, Q 7.5, R 7.5, S 6 (hand-computed from the totals below).
    const results = aggregateRound([
      t("P", "1", 8),
      t("P", "2", 8),
      t("Q", "1", 7),
      t("Q", "2", 8),
      t("R", "1", 8),
      t("R", "2", 7),
      t("S", "1", 6),
      t("S", "2", 6),
    ]);
    const ranked = rankEntries(results, "mean");
    expect(ranked.map((r) => [r.entryId, r.rank, r.tied])).toEqual([
      ["P", 1, false],
      ["Q", 2, true],
      ["R", 2, true],
      ["S", 4, false],
    ]);
  });

  it("can order differently by the trimmed mean when one judge is an outlier", () => {
    // X: 9, 9, 9, 9, 1 → mean 7.4, trimmed 9. Y: 8 × 5 → 8 and 8.
    const scores = ["a", "b", "c", "d", "e"].flatMap((judge, i) => [
      t("X", judge, i === 4 ? 1 : 9),
      t("Y", judge, 8),
    ]);
    const results = aggregateRound(scores);
    expect(rankEntries(results, "mean").map((r) => r.entryId)).toEqual(["Y", "X"]);
    expect(rankEntries(results, "trimmedMean").map((r) => r.entryId)).toEqual(["X", "Y"]);
  });
});
