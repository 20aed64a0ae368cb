import type { WinnerPrize } from "../../core/content-admin";
import { rankEntries, type aggregateRound } from "../../core/judging-results";
import type { JudgedEntry } from "./judging-scores";

/**
 * The winners' prizes, per category by the final round's ranking (its trimmed mean): in the
 * Van Xuan track gold, silver, then bronze — Grand Prix in its own category — and first,
 * second, third in the others. Without a winner in the Grand Prix category, the best gold of
 * the track becomes the Grand Prix (the campaign of the year is chosen from the golds).
 */
export function prizesFor(
  finalists: JudgedEntry[],
  results: ReturnType<typeof aggregateRound>,
): { entryId: string; prize: WinnerPrize }[] {
  const winners = finalists.filter((e) => e.status === "winner");
  const byCategory = new Map<string, JudgedEntry[]>();
  for (const e of winners) {
    const key = String(e.categoryId);
    byCategory.set(key, [...(byCategory.get(key) ?? []), e]);
  }
  const prizes: { entryId: string; prize: WinnerPrize; track: string | null; score: number }[] = [];
  for (const group of byCategory.values()) {
    const ids = new Set(group.map((e) => e.id));
    const ranked = rankEntries(
      results.filter((r) => ids.has(r.entryId)),
      "trimmedMean",
    );
    for (const [i, r] of ranked.entries()) {
      const entry = group.find((e) => e.id === r.entryId)!;
      const ladder: readonly WinnerPrize[] =
        entry.trackCode === "VX"
          ? entry.categoryCode === "GPX"
            ? ["grand_prix", "gold", "silver", "bronze"]
            : ["gold", "silver", "bronze"]
          : ["first", "second", "third"];
      prizes.push({
        entryId: entry.id,
        prize: ladder[Math.min(i, ladder.length - 1)]!,
        track: entry.trackCode,
        score: r.trimmedMean,
      });
    }
  }
  if (!prizes.some((p) => p.prize === "grand_prix")) {
    const best = prizes
      .filter((p) => p.track === "VX" && p.prize === "gold")
      .sort((a, b) => b.score - a.score)[0];
    if (best) best.prize = "grand_prix";
  }
  return prizes.map(({ entryId, prize }) => ({ entryId, prize }));
}
