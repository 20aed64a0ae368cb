import { sql, type RawBuilder } from "kysely";
import type { WinnerPrize } from "../../../core/content-admin";
import { isPrize, prizeRank } from "../../../core/judging-prizes";
import {
  LIBRARY_COUNT_MAX,
  LIBRARY_PAGE_SIZE,
  librarySearchTerms,
  type LibraryCard,
  type LibraryFacets,
  type LibraryListPage,
  type LibraryQuery,
} from "../../../core/library";
import type { ResponsiveImageData } from "../../../core/media-image";
import type { LibraryContext, Q } from "./context";

/** What a card shows, from library_entries `l`. */
const CARD_COLUMNS = sql`l.entry_id, l.code, l.title, l.brand, l.season_year, l.track_code,
  l.track_name_vi, l.track_name_en, l.category_code, l.category_name_vi, l.category_name_en,
  l.prize, l.image_media_id, l.has_video`;

interface CardRow {
  entry_id: string;
  code: string;
  title: string;
  brand: string;
  season_year: number;
  track_code: string;
  track_name_vi: string;
  track_name_en: string;
  category_code: string;
  category_name_vi: string;
  category_name_en: string;
  prize: string | null;
  image_media_id: number | null;
  has_video: number;
}

/**
 * One page of the public library for a visitor's query: filters (year, track, group, several
 * categories, prize), a search that ignores case and Vietnamese marks (all words required, the
 * last one a prefix), the total, and what the filters offer. Without a search: newest year
 * first, then prize, then code. A search is counted up to LIBRARY_COUNT_MAX matches: within
 * that it is exact and ranked (a title, brand or code match above a match in the other
 * texts); beyond, the total says "more than" and the matches come newest in the library
 * first, the order the full-text index (SQLite) or the primary key (PostgreSQL) is walked in,
 * so a word found in most of 50,000 entries costs a page of rows, not all of them. The page is
 * clamped into the pages that exist.
 */
export async function listLibrary(
  ctx: LibraryContext,
  query: LibraryQuery,
): Promise<LibraryListPage> {
  const q = ctx.db.kysely;
  const filters: RawBuilder<unknown>[] = [];
  if (query.year) filters.push(sql`l.season_year = ${query.year}`);
  if (query.track) filters.push(sql`l.track_code = ${query.track}`);
  if (query.track && query.group) filters.push(sql`l.group_slug = ${query.group}`);
  const categories = query.track && query.group ? query.categories : [];
  const categoryFilter =
    categories.length > 0 ? sql`l.category_code in (${sql.join(categories)})` : null;
  if (categoryFilter) filters.push(categoryFilter);
  if (query.prize) filters.push(sql`l.prize = ${query.prize}`);
  const search = searchOf(ctx, librarySearchTerms(query.q));
  const where = (conditions: RawBuilder<unknown>[]) =>
    conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

  const pageSize = LIBRARY_PAGE_SIZE;
  const asked = Math.max(1, query.page);
  // PostgreSQL: a search's count and, when it is not capped, its ranked page come from one pass
  // over the index (a GIN scan gathers every match before returning one: twice is twice).
  const { published, version, found, ranked } = search?.tsquery
    ? await countAndRank(q, where([...filters, search.match]), search.tsquery, asked, pageSize)
    : {
        ...(await statsAndCount(
          q,
          search
            ? sql`select count(*) from (
                select 1 from ${filters.length > 0 ? search.from : search.table}
                ${where([...filters, search.match])}
                limit ${LIBRARY_COUNT_MAX + 1}) m`
            : filters.length > 0
              ? sql`select count(*) from library_entries l ${where(filters)}`
              : null,
        )),
        ranked: null,
      };
  const facets =
    ctx.facets.current(query.year, version) ?? (await freshFacets(ctx, q, query, version));
  const totalCapped = found !== null && search !== null && found > LIBRARY_COUNT_MAX;
  const total = totalCapped ? LIBRARY_COUNT_MAX : (found ?? published);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(asked, pageCount);

  let from: RawBuilder<unknown> = sql`library_entries l`;
  let conditions = filters;
  let order: RawBuilder<unknown> = sql`l.sort_key`;
  if (search) {
    from = search.from;
    conditions = [...filters, totalCapped ? search.walked : search.match];
    order = totalCapped ? search.newest : search.rank;
  }
  if (!search && categories.length > 1) {
    // Several categories in the default order: each category's own walk of its index (already
    // in order), merged, instead of gathering every entry of the categories to sort them.
    const reach = page * pageSize;
    const others = filters.filter((filter) => filter !== categoryFilter);
    from = sql`(${sql.join(
      categories.map(
        (code, i) => sql`select * from (
          select ${CARD_COLUMNS}, l.sort_key from library_entries l
          ${where([...others, sql`l.category_code = ${code}`])}
          order by l.sort_key limit ${reach}) ${sql.raw(`c${i}`)}`,
      ),
      sql` union all `,
    )}) l`;
    conditions = [];
  }
  const rows =
    total === 0
      ? []
      : ranked && !totalCapped && page === asked
        ? ranked
        : (
            await sql<CardRow>`
            select ${CARD_COLUMNS}
            from ${from} ${where(conditions)}
            order by ${order}
            limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(q)
          ).rows;

  const images = await pictures(
    ctx,
    rows.map((r) => r.image_media_id),
  );
  const items: LibraryCard[] = rows.map((r, i) => ({
    id: r.entry_id,
    code: r.code,
    title: r.title,
    brand: r.brand,
    year: Number(r.season_year),
    track: { code: r.track_code, vi: r.track_name_vi, en: r.track_name_en },
    category: { code: r.category_code, vi: r.category_name_vi, en: r.category_name_en },
    prize: r.prize && isPrize(r.prize) ? r.prize : null,
    image: images[i] ?? null,
    hasVideo: Number(r.has_video) === 1,
  }));

  return {
    query: { ...query, page },
    items,
    total,
    totalCapped,
    page,
    pageSize,
    pageCount,
    published,
    facets,
  };
}

/**
 * The library's published count and version (kept by the triggers of migrations 0014 and
 * 0015), and the number of matches of `count` when given, in one statement.
 */
async function statsAndCount(
  q: Q,
  count: RawBuilder<unknown> | null,
): Promise<{ published: number; version: number; found: number | null }> {
  const result = await sql<{ published: number; version: number; n: number | string | null }>`
    select published, version, ${count ? sql`(${count})` : sql`null`} as n
    from library_stats where id = 1`.execute(q);
  const row = result.rows[0];
  return {
    published: Number(row?.published ?? 0),
    version: Number(row?.version ?? 0),
    found: row?.n === null || row?.n === undefined ? null : Number(row.n),
  };
}

/**
 * PostgreSQL, a search: the published count and version, the matches counted up to
 * LIBRARY_COUNT_MAX + 1 and — only when there are no more than LIBRARY_COUNT_MAX — the ranked
 * page `page`, all in one statement over one gathering of the matches. `matched` is the where
 * clause over library_entries `l`.
 */
async function countAndRank(
  q: Q,
  matched: RawBuilder<unknown>,
  tsquery: RawBuilder<unknown>,
  page: number,
  pageSize: number,
): Promise<{ published: number; version: number; found: number; ranked: CardRow[] }> {
  const result = await sql<
    { published: number; version: number; n: number | string } & Nullable<CardRow>
  >`
    with m as materialized (
      select l.doc_id from library_entries l ${matched}
      limit ${LIBRARY_COUNT_MAX + 1}),
    c as (select count(*) as n from m),
    r as (
      select k.doc_id, ts_rank(k.search, ${tsquery}) as rank, k.sort_key
      from c, m join library_entries k on k.doc_id = m.doc_id
      where c.n <= ${LIBRARY_COUNT_MAX}
      order by rank desc, k.sort_key
      limit ${pageSize} offset ${(page - 1) * pageSize})
    select s.published, s.version, c.n, ${CARD_COLUMNS}
    from library_stats s cross join c
      left join r on true
      left join library_entries l on l.doc_id = r.doc_id
    where s.id = 1
    order by r.rank desc, r.sort_key`.execute(q);
  const first = result.rows[0];
  return {
    published: Number(first?.published ?? 0),
    version: Number(first?.version ?? 0),
    found: Number(first?.n ?? 0),
    ranked: result.rows.filter((row): row is typeof row & CardRow => row.entry_id !== null),
  };
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** What the filters offer, read now and kept for the library's current version. */
async function freshFacets(
  ctx: LibraryContext,
  q: Q,
  query: LibraryQuery,
  version: number,
): Promise<LibraryFacets> {
  const facets = await libraryFacets(q, query);
  ctx.facets.keep(query.year, version, facets);
  return facets;
}

interface Search {
  /** The tables a search reads (`l` is library_entries). */
  from: RawBuilder<unknown>;
  /** What the match alone needs, to count without filters. */
  table: RawBuilder<unknown>;
  /** The match, with `from`. */
  match: RawBuilder<unknown>;
  /** The ranked order, with `from`. */
  rank: RawBuilder<unknown>;
  /** The match when the matches are many: checked on the rows met in `newest` order. */
  walked: RawBuilder<unknown>;
  /** Newest in the library first: the order the full-text index itself walks. */
  newest: RawBuilder<unknown>;
  /** PostgreSQL: the words as a tsquery (count and rank in one statement, countAndRank). */
  tsquery?: RawBuilder<unknown>;
}

/**
 * The search words as each database matches them: all required, whole words but the last, a
 * prefix (typed as you go: "coldest wint"). A prefix on every word would make both indexes
 * gather each common word's every variant (GIN ~5 times slower on three common words); a
 * whole word is read lazily. FTS5: quoted words, the last with `*` (implicitly ANDed; title
 * words weigh ten times more in bm25); PostgreSQL: a tsquery. Words are letters and digits
 * only (librarySearchTerms), nothing to escape.
 */
function searchOf(ctx: LibraryContext, terms: string[]): Search | null {
  if (terms.length === 0) return null;
  if (ctx.db.kind === "sqlite") {
    const match = sql`library_search match ${terms.map((t, i) => `"${t}"${i === terms.length - 1 ? "*" : ""}`).join(" ")}`;
    return {
      from: sql`library_search f join library_entries l on l.doc_id = f.rowid`,
      table: sql`library_search`,
      match,
      rank: sql`bm25(library_search, 10.0, 1.0), l.sort_key`,
      // FTS5 hands out its matches by rowid, lazily: a page costs a page of rows.
      walked: match,
      newest: sql`f.rowid desc`,
    };
  }
  const tsquery = sql`to_tsquery('simple', ${terms.map((t, i) => `${t}${i === terms.length - 1 ? ":*" : ""}`).join(" & ")})`;
  return {
    from: sql`library_entries l`,
    table: sql`library_entries l`,
    match: sql`l.search @@ ${tsquery}`,
    rank: sql`ts_rank(l.search, ${tsquery}) desc, l.sort_key`,
    // The function behind `@@`, called by name: the planner can neither take the GIN index
    // for it (which finds every match before returning one) nor believe it rare (a multi-word
    // estimate assumes independent words, often thousands of times too low), so it walks the
    // primary key backwards and checks each row: with more than LIBRARY_COUNT_MAX matches, a
    // page comes after a few thousand rows at most.
    walked: sql`ts_match_vq(l.search, ${tsquery})`,
    tsquery,
    newest: sql`l.doc_id desc`,
  };
}

/** The cards' pictures in one query, as the page draws them (no media bookkeeping). */
async function pictures(
  ctx: LibraryContext,
  ids: (number | null)[],
): Promise<(ResponsiveImageData | null)[]> {
  if (!ctx.deps.images || ids.every((id) => id === null)) return ids.map(() => null);
  const resolved = await ctx.deps.images.resolveMany(ids.map((mediaId) => ({ mediaId })));
  return resolved.map((image) =>
    image
      ? {
          id: image.id,
          src: image.src,
          width: image.width,
          height: image.height,
          alt: image.alt,
          srcset: image.srcset,
          sizes: image.sizes,
        }
      : null,
  );
}

/**
 * Years with published entries; the category tree as the seasons define it, keeping only
 * categories with published entries: the chosen year's, or with no year chosen the union of
 * every such year's (a track, group or category with the same code or slug across years is one
 * option, named as its newest year names it and placed where that year places it; what only
 * older years have follows); the prizes present. Each is an index probe (a year, a category,
 * the prizes of a year), never a pass over the entries: the filters cost the same at 50
 * entries and at 50,000, and are never stale.
 */
async function libraryFacets(q: Q, query: LibraryQuery): Promise<LibraryFacets> {
  const years = (
    await q
      .selectFrom("seasons as s")
      .select("s.year")
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("library_entries as l")
            .select(sql`1`.as("one"))
            .whereRef("l.season_year", "=", "s.year"),
        ),
      )
      .orderBy("s.year", "desc")
      .execute()
  ).map((r) => Number(r.year));
  if (years.length === 0) return { years, tracks: [], prizes: [] };
  const year = query.year && years.includes(query.year) ? query.year : null;
  const treeYears = year === null ? years : [year];

  const [tree, prizeRows] = await Promise.all([
    q
      .selectFrom("seasons as s")
      .innerJoin("tracks as t", "t.season_id", "s.id")
      .innerJoin("category_groups as g", "g.track_id", "t.id")
      .innerJoin("categories as c", "c.group_id", "g.id")
      .select([
        "t.code as track_code",
        "t.name_vi as track_vi",
        "t.name_en as track_en",
        "g.slug as group_slug",
        "g.name_vi as group_vi",
        "g.name_en as group_en",
        "c.code as category_code",
        "c.name_vi as category_vi",
        "c.name_en as category_en",
      ])
      .where("s.year", "in", treeYears)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("library_entries as l")
            .select(sql`1`.as("one"))
            .whereRef("l.season_year", "=", "s.year")
            .whereRef("l.track_code", "=", "t.code")
            .whereRef("l.group_slug", "=", "g.slug")
            .whereRef("l.category_code", "=", "c.code"),
        ),
      )
      .orderBy("s.year", "desc")
      .orderBy("t.sort_order")
      .orderBy("t.id")
      .orderBy("g.sort_order")
      .orderBy("g.id")
      .orderBy("c.sort_order")
      .orderBy("c.id")
      .execute(),
    q
      .selectFrom("library_entries")
      .select("prize")
      .distinct()
      .where("prize", "is not", null)
      .$if(year !== null, (qb) => qb.where("season_year", "=", year!))
      .execute(),
  ]);
  const tracks: LibraryFacets["tracks"] = [];
  for (const row of tree) {
    let track = tracks.find((t) => t.code === row.track_code);
    if (!track) {
      track = { code: row.track_code, vi: row.track_vi, en: row.track_en, groups: [] };
      tracks.push(track);
    }
    let group = track.groups.find((g) => g.slug === row.group_slug);
    if (!group) {
      group = { slug: row.group_slug, vi: row.group_vi, en: row.group_en, categories: [] };
      track.groups.push(group);
    }
    if (!group.categories.some((c) => c.code === row.category_code)) {
      group.categories.push({ code: row.category_code, vi: row.category_vi, en: row.category_en });
    }
  }
  const prizes = prizeRows
    .map((r) => r.prize)
    .filter((p): p is WinnerPrize => p !== null && isPrize(p))
    .sort((a, b) => prizeRank(a) - prizeRank(b));
  return { years, tracks, prizes };
}
