import { sql } from "kysely";
import type { CatalogueOption, EntryFilterOptions } from "../../../core/entry-admin-list";
import type { Lang } from "../../../core/languages";
import type { Db } from "../../db/database";

/**
 * What the entries table's filters offer: every season (newest first) and, for the season
 * shown, its tracks, groups and categories in the page's language and the catalogue's order.
 */
export async function entryFilterOptions(
  db: Db,
  input: { seasonYear: number; lang: Lang },
): Promise<EntryFilterOptions> {
  const k = db.kysely;
  const name = (table: string) => sql<string>`${sql.ref(`${table}.name_${input.lang}`)}`.as("name");
  const seasons = await k
    .selectFrom("seasons")
    .select(["id", "year", name("seasons")])
    .orderBy("year", "desc")
    .execute();
  const season = seasons.find((s) => Number(s.year) === input.seasonYear);
  const [tracks, groups, categories] = season
    ? await Promise.all([
        k
          .selectFrom("tracks as t")
          .select(["t.id", "t.slug", name("t")])
          .where("t.season_id", "=", season.id)
          .orderBy("t.sort_order")
          .orderBy("t.id")
          .execute(),
        k
          .selectFrom("category_groups as g")
          .innerJoin("tracks as t", "t.id", "g.track_id")
          .select(["g.id", "g.slug", "g.track_id", name("g")])
          .where("t.season_id", "=", season.id)
          .orderBy("t.sort_order")
          .orderBy("g.sort_order")
          .orderBy("g.id")
          .execute(),
        k
          .selectFrom("categories as c")
          .innerJoin("category_groups as g", "g.id", "c.group_id")
          .innerJoin("tracks as t", "t.id", "g.track_id")
          .select(["c.id", "c.slug", "c.group_id", name("c")])
          .where("t.season_id", "=", season.id)
          .orderBy("t.sort_order")
          .orderBy("g.sort_order")
          .orderBy("c.sort_order")
          .orderBy("c.id")
          .execute(),
      ])
    : [[], [], []];
  return {
    seasons: seasons.map((s) => ({ year: Number(s.year), name: s.name })),
    tracks: tracks.map((t): CatalogueOption => ({
      id: Number(t.id),
      slug: t.slug,
      name: t.name,
      parentId: null,
    })),
    groups: groups.map((g): CatalogueOption => ({
      id: Number(g.id),
      slug: g.slug,
      name: g.name,
      parentId: Number(g.track_id),
    })),
    categories: categories.map((c): CatalogueOption => ({
      id: Number(c.id),
      slug: c.slug,
      name: c.name,
      parentId: Number(c.group_id),
    })),
  };
}
