import type { Kysely } from "kysely";
import { rt } from "../../core/rich-text";
import { slugify } from "../../core/slug";
import type { Database } from "../db/schema";
import { articleBody } from "./demo-article";
import { coverPath } from "./demo-images";
import { ARTICLES_2025 } from "./demo-news-2025";
import { ARTICLES_2026 } from "./demo-news-2026";

const ARTICLES = [...ARTICLES_2025, ...ARTICLES_2026];

/**
 * The published demo articles (dated in the past whatever the install date), plus a draft and
 * an article scheduled for later, which the public lists leave out.
 */
export async function insertDemoNews(
  trx: Kysely<Database>,
  now: Date,
  stamp: string,
): Promise<void> {
  const nowMs = now.getTime();
  for (const [i, a] of ARTICLES.entries()) {
    // Demo dates stay in the past whatever the install date.
    const planned = Date.parse(`${a.date}T02:00:00.000Z`);
    const published = new Date(Math.min(planned, nowMs - (ARTICLES.length - i) * 3_600_000));
    await trx
      .insertInto("news_articles")
      .values({
        slug_vi: slugify(a.vi.title),
        slug_en: slugify(a.en.title),
        title_vi: a.vi.title,
        title_en: a.en.title,
        summary_vi: a.vi.summary,
        summary_en: a.en.summary,
        body_vi: JSON.stringify(articleBody(a, "vi")),
        body_en: JSON.stringify(articleBody(a, "en")),
        cover_image: coverPath(i + 1),
        status: "published",
        published_at: published.toISOString(),
        created_at: published.toISOString(),
        updated_at: published.toISOString(),
      })
      .execute();
  }
  // Not listed: a draft and an article scheduled for later.
  for (const [status, title, at] of [
    ["draft", "Bản nháp: lịch trình đêm trao giải 2026", null],
    [
      "scheduled",
      "Công bố Hội đồng giám khảo năm 2026",
      new Date(nowMs + 30 * 86_400_000).toISOString(),
    ],
  ] as const) {
    await trx
      .insertInto("news_articles")
      .values({
        slug_vi: slugify(title),
        slug_en: "",
        title_vi: title,
        title_en: "",
        summary_vi: title,
        summary_en: "",
        body_vi: JSON.stringify([rt.p(title)]),
        body_en: "[]",
        cover_image: coverPath(99),
        status,
        published_at: at,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
}
