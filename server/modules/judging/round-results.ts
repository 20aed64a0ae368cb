import { qualifiedCategoryName } from "../../../core/category-tree";
import { weightedMean, type Criterion } from "../../../core/judging-criteria";
import {
  aggregateRound,
  rankEntries,
  type EntryResult,
  type RankedEntry,
  type ResultMethod,
} from "../../../core/judging-results";
import type { RoundState } from "../../../core/judging-rounds";
import type { JudgingContext } from "./context";
import { inRound, loadRound, scoreCounts } from "./queries";
import type { RoundView } from "./types";

export interface ResultRow extends Partial<RankedEntry> {
  entryId: string;
  code: string;
  title: string;
  brand: string;
  count: number;
  prize: string | null;
  /** Already in the next round. */
  advanced: boolean;
}

export interface CategoryResults {
  categoryId: number | null;
  category: { vi: string; en: string } | null;
  track: { id: number | null; vi: string; en: string } | null;
  /** Ranked entries first (best first), then entries without a score. */
  rows: ResultRow[];
}

export interface RoundResults {
  round: RoundView;
  /** The round after this one, if any: where advancing puts entries. */
  next: { id: number; state: RoundState } | null;
  method: ResultMethod;
  categories: CategoryResults[];
  scoreCount: number;
}

/**
 * A judge's total as the exact weighted mean of their criterion scores (the stored total is
 * rounded to two decimals for the judge's eyes); the stored one if the scores do not fit the
 * round's criteria.
 */
function exactTotal(criteria: Criterion[], scores: string, stored: number): number {
  try {
    return weightedMean(criteria, JSON.parse(scores) as Record<string, number>);
  } catch {
    return stored;
  }
}

/**
 * A round's results (PRODUCT §4): every judge's total per entry (scores of a judge who has
 * declared a conflict on the entry left out), aggregated by core/judging-results.ts and
 * ranked per category by `method` (the round's own unless asked otherwise).
 */
export async function roundResults(
  ctx: JudgingContext,
  roundId: number,
  method?: ResultMethod,
): Promise<RoundResults | null> {
  const q = ctx.db.kysely;
  const round = await loadRound(q, roundId);
  if (!round) return null;
  const use = method ?? round.method;
  const next = await q
    .selectFrom("judging_rounds")
    .select(["id", "state"])
    .where("season_id", "=", round.seasonId)
    .where("position", "=", round.position + 1)
    .executeTakeFirst();
  const [entries, scores, advanced, prizes] = await Promise.all([
    q
      .selectFrom("entries as e")
      .leftJoin("categories as c", "c.id", "e.category_id")
      .leftJoin("tracks as t", "t.id", "e.track_id")
      .select([
        "e.id",
        "e.code",
        "e.campaign_name",
        "e.brand_name",
        "e.category_id",
        "c.code as category_code",
        "c.name_vi",
        "c.name_en",
        "c.sort_order",
        "t.id as track_id",
        "t.name_vi as track_vi",
        "t.name_en as track_en",
      ])
      .where(inRound(round))
      .orderBy("t.sort_order")
      .orderBy("c.sort_order")
      .orderBy("e.code")
      .execute(),
    q
      .selectFrom("scores as s")
      .select(["s.entry_id", "s.judge_id", "s.scores", "s.total"])
      .where("s.round_id", "=", roundId)
      .where(scoreCounts)
      .execute(),
    next
      ? q.selectFrom("round_entries").select("entry_id").where("round_id", "=", next.id).execute()
      : Promise.resolve([]),
    q
      .selectFrom("prizes")
      .select(["entry_id", "prize"])
      .where("season_id", "=", round.seasonId)
      .execute(),
  ]);
  const inThisRound = new Set(entries.map((e) => e.id));
  const totals = scores
    .filter((s) => inThisRound.has(s.entry_id))
    .map((s) => ({
      entryId: s.entry_id,
      judgeId: s.judge_id,
      total: exactTotal(round.criteria, s.scores, Number(s.total)),
    }));
  const results = new Map<string, EntryResult>(aggregateRound(totals).map((r) => [r.entryId, r]));
  const advancedIds = new Set(advanced.map((a) => a.entry_id));
  const prizeOf = new Map(prizes.map((p) => [p.entry_id, p.prize]));

  const groups = new Map<
    string,
    CategoryResults & { scored: EntryResult[]; meta: Map<string, ResultRow> }
  >();
  for (const e of entries) {
    const key = String(e.category_id ?? "none");
    let group = groups.get(key);
    if (!group) {
      group = {
        categoryId: e.category_id,
        category:
          e.name_vi !== null
            ? qualifiedCategoryName(e.category_code ?? "", { vi: e.name_vi, en: e.name_en ?? "" })
            : null,
        track:
          e.track_vi !== null ? { id: e.track_id, vi: e.track_vi, en: e.track_en ?? "" } : null,
        rows: [],
        scored: [],
        meta: new Map(),
      };
      groups.set(key, group);
    }
    const row: ResultRow = {
      entryId: e.id,
      code: e.code ?? "",
      title: e.campaign_name,
      brand: e.brand_name,
      count: 0,
      prize: prizeOf.get(e.id) ?? null,
      advanced: advancedIds.has(e.id),
    };
    group.meta.set(e.id, row);
    const result = results.get(e.id);
    if (result) group.scored.push(result);
  }
  const categories = [...groups.values()].map(({ scored, meta, ...group }) => {
    const ranked = rankEntries(scored, use).map((r) => ({ ...meta.get(r.entryId)!, ...r }));
    const unscored = [...meta.values()].filter((m) => !results.has(m.entryId));
    return { ...group, rows: [...ranked, ...unscored] };
  });
  return {
    round,
    next: next ? { id: Number(next.id), state: next.state as RoundState } : null,
    method: use,
    categories,
    scoreCount: totals.length,
  };
}
