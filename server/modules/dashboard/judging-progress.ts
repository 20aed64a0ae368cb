import { roundWork, type RoundProgressLine } from "../../../core/judging-progress";
import type { Q } from "../judging/context";
import { inRound, roundsOfSeason } from "../judging/queries";
import { progressByJudge, progressIn } from "../judging/round-progress";

/**
 * Each judging round of a season, in order, with its entries, its judges and the score sheets
 * submitted out of those expected. Each judge's work is read with the judging module's own
 * query (`progressByJudge`), so the dashboard counts exactly what the round's page shows the
 * jury manager.
 */
export async function judgingProgress(q: Q, seasonId: number): Promise<RoundProgressLine[]> {
  const rounds = await roundsOfSeason(q, seasonId);
  return Promise.all(
    rounds.map(async (round) => {
      const [count, judges, progress] = await Promise.all([
        q
          .selectFrom("entries as e")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where(inRound(round))
          .executeTakeFirstOrThrow(),
        q
          .selectFrom("judge_assignments as a")
          .innerJoin("judges as j", "j.id", "a.judge_id")
          .select("a.judge_id")
          .distinct()
          .where("a.round_id", "=", round.id)
          .where("j.season_id", "=", round.seasonId)
          .execute(),
        progressByJudge(q, round),
      ]);
      const work = judges.map((j) => progressIn(progress, j.judge_id));
      return {
        id: round.id,
        position: round.position,
        nameVi: round.name.vi,
        nameEn: round.name.en,
        state: round.state,
        entries: Number(count.n),
        judges: judges.length,
        ...roundWork(work),
      };
    }),
  );
}
