import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import { clampPage, type ListPage, type ListQuery } from "../../../core/list-query";
import { foldedLikePattern } from "../../../core/search-text";

export { parseListQuery, type ListPage, type ListQuery } from "../../../core/list-query";

/**
 * One page of a back-office table from a Kysely query: `WHERE` from the search text over
 * `searchColumns` (a substring, ignoring case and Vietnamese marks: `vx_fold` on both
 * databases, so "giam khao" finds "giám khảo"), `ORDER BY` the whitelisted sort column (then
 * a unique tie-breaker so pages never overlap), `LIMIT/OFFSET`, and a `COUNT(*)` of the same
 * filter for the pager. Sort and search columns should be indexed for large tables.
 *
 *   const result = await listPage(db.selectFrom("news_articles"), query, {
 *     sortColumns: { title: "title_vi", published: "published_at" },
 *     searchColumns: ["title_vi", "title_en", "slug_vi"],
 *     tieBreaker: "id",
 *     select: (qb) => qb.select(["id", "title_vi"]),
 *   });
 */
export async function listPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  query: ListQuery,
  options: {
    /** Sort key (from the URL, already whitelisted by parseListQuery) → column reference. */
    sortColumns: Record<string, string>;
    searchColumns?: string[];
    /** Sort keys whose column is text, ordered in Vietnamese alphabetical order (`vx_sort`). */
    textSorts?: readonly string[];
    /** A unique column, so rows with equal sort values keep a stable order across pages. */
    tieBreaker: string;
    select: (qb: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>;
  },
): Promise<ListPage<O>> {
  let filtered = base;
  const q = query.q.trim();
  if (q && options.searchColumns?.length) {
    const pattern = foldedLikePattern(q);
    filtered = filtered.where(({ or }) =>
      or(
        options.searchColumns!.map(
          (column) =>
            sql<SqlBool>`vx_fold(${sql.ref(column)}) like ${pattern} escape '\\'` as Expression<SqlBool>,
        ),
      ),
    ) as typeof base;
  }
  const counted = await (filtered as SelectQueryBuilder<DB, TB, object>)
    .select(sql<number | string>`count(*)`.as("n"))
    .executeTakeFirst();
  const total = Number((counted as { n?: number | string } | undefined)?.n ?? 0);
  const { page, pageCount, offset } = clampPage(query.page, total, query.pageSize);
  const column = options.sortColumns[query.sort] ?? options.tieBreaker;
  const rows = await orderedBy(options.select(filtered), column, query.dir, {
    text: options.textSorts?.includes(query.sort) ?? false,
    tieBreaker: options.tieBreaker,
  })
    .limit(query.pageSize)
    .offset(offset)
    .execute();
  return { items: rows as O[], total, page, pageSize: query.pageSize, pageCount };
}

/**
 * `ORDER BY` a table's sort column, then its unique tie-breaker, both in `dir`. A text column
 * goes in Vietnamese alphabetical order (`vx_sort`: a ă â … d đ …, case ignored), then as
 * written (tone marks), so "Bánh" comes before "Bia" and "Đặng" after every "D".
 */
export function orderedBy<Q extends { orderBy(expression: Expression<unknown>): Q }>(
  qb: Q,
  column: string,
  direction: string,
  options: { text: boolean; tieBreaker: string },
): Q {
  const dir = direction === "desc" ? sql`desc` : sql`asc`;
  const ordered = options.text ? qb.orderBy(sql`vx_sort(${sql.ref(column)}) ${dir}`) : qb;
  return ordered
    .orderBy(sql`${sql.ref(column)} ${dir}`)
    .orderBy(sql`${sql.ref(options.tieBreaker)} ${dir}`);
}
