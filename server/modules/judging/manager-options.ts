import { sql } from "kysely";
import type { JudgingContext } from "./context";

/** A registrant as the forms name them: the company for an enterprise, else the person. */
const registrantName = sql<string>`(case when r.type = 'enterprise' and
  coalesce(r.company_name, '') <> '' then r.company_name else r.full_name end)`;

/**
 * What the jury manager's forms choose from: the season's jury profiles (by year), its
 * categories, and the registrants with entries in it (for exclusions).
 */
export async function managerOptions(ctx: JudgingContext, seasonId: number) {
  const q = ctx.db.kysely;
  const season = await q
    .selectFrom("seasons")
    .select(["id", "year"])
    .where("id", "=", seasonId)
    .executeTakeFirstOrThrow();
  const [jury, categories, registrants] = await Promise.all([
    q
      .selectFrom("jury_members")
      .select(["id", "name"])
      .where("year", "=", Number(season.year))
      .orderBy("sort_order")
      .execute(),
    q
      .selectFrom("categories as c")
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .select(["c.id", "c.code", "c.name_vi", "c.name_en"])
      .where("t.season_id", "=", seasonId)
      .orderBy("t.sort_order")
      .orderBy("g.sort_order")
      .orderBy("c.sort_order")
      .execute(),
    q
      .selectFrom("registrants as r")
      .select(["r.user_id", registrantName.as("name")])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("entries as e")
            .select("e.id")
            .whereRef("e.owner_user_id", "=", "r.user_id")
            .where("e.season_id", "=", seasonId),
        ),
      )
      // Vietnamese alphabetical order (Đ after D, not after Z), people and companies together.
      .orderBy(sql`vx_sort(${registrantName})`)
      .orderBy("r.user_id")
      .execute(),
  ]);
  return {
    year: Number(season.year),
    jury: jury.map((j) => ({ id: Number(j.id), name: j.name })),
    categories: categories.map((c) => ({
      id: Number(c.id),
      code: c.code,
      name: { vi: c.name_vi, en: c.name_en },
    })),
    registrants: registrants.map((r) => ({ id: r.user_id, name: r.name })),
  };
}

/** The season's prizes (entry id → prize) and whether each is published. */
export async function seasonPrizes(ctx: JudgingContext, seasonId: number) {
  const rows = await ctx.db.kysely
    .selectFrom("prizes as p")
    .innerJoin("entries as e", "e.id", "p.entry_id")
    .select(["p.entry_id", "p.prize", "p.published_at", "e.code", "e.campaign_name"])
    .where("p.season_id", "=", seasonId)
    .orderBy("e.code")
    .execute();
  return rows.map((r) => ({
    entryId: r.entry_id,
    prize: r.prize,
    code: r.code ?? "",
    title: r.campaign_name,
    publishedAt: r.published_at,
  }));
}

/** The season of `year` (id and year) with every season's year for a switcher; null if none. */
export async function judgingSeason(ctx: JudgingContext, year: number) {
  const seasons = await ctx.db.kysely
    .selectFrom("seasons")
    .select(["id", "year"])
    .orderBy("year", "desc")
    .execute();
  const season = seasons.find((s) => Number(s.year) === year);
  return season
    ? {
        id: Number(season.id),
        year: Number(season.year),
        years: seasons.map((s) => Number(s.year)),
      }
    : null;
}
