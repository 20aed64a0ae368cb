import { roundScoringState } from "../../../core/judging-rounds";
import type { JudgingContext } from "./context";
import { progressOf, type RoundProgress } from "./portal-rounds";
import { assignedEntries, loadRound } from "./queries";
import type { AssignedEntry, JudgeIdentity, PortalRound } from "./types";

/**
 * One open round as the judge sees it: their assigned entries (optionally one category's),
 * the categories they have entries in, their progress, and whether it takes scores today (open
 * but outside its dates, the entries are listed and the page says when scoring starts or that
 * it ended). Null when the round is not open or not of their season.
 */
export async function portalEntries(
  ctx: JudgingContext,
  judge: JudgeIdentity,
  roundId: number,
  categoryId: number | null,
): Promise<{
  round: PortalRound;
  entries: AssignedEntry[];
  categories: { id: number; name: { vi: string; en: string }; count: number }[];
  progress: RoundProgress;
} | null> {
  const round = await loadRound(ctx.db.kysely, roundId);
  if (!round || round.seasonId !== judge.seasonId || round.state !== "open") return null;
  const all = (await assignedEntries(ctx.db.kysely, round, judge.id)).map(
    ({ ownerUserId: _owner, ...entry }) => entry,
  );
  const categories = new Map<
    number,
    { id: number; name: { vi: string; en: string }; count: number }
  >();
  for (const e of all) {
    if (e.categoryId === null || !e.category) continue;
    const c = categories.get(e.categoryId) ?? { id: e.categoryId, name: e.category, count: 0 };
    c.count++;
    categories.set(e.categoryId, c);
  }
  return {
    round: { ...round, scoring: roundScoringState(round, ctx.today()) },
    entries: categoryId === null ? all : all.filter((e) => e.categoryId === categoryId),
    categories: [...categories.values()],
    progress: progressOf(all),
  };
}
