import { roundWork, type RoundProgressLine } from "../../../core/judging-progress";
import type { Q } from "../judging/context";
import { progressOf } from "../judging/portal-rounds";
import { assignedEntries, inRound, roundsOfSeason } from "../judging/queries";

/**
 * Each judging round of a season, in order, with its entries, its judges and the score sheets
 * submitted out of those expected. Each judge's work is read with the judging module's own
 * queries (`assignedEntries`, `progressOf`), so the dashboard counts exactly what the round's
 * page shows the jury manager.
 */
export async function judgingProgress(q: Q, seasonId: number): Promise<RoundProgressLine[]> {
  const rounds = await roundsOfSeason(q, seasonId);
  return Promise.all(
    rounds.map(async (round) => {
      const [count, judges] = await Promise.all([
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
      ]);
      const work = await Promise.all(
        judges.map(async (j) => progressOf(await assignedEntries(q, round, j.judge_id))),
      );
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
