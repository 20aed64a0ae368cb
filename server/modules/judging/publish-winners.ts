import { prizeRank } from "../../../core/judging-prizes";
import { PUBLISHABLE_STATUSES } from "../../../core/library";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import { indexEntries } from "../library/index-entry";
import type { JudgingContext } from "./context";

/**
 * Publishes the season's prizes as its winners: the public winners page of the season's year
 * then lists each prized entry (title, brand, the entrant's company or name, category, prize),
 * in both languages, and the prize-winning entries are published to the library with their
 * prize. Publishing again replaces what judging published before; winners typed in by hand
 * (no entry) are left alone.
 */
export async function publishWinners(
  ctx: JudgingContext,
  actor: Actor,
  seasonId: number,
): Promise<Outcome<{ published: number }>> {
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
  if (prized.length === 0) return refusal(409, "judging.errors.noPrizes");
  const sorted = [...prized].sort(
    (a, b) =>
      prizeRank(a.prize) - prizeRank(b.prize) ||
      Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0),
  );
  const now = ctx.now();
  await q.transaction().execute(async (trx) => {
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
          category_label_vi: p.name_vi ?? "",
          category_label_en: p.name_en ?? "",
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
  });
  ctx.deps.onContentChange?.();
  await ctx.deps.audit?.record(
    actor,
    "winners.publish",
    { type: "season", id: seasonId },
    {
      year: season.year,
      winners: sorted.length,
    },
  );
  return { ok: true, published: sorted.length };
}
