import { sql, type Expression, type Selectable, type SqlBool } from "kysely";
import { JUDGEABLE_STATUSES, parseCriteria, type RoundState } from "../../../core/judging-rounds";
import { RESULT_METHODS, type ResultMethod } from "../../../core/judging-results";
import type { JudgingRoundTable } from "../../db/schema-judging";
import type { Q } from "./context";
import type { AssignedEntry, RoundView, ScoreView } from "./types";

/** A round's row as read (its timestamps are not shown). */
type RoundRow = Omit<Selectable<JudgingRoundTable>, "created_at" | "updated_at">;

export function toRoundView(r: RoundRow): RoundView {
  return {
    id: Number(r.id),
    seasonId: Number(r.season_id),
    position: Number(r.position),
    name: { vi: r.name_vi, en: r.name_en },
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    state: r.state as RoundState,
    method: (RESULT_METHODS as readonly string[]).includes(r.method)
      ? (r.method as ResultMethod)
      : "mean",
    criteria: parseCriteria(r.criteria),
  };
}

export async function loadRound(q: Q, roundId: number): Promise<RoundView | null> {
  const row = await q
    .selectFrom("judging_rounds")
    .selectAll()
    .where("id", "=", roundId)
    .executeTakeFirst();
  return row ? toRoundView(row) : null;
}

export async function roundsOfSeason(q: Q, seasonId: number): Promise<RoundView[]> {
  const rows = await q
    .selectFrom("judging_rounds")
    .selectAll()
    .where("season_id", "=", seasonId)
    .orderBy("position")
    .execute();
  return rows.map(toRoundView);
}

/**
 * Whether the season's winners have been published: publishing stamps the season's prizes
 * (`published_at`) and writes the public winners list from them (rows naming the entry), so
 * either one found means results built on the season's scores are public.
 */
export async function winnersPublished(q: Q, seasonId: number): Promise<boolean> {
  const [prize, winner] = await Promise.all([
    q
      .selectFrom("prizes")
      .select("id")
      .where("season_id", "=", seasonId)
      .where("published_at", "is not", null)
      .limit(1)
      .executeTakeFirst(),
    q
      .selectFrom("winners")
      .select("id")
      .where(
        "entry_id",
        "in",
        q.selectFrom("entries").select("id").where("season_id", "=", seasonId),
      )
      .limit(1)
      .executeTakeFirst(),
  ]);
  return prize !== undefined || winner !== undefined;
}

/**
 * "Entry `e` is judged in round `round`": round 1 judges the season's screened-in entries, a
 * later round the entries advanced into it.
 */
export function inRound(round: RoundView): Expression<SqlBool> {
  if (round.position === 1) {
    return sql<SqlBool>`(e.season_id = ${round.seasonId} and e.status in (${sql.join(
      JUDGEABLE_STATUSES.map((s) => sql`${s}`),
    )}))`;
  }
  // A list of ids the round holds, not a correlated test: the database reads the round's entries
  // by their key instead of testing every entry of every season.
  return sql<SqlBool>`e.id in (select re.entry_id from round_entries re where re.round_id = ${round.id})`;
}

/**
 * "Score `s` counts": its judge did not declare a conflict on its entry in its round or an
 * earlier one, and is not excluded from the entry's owner from its round on (such a score stays
 * in the log but is left out of results, exports and publication). A conflict declared in a
 * later round, or an exclusion added once the round had been closed or locked, leaves the
 * rounds before it as they ended: their results were closed and locked with that score (until
 * such a round is reopened, which brings the exclusion to it). An exclusion removed again lets
 * its scores count again.
 */
export const scoreCounts: Expression<SqlBool> = sql<SqlBool>`(not exists (select 1 from
  judge_conflicts jc
  join judging_rounds declared_in on declared_in.id = jc.round_id
  join judging_rounds scored_in on scored_in.id = s.round_id
  where jc.entry_id = s.entry_id and jc.judge_id = s.judge_id
    and declared_in.position <= scored_in.position)
  and not exists (select 1 from judge_exclusions x
  join entries excluded_entry on excluded_entry.id = s.entry_id
  join judging_rounds excluded_in on excluded_in.id = s.round_id
  where x.judge_id = s.judge_id and x.registrant_user_id = excluded_entry.owner_user_id
    and x.applies_from_position <= excluded_in.position))`;

/** "Judge `judgeId` is assigned entry `e` in the round and not kept away from its owner." */
export function assignedTo(round: RoundView, judgeId: string): Expression<SqlBool> {
  // Two tests rather than one with "or": each finds its row through an index of migration 0025
  // (a judge given hundreds of single entries would otherwise have them all read per entry).
  return sql<SqlBool>`((exists (select 1 from judge_assignments a where a.round_id = ${round.id}
        and a.judge_id = ${judgeId} and a.category_id = e.category_id)
      or exists (select 1 from judge_assignments a where a.round_id = ${round.id}
        and a.judge_id = ${judgeId} and a.entry_id = e.id))
    and not exists (select 1 from judge_exclusions x where x.judge_id = ${judgeId}
      and x.registrant_user_id = e.owner_user_id))`;
}

export function toScoreView(row: {
  scores: string;
  comment: string;
  total: number | string;
  version: number | string;
  updated_at: string;
}): ScoreView {
  return {
    scores: JSON.parse(row.scores) as Record<string, number>,
    comment: row.comment,
    total: Number(row.total),
    version: Number(row.version),
    updatedAt: row.updated_at,
  };
}

/** The entries a judge is given in a round (or the one asked for), with their score and conflict. */
export async function assignedEntries(
  q: Q,
  round: RoundView,
  judgeId: string,
  entryId?: string,
): Promise<(AssignedEntry & { ownerUserId: string })[]> {
  let query = q
    .selectFrom("entries as e")
    .leftJoin("categories as c", "c.id", "e.category_id")
    .leftJoin("category_groups as g", "g.id", "c.group_id")
    .leftJoin("scores as s", (join) =>
      join
        .onRef("s.entry_id", "=", "e.id")
        .on("s.round_id", "=", round.id)
        .on("s.judge_id", "=", judgeId),
    )
    .leftJoin("judge_conflicts as jc", (join) =>
      join.onRef("jc.entry_id", "=", "e.id").on("jc.judge_id", "=", judgeId),
    )
    .select([
      "e.id",
      "e.code",
      "e.category_id",
      "e.campaign_name",
      "e.brand_name",
      "e.owner_user_id",
      "c.name_vi as category_vi",
      "c.name_en as category_en",
      "g.name_vi as group_vi",
      "g.name_en as group_en",
      "c.sort_order as category_order",
      "s.scores",
      "s.comment",
      "s.total",
      "s.version",
      "s.updated_at",
      "jc.declared_at",
    ])
    .where(inRound(round))
    .where(assignedTo(round, judgeId));
  if (entryId !== undefined) query = query.where("e.id", "=", entryId);
  const rows = await query.orderBy("c.sort_order").orderBy("e.code").execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code ?? "",
    categoryId: r.category_id,
    // With its group: several groups have a category of the same name ("Chiến dịch").
    category:
      r.category_vi !== null
        ? {
            vi: [r.group_vi, r.category_vi].filter(Boolean).join(" – "),
            en: [r.group_en, r.category_en].filter(Boolean).join(" – "),
          }
        : null,
    title: r.campaign_name,
    brand: r.brand_name,
    ownerUserId: r.owner_user_id,
    score:
      r.scores !== null && r.version !== null
        ? toScoreView({
            scores: r.scores,
            comment: r.comment ?? "",
            total: r.total ?? 0,
            version: r.version,
            updated_at: r.updated_at ?? "",
          })
        : null,
    conflict: r.declared_at !== null,
  }));
}

/**
 * In one query, what a write needs to know: the round, whether the entry is the judge's in it
 * (judged in the round, assigned, not excluded) and whether the judge declared a conflict.
 */
export async function scoringTarget(
  q: Q,
  roundId: number,
  judgeId: string,
  entryId: string,
): Promise<{ round: RoundView; assigned: boolean; conflict: boolean } | null> {
  const statuses = sql.join(JUDGEABLE_STATUSES.map((s) => sql`${s}`));
  const { rows } = await sql<RoundRow & { assigned: unknown; conflict: unknown }>`
    select r.*,
      exists (select 1 from entries e where e.id = ${entryId}
        and ((r.position = 1 and e.season_id = r.season_id and e.status in (${statuses}))
          or (r.position > 1 and exists (select 1 from round_entries re
            where re.round_id = r.id and re.entry_id = e.id)))
        and exists (select 1 from judge_assignments a where a.round_id = r.id
          and a.judge_id = ${judgeId} and (a.category_id = e.category_id or a.entry_id = e.id))
        and not exists (select 1 from judge_exclusions x where x.judge_id = ${judgeId}
          and x.registrant_user_id = e.owner_user_id)) as assigned,
      exists (select 1 from judge_conflicts jc
        where jc.entry_id = ${entryId} and jc.judge_id = ${judgeId}) as conflict
    from judging_rounds r where r.id = ${roundId}`.execute(q);
  const row = rows[0];
  if (!row) return null;
  const yes = (v: unknown) => v === true || Number(v) === 1;
  return { round: toRoundView(row), assigned: yes(row.assigned), conflict: yes(row.conflict) };
}
