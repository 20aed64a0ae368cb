import type { EntryStatus } from "../../../core/entry-status";
import { judgedResult, type JudgingTarget } from "../../../core/judging-outcomes";
import { prizeRank, publishRefusal } from "../../../core/judging-prizes";
import { JUDGEABLE_STATUSES } from "../../../core/judging-rounds";
import { PUBLISHABLE_STATUSES } from "../../../core/library";
import { refusal, type Outcome } from "../../../core/refusal";
import type { StatusActor } from "../entries/change-status";
import { indexEntries } from "../library/index-entry";
import { scoreCounts } from "./queries";
import type { JudgingContext, Q } from "./context";
import {
  countByStatus,
  moveJudgedEntries,
  queueJudgedEmails,
  sendJudgedEmailsSoon,
} from "./judged-statuses";

/**
 * Publishes the season's prizes as its winners: the public winners page of the season's year
 * then lists each prized entry (title, brand, the entrant's company or name, category, prize),
 * in both languages, and the prize-winning entries are published to the library with their
 * prize. Publishing again replaces what judging published before; winners typed in by hand
 * (no entry) are left alone.
 *
 * Publishing is also when every judged entry of the season (one with a prize, a later round or
 * a score) gets its result as its status
 * (core/judging-outcomes.ts: winner, finalist, not awarded), recorded in its history by the
 * manager, in the same transaction, which also queues the email of each entrant whose entry
 * moved (the mail job sends them after the answer).
 * Refused while a round is open: its scores are not final yet.
 */
export async function publishWinners(
  ctx: JudgingContext,
  actor: StatusActor,
  seasonId: number,
): Promise<Outcome<{ published: number; moved: Partial<Record<EntryStatus, number>> }>> {
  const q = ctx.db.kysely;
  const season = await q
    .selectFrom("seasons")
    .select(["id", "year"])
    .where("id", "=", seasonId)
    .executeTakeFirst();
  if (!season) return refusal(404, "judging.errors.seasonNotFound");
  const prized = await q
    .selectFrom("prizes as p")
    .innerJoin("entries as e", "e.id", "p.entry_id")
    .leftJoin("categories as c", "c.id", "e.category_id")
    .leftJoin("registrants as r", "r.user_id", "e.owner_user_id")
    .select([
      "p.entry_id",
      "p.prize",
      "e.category_id",
      "e.campaign_name",
      "e.brand_name",
      "c.name_vi",
      "c.name_en",
      "c.sort_order",
      "r.company_name",
      "r.full_name",
    ])
    .where("p.season_id", "=", seasonId)
    .execute();
  const rounds = await q
    .selectFrom("judging_rounds")
    .select(["id", "position", "state"])
    .where("season_id", "=", seasonId)
    .orderBy("position")
    .execute();
  const refused = publishRefusal({
    prizes: prized.length,
    roundOpen: rounds.some((r) => r.state === "open"),
  });
  if (refused) return refusal(409, refused);
  const sorted = [...prized].sort(
    (a, b) =>
      prizeRank(a.prize) - prizeRank(b.prize) ||
      Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0),
  );
  const now = ctx.now();
  const moves = await q.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("winners")
      .where("year", "=", Number(season.year))
      .where(
        "entry_id",
        "in",
        trx.selectFrom("entries").select("id").where("season_id", "=", seasonId),
      )
      .execute();
    await trx
      .insertInto("winners")
      .values(
        sorted.map((p, i) => ({
          year: Number(season.year),
          category_id: p.category_id,
          entry_id: p.entry_id,
          title: p.campaign_name,
          brand: p.brand_name,
          agency: p.company_name ?? p.full_name ?? "",
          // No label of its own: the list names the category through category_id, with its
          // group ("Truyền hình – Chiến dịch"), as the entry form does.
          category_label_vi: "",
          category_label_en: "",
          prize: p.prize,
          image: null,
          image_media_id: null,
          video_url: null,
          sort_order: i + 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await trx
      .updateTable("prizes")
      .set({ published_at: now })
      .where("season_id", "=", seasonId)
      .execute();
    const results = await resultsOfSeason(trx, seasonId, rounds, prized);
    const moved = await moveJudgedEntries(ctx, trx, actor, results, now);
    await queueJudgedEmails(ctx, trx, moved);
    // The prize-winning entries go into the library with their prize; entries of the season
    // already there are indexed again, so a prize taken away since is gone from them too.
    const toIndex = await trx
      .selectFrom("entries as e")
      .select("e.id")
      .where("e.season_id", "=", seasonId)
      .where("e.status", "in", [...PUBLISHABLE_STATUSES])
      .where((eb) =>
        eb.or([
          eb(
            "e.id",
            "in",
            eb.selectFrom("prizes").select("entry_id").where("season_id", "=", seasonId),
          ),
          eb("e.id", "in", eb.selectFrom("library_entries").select("entry_id")),
        ]),
      )
      .execute();
    await indexEntries(
      trx,
      toIndex.map((r) => r.id),
      { at: now, publishedBy: actor.id },
    );
    return moved;
  });
  ctx.deps.onContentChange?.();
  const moved = countByStatus(moves);
  await ctx.deps.audit?.record(
    actor,
    "winners.publish",
    { type: "season", id: seasonId },
    {
      year: season.year,
      winners: sorted.length,
      moved,
    },
  );
  sendJudgedEmailsSoon(ctx, moves);
  return { ok: true, published: sorted.length, moved };
}

/**
 * The result of every judged entry of the season: a prize makes it a winner; an entry in the
 * last of several rounds (advanced into it) without one is a finalist; the other judged entries
 * are not awarded.
 */
async function resultsOfSeason(
  trx: Q,
  seasonId: number,
  rounds: readonly { id: number | bigint; position: number | bigint }[],
  prized: readonly { entry_id: string }[],
): Promise<Map<string, JudgingTarget>> {
  const last = rounds.at(-1);
  const inFinal = new Set<string>();
  if (last && rounds.length > 1) {
    const rows = await trx
      .selectFrom("round_entries")
      .select("entry_id")
      .where("round_id", "=", Number(last.id))
      .execute();
    for (const row of rows) inFinal.add(row.entry_id);
  }
  const withPrize = new Set(prized.map((p) => p.entry_id));
  // Judged: the entry has a prize, went into a later round, or has a score that counts (from a
  // judge without a conflict on it). An entry no judge scored (a category nobody was assigned
  // to) has no result to give and keeps its status.
  const roundIds = rounds.map((r) => Number(r.id));
  const judged = await trx
    .selectFrom("entries as e")
    .select("e.id")
    .where("e.season_id", "=", seasonId)
    .where("e.status", "in", [...JUDGEABLE_STATUSES])
    .where((eb) => {
      const judgedBy = [eb("e.id", "in", [...withPrize])];
      if (roundIds.length > 0) {
        judgedBy.push(
          eb.exists(
            eb
              .selectFrom("round_entries as re")
              .select("re.entry_id")
              .whereRef("re.entry_id", "=", "e.id")
              .where("re.round_id", "in", roundIds),
          ),
          eb.exists(
            eb
              .selectFrom("scores as s")
              .select("s.entry_id")
              .whereRef("s.entry_id", "=", "e.id")
              .where("s.round_id", "in", roundIds)
              .where(scoreCounts),
          ),
        );
      }
      return eb.or(judgedBy);
    })
    .orderBy("e.code")
    .execute();
  return new Map(
    judged.map((e) => [
      e.id,
      judgedResult({
        prized: withPrize.has(e.id),
        inFinalRound: inFinal.has(e.id),
        rounds: rounds.length,
      }),
    ]),
  );
}
