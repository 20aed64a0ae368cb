import { qualifiedCategoryName } from "../../../core/category-tree";
import { roundScoringState, type RoundScoringState } from "../../../core/judging-rounds";
import type { JudgingContext } from "./context";
import type { RoundProgress } from "./portal-rounds";
import { inRound, loadRound, winnersPublished } from "./queries";
import { progressByJudge, progressIn } from "./round-progress";
import type { RoundView } from "./types";

export interface RoundOverview {
  round: RoundView;
  /**
   * Whether judges can score today: an open round whose first day is to come or whose last day
   * has passed takes no score (the manager is warned).
   */
  scoring: RoundScoringState;
  /** Entries judged in the round. */
  entries: number;
  /** The season's winners are public: the round's scores may no longer change. */
  winnersPublished: boolean;
  assignments: {
    id: number;
    judgeId: string;
    judge: string;
    category: { vi: string; en: string } | null;
    entryCode: string | null;
  }[];
  judges: { id: string; name: string; progress: RoundProgress }[];
  conflicts: {
    judge: string;
    entryId: string;
    entryCode: string;
    note: string;
    declaredAt: string;
  }[];
}

/** A round for the jury manager: its entries, who judges what, each judge's progress, conflicts. */
export async function roundOverview(
  ctx: JudgingContext,
  roundId: number,
): Promise<RoundOverview | null> {
  const q = ctx.db.kysely;
  const round = await loadRound(q, roundId);
  if (!round) return null;
  const [count, assignments, conflicts, judges, published, progress] = await Promise.all([
    q
      .selectFrom("entries as e")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(inRound(round))
      .executeTakeFirstOrThrow(),
    q
      .selectFrom("judge_assignments as a")
      .innerJoin("judges as j", "j.id", "a.judge_id")
      .leftJoin("categories as c", "c.id", "a.category_id")
      .leftJoin("entries as e", "e.id", "a.entry_id")
      .select(["a.id", "a.judge_id", "j.name", "c.code as category_code", "c.name_vi", "c.name_en"])
      .select("e.code")
      .where("a.round_id", "=", roundId)
      .orderBy("j.name")
      .orderBy("a.id")
      .execute(),
    q
      .selectFrom("judge_conflicts as jc")
      .innerJoin("judges as j", "j.id", "jc.judge_id")
      .innerJoin("entries as e", "e.id", "jc.entry_id")
      .select(["j.name", "jc.entry_id", "e.code", "jc.note", "jc.declared_at"])
      .where("j.season_id", "=", round.seasonId)
      .orderBy("jc.declared_at", "desc")
      .execute(),
    q
      .selectFrom("judges")
      .select(["id", "name"])
      .where("season_id", "=", round.seasonId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("judge_assignments as a")
            .select("a.id")
            .whereRef("a.judge_id", "=", "judges.id")
            .where("a.round_id", "=", roundId),
        ),
      )
      .orderBy("name")
      .execute(),
    winnersPublished(q, round.seasonId),
    progressByJudge(q, round),
  ]);
  return {
    round,
    scoring: roundScoringState(round, ctx.today()),
    entries: Number(count.n),
    winnersPublished: published,
    assignments: assignments.map((a) => ({
      id: Number(a.id),
      judgeId: a.judge_id,
      judge: a.name,
      category:
        a.name_vi !== null
          ? qualifiedCategoryName(a.category_code ?? "", { vi: a.name_vi, en: a.name_en ?? "" })
          : null,
      entryCode: a.code ?? null,
    })),
    judges: judges.map((j) => ({ id: j.id, name: j.name, progress: progressIn(progress, j.id) })),
    conflicts: conflicts.map((c) => ({
      judge: c.name,
      entryId: c.entry_id,
      entryCode: c.code ?? "",
      note: c.note,
      declaredAt: c.declared_at,
    })),
  };
}
