import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoContent } from "../../demo/demo-content";
import { seedDemoData } from "../../demo/demo-data";
import { createServices } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";
import { siteRoutes } from "./routes";

const NOW = new Date("2026-09-01T03:00:00.000Z");
const PUBLIC_URL = "https://awards.example";

describe.each(testDatabases())("crawler files and generated images on $name", (target) => {
  describe.skipIf(!target.available)("routes", () => {
    let db: Db;
    let app: FastifyInstance;

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
      await seedDemoContent(db, NOW);
      const services = createServices(db, testConfig(), {
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
      await target.cleanup();
    });

    it("lists every public page and published article in both languages", async () => {
      const response = await app.inject("/sitemap.xml");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("application/xml");
      const xml = response.body;
      expect(xml).toContain(`<loc>${PUBLIC_URL}/</loc>`);
      expect(xml).toContain(`<loc>${PUBLIC_URL}/en</loc>`);
      expect(xml).toContain(`<loc>${PUBLIC_URL}/en/danh-sach-thang-giai?year=2023</loc>`);
      expect(xml).toContain(`<loc>${PUBLIC_URL}/bai-du-thi</loc>`);
      expect(xml).toContain(`<loc>${PUBLIC_URL}/en/bai-du-thi</loc>`);
      const articles = [...xml.matchAll(/<loc>[^<]*\/tin-tuc-cuoc-thi\/[^<]+<\/loc>/g)];
      expect(articles).toHaveLength(32);
      expect(xml).toContain(
        `hreflang="en" href="${PUBLIC_URL}/en/tin-tuc-cuoc-thi/submissions-open-for-the-2026-season-15"`,
      );
      // Drafts and articles scheduled for later are not listed.
      expect(xml).not.toContain("ban-nhap");
      expect(xml).not.toContain("cong-bo-hoi-dong-giam-khao-nam-2026");
    });

    it("serves robots.txt with the sitemap's address", async () => {
      const response = await app.inject("/robots.txt");
      expect(response.body).toContain("Disallow: /quan-tri");
      expect(response.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });

    it("sends the classic icon address to the site's icon, not to a page", async () => {
      const response = await app.inject("/favicon.ico");
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe("/favicon.svg");
    });

    it("draws portraits and covers, and refuses anything else", async () => {
      const portrait = await app.inject(`/generated/portrait/200/${encodeURIComponent("ĐN")}.svg`);
      expect(portrait.statusCode).toBe(200);
      expect(portrait.headers["content-type"]).toContain("image/svg+xml");
      expect(portrait.body).toContain(">ĐN</text>");
      const cover = await app.inject("/generated/cover/12.svg");
      expect(cover.statusCode).toBe(200);
      expect(cover.body).toMatch(/^<svg [^>]*width="800" height="450"/);
      for (const path of [
        `/generated/portrait/200/${encodeURIComponent("<script>")}.svg`,
        "/generated/portrait/999/AB.svg",
        "/generated/cover/abc.svg",
      ]) {
        expect((await app.inject(path)).statusCode, path).toBe(404);
      }
    });
  });
});
