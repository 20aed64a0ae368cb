import type { Db } from "./db/database";

/** The next scheduled articles' times considered: more than this many ahead is never the case. */
const SCHEDULED_ARTICLES_MAX = 500;

const SEASON_MOMENTS = [
  "registration_opens_at",
  "registration_closes_at",
  "submission_opens_at",
  "submission_closes_at",
  "early_bird_deadline",
  "late_deadline",
  "ceremony_at",
] as const;

/**
 * The moments after `now` at which public pages change with no edit (epoch ms): a season's
 * dates (registration and submission open and close, fees change at the deadlines, the ceremony
 * comes) and the times of articles scheduled for publication. The anonymous HTML cache drops a
 * page rendered before one of them once it has come (server/html-cache.ts).
 */
export async function upcomingPageMoments(db: Db, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const [seasons, articles] = await Promise.all([
    db.kysely.selectFrom("seasons").select(SEASON_MOMENTS).execute(),
    db.kysely
      .selectFrom("news_articles")
      .select("published_at")
      .where("status", "in", ["published", "scheduled"])
      .where("published_at", ">", at)
      .orderBy("published_at")
      .limit(SCHEDULED_ARTICLES_MAX)
      .execute(),
  ]);
  const moments = [
    ...seasons.flatMap((season) => SEASON_MOMENTS.map((column) => season[column])),
    ...articles.map((article) => article.published_at),
  ]
    .filter((value): value is string => value !== null)
    .map((value) => Date.parse(value))
    .filter((moment) => Number.isFinite(moment) && moment > now.getTime());
  return moments;
}
