import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryOgImagePath, newsOgImagePath, siteOgImagePath } from "../../../core/social-image";
import { testDatabases } from "../../test-support/databases";
import { writeImage } from "../../test-support/media-files";
import { libraryTestbed, NOW } from "../library/testbed";
import type { Storage } from "../storage";
import { socialImagesRoutes } from "./routes";
import { createSocialImagesService } from "./service";

/** Disk storage that counts what is stored under `og/` (a preview made, not one read back). */
function countingPreviews(storage: Storage) {
  const counter = { puts: 0 };
  const counted: Storage = {
    ...storage,
    put: (key, body, options) => {
      if (key.startsWith("og/")) counter.puts += 1;
      return storage.put(key, body, options);
    },
  };
  return { storage: counted, counter };
}

describe.each(testDatabases())("link previews on $name", (target) => {
  describe.skipIf(!target.available)("GET /og/…", () => {
    const { bed, entry, attach } = libraryTestbed(target);
    let app: FastifyInstance;
    let counter: { puts: number };
    const news: Record<"generated" | "uploaded" | "plain" | "draft", number> = {
      generated: 0,
      uploaded: 0,
      plain: 0,
      draft: 0,
    };

    const article = async (
      title: string,
      cover: string | null,
      status: "published" | "draft" = "published",
    ) => {
      const at = NOW.toISOString();
      const row = await bed.db.kysely
        .insertInto("news_articles")
        .values({
          slug_vi: `bai-${title.length}-${Math.random().toString(36).slice(2, 8)}`,
          slug_en: "",
          title_vi: title,
          title_en: `${title} (English)`,
          summary_vi: "",
          summary_en: "",
          body_vi: "[]",
          body_en: "[]",
          cover_image: cover,
          status,
          published_at: status === "published" ? "2026-01-01T00:00:00.000Z" : null,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };

    beforeAll(async () => {
      const counting = countingPreviews(bed.storage);
      counter = counting.counter;
      const socialImages = createSocialImagesService(bed.db, {
        storage: counting.storage,
        clock: () => NOW,
      });
      app = Fastify();
      await app.register(socialImagesRoutes, { socialImages, storage: counting.storage });
      await app.ready();

      const photo = await writeImage(bed.dir, "cover.jpg", {
        width: 2000,
        height: 1125,
        format: "jpeg",
      });
      const image = await bed.media.storeImage(photo, { purpose: "news" });
      news.generated = await article("Lễ trao giải", "/generated/cover/7.svg");
      news.uploaded = await article("Hội đồng giám khảo", image.src);
      news.plain = await article("Quảng cáo Đông Á đạt giải Vàng", null);
      news.draft = await article("Bản nháp", "/generated/cover/8.svg", "draft");
    });
    afterAll(async () => {
      await app?.close();
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: "GET", url, headers });

    const expectPreview = async (response: Awaited<ReturnType<typeof get>>) => {
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/jpeg");
      expect(response.headers["cache-control"]).toBe("public, max-age=3600");
      expect(response.headers.etag).toMatch(/^"og-[0-9a-f]{32}"$/);
      expect(response.rawPayload.length).toBeLessThan(300 * 1024);
      const facts = await sharp(response.rawPayload).metadata();
      expect(facts).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
      // It decodes, not only its header.
      const { info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width: 1200, height: 630 });
    };

    it("makes a news cover's preview once, then serves the stored one with its ETag", async () => {
      const url = newsOgImagePath(news.generated, "vi");
      const before = counter.puts;
      const first = await get(url);
      await expectPreview(first);
      expect(counter.puts).toBe(before + 1);

      const again = await get(url);
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(counter.puts).toBe(before + 1);

      const revalidated = await get(url, { "if-none-match": first.headers.etag as string });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(first.headers.etag);

      // A cover is the same picture in both languages: one stored preview.
      const english = await get(newsOgImagePath(news.generated, "en"));
      expect(english.headers.etag).toBe(first.headers.etag);
      expect(counter.puts).toBe(before + 1);
    });

    it("crops an uploaded cover, draws a card without one, and makes each once under load", async () => {
      const before = counter.puts;
      const uploaded = await Promise.all(
        Array.from({ length: 6 }, () => get(newsOgImagePath(news.uploaded, "vi"))),
      );
      for (const response of uploaded) await expectPreview(response);
      expect(new Set(uploaded.map((r) => r.headers.etag)).size).toBe(1);
      expect(counter.puts).toBe(before + 1);

      const vi = await get(newsOgImagePath(news.plain, "vi"));
      const en = await get(newsOgImagePath(news.plain, "en"));
      await expectPreview(vi);
      await expectPreview(en);
      // The card carries the title, so each language has its own.
      expect(vi.headers.etag).not.toBe(en.headers.etag);
      expect(counter.puts).toBe(before + 3);
    });

    it("makes a new preview when the cover changes", async () => {
      const old = await get(newsOgImagePath(news.generated, "vi"));
      await bed.db.kysely
        .updateTable("news_articles")
        .set({ cover_image: "/generated/cover/9.svg" })
        .where("id", "=", news.generated)
        .execute();
      const changed = await get(newsOgImagePath(news.generated, "vi"), {
        "if-none-match": old.headers.etag as string,
      });
      await expectPreview(changed);
      expect(changed.headers.etag).not.toBe(old.headers.etag);
    });

    it("draws the site's card once per language, for pages without a picture", async () => {
      const before = counter.puts;
      const vi = await get(siteOgImagePath("vi"));
      const en = await get(siteOgImagePath("en"));
      await expectPreview(vi);
      await expectPreview(en);
      expect(vi.headers.etag).not.toBe(en.headers.etag);
      await expectPreview(await get(siteOgImagePath("vi")));
      expect(counter.puts).toBe(before + 2);
    });

    it("answers 404 for drafts, unknown ids and other names", async () => {
      for (const url of [
        newsOgImagePath(news.draft, "vi"),
        newsOgImagePath(987654, "vi"),
        "/og/tin-tuc/abc.jpg",
        "/og/tin-tuc/0.jpg",
        `/og/tin-tuc/${news.generated}.png`,
        "/og/bai-thi/khong-phai-uuid.jpg",
        "/og/trang/site-fr.jpg",
        "/og/trang/trang-chu.jpg",
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers["cache-control"]).toBe("no-store");
      }
    });

    it("serves a published entry's first image, a card without one, and 404 otherwise", async () => {
      const shown = await entry({ title: "Mùa sen về", brand: "Trà Sen Tây Hồ" });
      await attach(shown, "images", null, "image/jpeg", 1);
      const plain = await entry({ title: "Chuyến xe cuối", brand: "Xe khách Bắc Nam" });
      const hidden = await entry({ title: "Chưa xuất bản" });
      await attach(hidden, "images", null, "image/jpeg");
      await bed.library.index([shown, plain]);

      await expectPreview(await get(entryOgImagePath(shown, "vi")));
      await expectPreview(await get(entryOgImagePath(plain, "en")));
      expect((await get(entryOgImagePath(hidden, "vi"))).statusCode).toBe(404);
      expect((await get(entryOgImagePath(crypto.randomUUID(), "vi"))).statusCode).toBe(404);

      // Unpublished again: gone for visitors, though the stored preview remains.
      await bed.library.unindex([shown]);
      expect((await get(entryOgImagePath(shown, "vi"))).statusCode).toBe(404);
    });
  });
});
