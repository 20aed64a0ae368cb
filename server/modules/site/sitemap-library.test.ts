import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";
import { libraryTestbed, NOW, STAFF } from "../library/testbed";
import { siteRoutes } from "./routes";

const PUBLIC_URL = "https://awards.example";

describe.each(testDatabases())("the sitemap's library entries on $name", (target) => {
  describe.skipIf(!target.available)("published entries", () => {
    const { bed, entry } = libraryTestbed(target);
    const ids: Record<string, string> = {};
    let app: FastifyInstance;

    beforeAll(async () => {
      ids.older = await entry({ title: "Mùa xuân" });
      ids.newer = await entry({ title: "Mùa hạ" });
      ids.unpublished = await entry({ title: "Chưa công bố" });
      const outcome = await bed.library.publish(STAFF, {
        intent: "publish",
        ids: [ids.older!, ids.newer!],
      });
      expect(outcome.ok).toBe(true);
      // Published on different days, so the order and each page's lastmod can be told apart.
      for (const [id, at] of [
        [ids.older!, "2026-01-05T02:00:00.000Z"],
        [ids.newer!, "2026-01-20T02:00:00.000Z"],
      ] as const) {
        await bed.db.kysely
          .updateTable("library_entries")
          .set({ published_at: at })
          .where("entry_id", "=", id)
          .execute();
      }
      const services = createServices(bed.db, testConfig(), {
        onContentChange: () => {},
        clock: () => NOW,
      });
      app = Fastify();
      await app.register(siteRoutes, {
        content: services.content,
        library: services.library,
        publicUrl: PUBLIC_URL,
      });
    });
    afterAll(async () => {
      await app.close();
    });

    it("lists each published entry's page in both languages, newest first, with its date", async () => {
      const response = await app.inject("/sitemap.xml");
      expect(response.statusCode).toBe(200);
      const xml = response.body;
      const pages = [...xml.matchAll(/<loc>([^<]*\/bai-thi\/[^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(pages).toEqual([
        `${PUBLIC_URL}/bai-thi/${ids.newer}`,
        `${PUBLIC_URL}/en/bai-thi/${ids.newer}`,
        `${PUBLIC_URL}/bai-thi/${ids.older}`,
        `${PUBLIC_URL}/en/bai-thi/${ids.older}`,
      ]);
      expect(xml).toContain(
        `<loc>${PUBLIC_URL}/en/bai-thi/${ids.older}</loc>\n    <lastmod>2026-01-05</lastmod>`,
      );
      expect(xml).toContain(`hreflang="vi" href="${PUBLIC_URL}/bai-thi/${ids.newer}"`);
      expect(xml).not.toContain(ids.unpublished);
    });

    it("drops an entry taken out of the library", async () => {
      await bed.library.publish(STAFF, { intent: "unpublish", ids: [ids.newer!] });
      const xml = (await app.inject("/sitemap.xml")).body;
      expect(xml).not.toContain(ids.newer);
      expect(xml).toContain(`${PUBLIC_URL}/bai-thi/${ids.older}`);
    });
  });
});
