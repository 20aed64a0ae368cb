import { sql } from "kysely";
import type {
  CatalogueOption,
  EntryFilterOptions,
  SeasonCatalogue,
} from "../../../core/entry-admin-list";
import type { Lang } from "../../../core/languages";
import type { Db } from "../../db/database";

/**
 * What the entries table's filters offer: every season (newest first) and each season's
 * tracks, groups and categories in the page's language and the catalogue's order; the season
 * shown's at the top, every season's by year (the filters switch seasons in place).
 */
export async function entryFilterOptions(
  db: Db,
  input: { seasonYear: number; lang: Lang },
): Promise<EntryFilterOptions> {
  const k = db.kysely;
  const name = (table: string) => sql<string>`${sql.ref(`${table}.name_${input.lang}`)}`.as("name");
  const [seasons, tracks, groups, categories] = await Promise.all([
    k
      .selectFrom("seasons")
      .select(["id", "year", name("seasons")])
      .orderBy("year", "desc")
      .execute(),
    k
      .selectFrom("tracks as t")
      .select(["t.id", "t.slug", "t.season_id", name("t")])
      .orderBy("t.sort_order")
      .orderBy("t.id")
      .execute(),
    k
      .selectFrom("category_groups as g")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .select(["g.id", "g.slug", "g.track_id", "t.season_id", name("g")])
      .orderBy("t.sort_order")
      .orderBy("g.sort_order")
      .orderBy("g.id")
      .execute(),
    k
      .selectFrom("categories as c")
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .select(["c.id", "c.slug", "c.group_id", "t.season_id", name("c")])
      .orderBy("t.sort_order")
      .orderBy("g.sort_order")
      .orderBy("c.sort_order")
      .orderBy("c.id")
      .execute(),
  ]);
  const catalogues: Record<string, SeasonCatalogue> = {};
  const yearOf = new Map(seasons.map((s) => [Number(s.id), String(Number(s.year))]));
  for (const year of yearOf.values()) catalogues[year] = { tracks: [], groups: [], categories: [] };
  const add = (seasonId: number | string, list: keyof SeasonCatalogue, option: CatalogueOption) => {
    const year = yearOf.get(Number(seasonId));
    if (year !== undefined) catalogues[year]![list].push(option);
  };
  for (const t of tracks) {
    add(t.season_id, "tracks", { id: Number(t.id), slug: t.slug, name: t.name, parentId: null });
  }
  for (const g of groups) {
    add(g.season_id, "groups", {
      id: Number(g.id),
      slug: g.slug,
      name: g.name,
      parentId: Number(g.track_id),
    });
  }
  for (const c of categories) {
    add(c.season_id, "categories", {
      id: Number(c.id),
      slug: c.slug,
      name: c.name,
      parentId: Number(c.group_id),
    });
  }
  const shown = catalogues[String(input.seasonYear)] ?? { tracks: [], groups: [], categories: [] };
  return {
    seasons: seasons.map((s) => ({ year: Number(s.year), name: s.name })),
    ...shown,
    catalogues,
  };
}
