import { sql } from "kysely";
import type { Q } from "./context";
import type { RoundProgress } from "./portal-rounds";
import { inRound } from "./queries";
import type { RoundView } from "./types";

/**
 * Every judge's progress in a round, in one query: the same entries `assignedEntries` gives each
 * judge (judged in the round, assigned by category or by entry, not kept away from the owner),
 * with the same counts `progressOf` makes of them. For the pages that show all judges at once
 * (the round's page, the dashboard): one query per judge took a second at a national season's
 * size. A judge with nothing to judge is absent from the map. The category assignments are read
 * first ("cross join" keeps SQLite to that order), each finding its entries by their category.
 */
export async function progressByJudge(q: Q, round: RoundView): Promise<Map<string, RoundProgress>> {
  const { rows } = await sql<{
    judge_id: string;
    assigned: number | string;
    scored: number | string | null;
    conflicts: number | string | null;
  }>`
    select p.judge_id,
      count(*) as assigned,
      sum(case when jc.entry_id is null and s.entry_id is not null then 1 else 0 end) as scored,
      sum(case when jc.entry_id is not null then 1 else 0 end) as conflicts
    from (
      select a.judge_id, e.id as entry_id, e.owner_user_id
        from judge_assignments a cross join entries e
        where a.round_id = ${round.id} and a.category_id is not null
          and e.category_id = a.category_id and ${inRound(round)}
      union
      select a.judge_id, e.id as entry_id, e.owner_user_id
        from judge_assignments a join entries e on e.id = a.entry_id
        where a.round_id = ${round.id} and ${inRound(round)}
    ) p
    left join scores s
      on s.round_id = ${round.id} and s.entry_id = p.entry_id and s.judge_id = p.judge_id
    left join judge_conflicts jc on jc.entry_id = p.entry_id and jc.judge_id = p.judge_id
    where not exists (select 1 from judge_exclusions x
      where x.judge_id = p.judge_id and x.registrant_user_id = p.owner_user_id)
    group by p.judge_id`.execute(q);
  return new Map(
    rows.map((r) => {
      const assigned = Number(r.assigned);
      const scored = Number(r.scored ?? 0);
      const conflicts = Number(r.conflicts ?? 0);
      return [
        r.judge_id,
        { assigned, scored, conflicts, remaining: assigned - scored - conflicts },
      ];
    }),
  );
}

/** A judge's progress from `progressByJudge`'s map: nothing assigned when absent. */
export function progressIn(map: Map<string, RoundProgress>, judgeId: string): RoundProgress {
  return map.get(judgeId) ?? { assigned: 0, scored: 0, conflicts: 0, remaining: 0 };
}
