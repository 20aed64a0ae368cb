import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import { testDatabases } from "../../test-support/databases";
import { listPage, type ListQuery } from "./list-query";

describe.each(testDatabases())("a back-office list's search on $name", (target) => {
  describe.skipIf(!target.available)("ignoring case and Vietnamese marks", () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      const at = "2025-01-01T00:00:00.000Z";
      const titles = ["Hội đồng giám khảo 2025", "Giam khao moi", "Đêm trao giải", "50% off_now"];
      await db.kysely
        .insertInto("news_articles")
        .values(
          titles.map((title, i) => ({
            slug_vi: `bai-${i}`,
            slug_en: `post-${i}`,
            title_vi: title,
            title_en: "",
            summary_vi: "",
            summary_en: "",
            body_vi: "[]",
            body_en: "[]",
            cover_image: null,
            status: "draft" as const,
            published_at: null,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    });
    afterAll(() => target.cleanup());

    const titles = async (q: string) => {
      const query: ListQuery = { q, sort: "title", dir: "asc", page: 1, pageSize: 25, filters: {} };
      const page = await listPage(db.kysely.selectFrom("news_articles"), query, {
        sortColumns: { title: "title_vi" },
        searchColumns: ["title_vi", "title_en"],
        tieBreaker: "id",
        select: (qb) => qb.select(["title_vi"]),
      });
      return page.items.map((i) => i.title_vi);
    };

    it("finds text with marks from a search without them, and the other way round", async () => {
      expect(await titles("giam khao")).toEqual(["Giam khao moi", "Hội đồng giám khảo 2025"]);
      expect(await titles("GIÁM KHẢO")).toEqual(["Giam khao moi", "Hội đồng giám khảo 2025"]);
      expect(await titles("dem trao")).toEqual(["Đêm trao giải"]);
      // LIKE's wildcards are plain characters in a search.
      expect(await titles("50%")).toEqual(["50% off_now"]);
      expect(await titles("o%w")).toEqual([]);
    });
  });
});
