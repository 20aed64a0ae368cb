import type { Db } from "../db/database";
import { insertDemoJury } from "./demo-jury";
import { insertDemoNews } from "./demo-news";
import { insertDemoPages } from "./demo-pages";
import { insertDemoWinners } from "./demo-winners";
import { seedOnce } from "./seed-once";

/**
 * Demo public content: jury 2023–2025, winners 2023–2024, news, the introduction
 * page and the three tracks' content, all bilingual. The people, brands and agencies are
 * fictional. Images are SVGs the server draws on request (`/generated/…`), so nothing is
 * downloaded. Loaded once: its own marker row in site_settings.
 */
const MARKER = "demo.content.loaded";

export async function seedDemoContent(
  db: Db,
  now = new Date(),
): Promise<"loaded" | "already present"> {
  return seedOnce(db, MARKER, now, async (trx, stamp) => {
    await insertDemoJury(trx, stamp);
    for (const year of [2024, 2023]) await insertDemoWinners(trx, year, stamp);
    await insertDemoNews(trx, now, stamp);
    await insertDemoPages(trx, stamp);
  });
}
