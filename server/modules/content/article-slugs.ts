import type { Kysely } from "kysely";
import type { Lang } from "../../../core/languages";
import type { Database } from "../../db/schema";

/**
 * The slug history behind old-URL redirects: a renamed article keeps its earlier slugs here
 * (per language), so `/tin-tuc-cuoc-thi/<old-slug>` still finds it.
 */
export const SLUG_TYPE = "news";

/**
 * The article a slug names (its current slug in that language, or one it used to have),
 * for old URLs: `/tin-tuc-cuoc-thi/<old-slug>` or a slug without its id.
 */
export async function articleIdForSlug(
  k: Kysely<Database>,
  slug: string,
  lang: Lang,
): Promise<number | null> {
  if (!slug || slug.length > 200) return null;
  const current = await k
    .selectFrom("news_articles")
    .select("id")
    .where((eb) =>
      lang === "en"
        ? eb.or([eb("slug_en", "=", slug), eb("slug_vi", "=", slug)])
        : eb("slug_vi", "=", slug),
    )
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (current) return Number(current.id);
  const old = await k
    .selectFrom("slug_history")
    .select("target_id")
    .where("type", "=", SLUG_TYPE)
    .where("slug", "=", slug)
    .where("lang", "in", lang === "en" ? ["en", "vi"] : ["vi"])
    .orderBy("id", "desc")
    .executeTakeFirst();
  return old ? Number(old.target_id) : null;
}

/** The article's other slugs that should redirect (for tests and the edit page). */
export function oldArticleSlugs(
  k: Kysely<Database>,
  id: number,
): Promise<{ lang: string; slug: string }[]> {
  return k
    .selectFrom("slug_history")
    .select(["lang", "slug"])
    .where("type", "=", SLUG_TYPE)
    .where("target_id", "=", id)
    .orderBy("id", "desc")
    .execute();
}

/**
 * Records a slug change in a transaction: the new slug is the article's own now (any history
 * row holding it goes), the old one keeps pointing at the article.
 */
export async function recordSlugChange(
  trx: Kysely<Database>,
  change: { lang: "vi" | "en"; before: string; after: string; articleId: number; at: string },
): Promise<void> {
  const { lang, before, after } = change;
  const freed = [before, after].filter((slug) => slug !== "");
  if (freed.length > 0) {
    await trx
      .deleteFrom("slug_history")
      .where("type", "=", SLUG_TYPE)
      .where("lang", "=", lang)
      .where("slug", "in", freed)
      .execute();
  }
  if (before) {
    await trx
      .insertInto("slug_history")
      .values({
        type: SLUG_TYPE,
        lang,
        slug: before,
        target_id: change.articleId,
        created_at: change.at,
      })
      .execute();
  }
}
