/**
 * Judging results (PRODUCT §4): from each judge's total for each entry of a round, the
 * figures an organiser defends a result with — count, mean, trimmed mean (the highest and the
 * lowest score dropped once there are at least five), the judge-normalised score (each judge's
 * totals as z-scores, so a harsh or a lenient judge weighs like the others) and the spread —
 * and the ranking per category by the method the round uses, ties flagged. Pure functions.
 */

/** One judge's total for one entry. */
export interface JudgeTotal {
  entryId: string;
  judgeId: string;
  total: number;
}

export interface EntryResult {
  entryId: string;
  count: number;
  mean: number;
  /** The mean without the highest and the lowest score when there are ≥ 5; else the mean. */
  trimmedMean: number;
  /** The mean of this entry's z-scores, each against its judge's own totals in the round. */
  normalised: number;
  /** Highest minus lowest total. */
  spread: number;
}

export const RESULT_METHODS = ["mean", "trimmedMean", "normalised"] as const;
export type ResultMethod = (typeof RESULT_METHODS)[number];

/** Scores needed before the highest and the lowest are dropped. */
export const TRIM_FROM = 5;

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("mean of nothing");
  return sum(values) / values.length;
}

/** The mean with one highest and one lowest value dropped when there are ≥ 5 values. */
export function trimmedMean(values: readonly number[]): number {
  if (values.length < TRIM_FROM) return mean(values);
  const sorted = [...values].sort((a, b) => a - b);
  return mean(sorted.slice(1, -1));
}

/** Population standard deviation. */
export function standardDeviation(values: readonly number[]): number {
  const m = mean(values);
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
}

/**
 * Each score as a z-score against its judge's totals: (total − judge's mean) / judge's
 * standard deviation. A judge who gave every entry the same total says nothing about their
 * order: their z-scores are 0.
 */
export function judgeZScores(scores: readonly JudgeTotal[]): Map<JudgeTotal, number> {
  const byJudge = new Map<string, number[]>();
  for (const s of scores) byJudge.set(s.judgeId, [...(byJudge.get(s.judgeId) ?? []), s.total]);
  const stats = new Map(
    [...byJudge].map(([judge, totals]) => [
      judge,
      { mean: mean(totals), sd: standardDeviation(totals) },
    ]),
  );
  return new Map(
    scores.map((s) => {
      const { mean: m, sd } = stats.get(s.judgeId)!;
      return [s, sd === 0 ? 0 : (s.total - m) / sd];
    }),
  );
}

/** Every entry's figures in a round, from all the round's judge totals. */
export function aggregateRound(scores: readonly JudgeTotal[]): EntryResult[] {
  const z = judgeZScores(scores);
  const byEntry = new Map<string, JudgeTotal[]>();
  for (const s of scores) byEntry.set(s.entryId, [...(byEntry.get(s.entryId) ?? []), s]);
  return [...byEntry].map(([entryId, entryScores]) => {
    const totals = entryScores.map((s) => s.total);
    return {
      entryId,
      count: totals.length,
      mean: mean(totals),
      trimmedMean: trimmedMean(totals),
      normalised: mean(entryScores.map((s) => z.get(s)!)),
      spread: Math.max(...totals) - Math.min(...totals),
    };
  });
}

export interface RankedEntry extends EntryResult {
  /** Competition ranking: equal values share a rank, the next rank skips (1, 2, 2, 4). */
  rank: number;
  /** Shares its value (and rank) with another entry: a person decides. */
  tied: boolean;
}

/** Values equal to 1e-9 are equal: sums of fractions must not split a real tie. */
const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** A category's entries ranked by the round's method, best first; ties flagged, never broken. */
export function rankEntries(results: readonly EntryResult[], method: ResultMethod): RankedEntry[] {
  const sorted = [...results].sort(
    (a, b) => b[method] - a[method] || a.entryId.localeCompare(b.entryId),
  );
  return sorted.map((result, i) => {
    let first = i;
    while (first > 0 && same(sorted[first - 1]![method], result[method])) first--;
    const tied =
      (i > 0 && same(sorted[i - 1]![method], result[method])) ||
      (i < sorted.length - 1 && same(sorted[i + 1]![method], result[method]));
    return { ...result, rank: first + 1, tied };
  });
}

export function isResultMethod(value: unknown): value is ResultMethod {
  return typeof value === "string" && (RESULT_METHODS as readonly string[]).includes(value);
}
