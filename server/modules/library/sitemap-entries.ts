import type { LibraryContext } from "./context";

/**
 * The sitemap protocol allows 50,000 addresses in one file; each entry takes two (vi and en),
 * and the site's other pages and articles need room too.
 */
export const SITEMAP_ENTRIES_MAX = 20_000;

/** Published entries for `/sitemap.xml`, newest publication first: id and since when. */
export async function sitemapEntries(
  ctx: LibraryContext,
): Promise<{ id: string; publishedAt: string }[]> {
  const rows = await ctx.db.kysely
    .selectFrom("library_entries")
    .select(["entry_id", "published_at"])
    .orderBy("published_at", "desc")
    .orderBy("entry_id")
    .limit(SITEMAP_ENTRIES_MAX)
    .execute();
  return rows.map((row) => ({ id: row.entry_id, publishedAt: row.published_at }));
}
