import { randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_API_PATH, libraryFilePath, type LibraryListPage } from "../../../core/library";
import { testDatabases } from "../../test-support/databases";
import { PDF_DOCUMENT } from "../../test-support/media-files";
import { createAuditService } from "../audit/service";
import { mediaRoutes } from "../media/routes";
import { libraryRoutes } from "./routes";
import { libraryTestbed, STAFF } from "./testbed";

const VIDEO = randomBytes(64 * 1024);

describe.each(testDatabases())("the library's public files on $name", (target) => {
  describe.skipIf(!target.available)("GET /bai-thi/:id/tep/:fileId and /media/…", () => {
    const { bed, entry, attach } = libraryTestbed(target);
    let app: FastifyInstance;
    let published: string;
    let hidden: string;
    const files: Record<string, { fileId: string; mediaId: number | null }> = {};

    beforeAll(async () => {
      published = await entry({ title: "Phim Tết", code: "VX25-TVC-010" });
      hidden = await entry({ title: "Chưa công bố" });
      files.video = await attach(published, "video", VIDEO, "video/mp4");
      files.article = await attach(published, "ideaArticleVi", PDF_DOCUMENT, "application/pdf");
      files.legal = await attach(published, "legalCommitment", PDF_DOCUMENT, "application/pdf");
      files.image = await attach(published, "images", null, "image/jpeg");
      files.hiddenVideo = await attach(hidden, "video", VIDEO, "video/mp4");
      expect(
        await bed.library.publish(STAFF, { intent: "publish", ids: [published] }),
      ).toMatchObject({ ok: true });
      app = Fastify({ logger: false });
      await app.register(libraryRoutes, { library: bed.library, storage: bed.storage });
      await app.register(mediaRoutes, {
        media: bed.media,
        storage: bed.storage,
        identity: { currentUser: async () => null },
        audit: createAuditService(bed.db),
        tempDir: bed.dir,
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    const get = (url: string, range?: string) =>
      app.inject({ method: "GET", url, headers: range ? { range } : {} });

    it("streams a published entry's video whole and by byte range, named after its code", async () => {
      const url = libraryFilePath(published, files.video!.fileId);
      const whole = await get(url);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-type"]).toBe("video/mp4");
      expect(whole.headers["accept-ranges"]).toBe("bytes");
      expect(whole.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
      expect(whole.headers["content-disposition"]).toBe(
        'inline; filename="VX25-TVC-010-video.mp4"',
      );
      expect(whole.rawPayload.equals(VIDEO)).toBe(true);

      const part = await get(url, "bytes=1000-1999");
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 1000-1999/${VIDEO.length}`);
      expect(part.rawPayload.equals(VIDEO.subarray(1000, 2000))).toBe(true);

      const beyond = await get(url, `bytes=${VIDEO.length + 10}-`);
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers["content-range"]).toBe(`bytes */${VIDEO.length}`);

      const article = await get(libraryFilePath(published, files.article!.fileId));
      expect(article.statusCode).toBe(200);
      expect(article.headers["content-type"]).toBe("application/pdf");
    });

    it("answers 404 for a private field, an unpublished entry, another entry's file or nonsense", async () => {
      expect((await get(libraryFilePath(published, files.legal!.fileId))).statusCode).toBe(404);
      expect((await get(libraryFilePath(hidden, files.hiddenVideo!.fileId))).statusCode).toBe(404);
      expect((await get(libraryFilePath(hidden, files.video!.fileId))).statusCode).toBe(404);
      // The original of an image is never served (its variants are, at /media/…).
      expect((await get(libraryFilePath(published, files.image!.fileId))).statusCode).toBe(404);
      expect((await get("/bai-thi/not-a-uuid/tep/x")).statusCode).toBe(404);
    });

    it("lists the published entries as JSON for the page's query, read leniently", async () => {
      const all = await get(LIBRARY_API_PATH);
      expect(all.statusCode).toBe(200);
      expect(all.headers["content-type"]).toMatch(/^application\/json/);
      expect(all.headers["cache-control"]).toBe("no-cache");
      const page = all.json<LibraryListPage>();
      expect(page.items.map((item) => item.id)).toEqual([published]);
      expect(page).toMatchObject({ total: 1, page: 1, published: 1, totalCapped: false });

      // Search without marks finds the marked title; the hidden entry is never listed.
      const found = (await get(`${LIBRARY_API_PATH}?q=phim+tet`)).json<LibraryListPage>();
      expect(found.items.map((item) => item.code)).toEqual(["VX25-TVC-010"]);
      const none = (await get(`${LIBRARY_API_PATH}?q=chua+cong+bo`)).json<LibraryListPage>();
      expect(none).toMatchObject({ total: 0, items: [] });

      // Nonsense values are no filter, as on the page; a page past the end is the last page.
      const lenient = await get(`${LIBRARY_API_PATH}?year=abc&prize=nope&page=99&category=%00`);
      expect(lenient.statusCode).toBe(200);
      expect(lenient.json<LibraryListPage>()).toMatchObject({
        total: 1,
        page: 1,
        query: { year: null, prize: null, categories: [] },
      });
    });

    it("serves a published entry's picture at /media/… and 404 once it is unpublished", async () => {
      const shown = await bed.library.entry(published, "vi");
      const src = shown!.images[0]!.src;
      expect(src).toMatch(/^\/media\/[a-f0-9]{24}\/w\d+\.jpg$/);
      const before = await get(src);
      expect(before.statusCode).toBe(200);
      expect(before.headers["content-type"]).toBe("image/jpeg");

      expect(
        await bed.library.publish(STAFF, { intent: "unpublish", ids: [published] }),
      ).toMatchObject({ ok: true, count: 1 });
      expect((await get(src)).statusCode).toBe(404);
      expect((await get(libraryFilePath(published, files.video!.fileId))).statusCode).toBe(404);
      const media = await bed.media.get(files.image!.mediaId!);
      expect(media?.visibility).toBe("private");
    });
  });
});
