import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { Storage } from "../storage";
import { testDatabases } from "../../test-support/databases";
import { writeImage } from "../../test-support/media-files";
import type { MediaService } from "./service";
import { mediaTestbed, workDir } from "./testbed";

const work = workDir();

describe.each(testDatabases())("media on $name", (target) => {
  describe.skipIf(!target.available)("storing images", () => {
    const { bed } = mediaTestbed(target);
    let storage: Storage;
    let media: MediaService;
    beforeAll(() => {
      ({ storage, media } = bed);
    });

    it("stores an image with AVIF, WebP and JPEG variants no wider than the original", async () => {
      const file = await writeImage(work.dir, "cover.jpg", {
        width: 2000,
        height: 1200,
        format: "jpeg",
      });
      const image = await media.storeImage(file, {
        purpose: "news",
        alt: " Bìa ",
        createdBy: "u1",
      });
      expect(image).toMatchObject({
        width: 2000,
        height: 1200,
        alt: "Bìa",
        purpose: "news",
        mime: "image/jpeg",
      });
      expect(typeof image.id).toBe("number");
      expect(image.src).toMatch(/^\/media\/[a-f0-9]{24}\/w1600\.jpg$/);
      expect(image.srcset.avif).toMatch(
        /^\/media\/[a-f0-9]{24}\/w480\.avif 480w, \S+w960\.avif 960w, \S+w1600\.avif 1600w$/,
      );
      expect(image.srcset.webp.split(", ")).toHaveLength(3);
      expect(image.srcset.fallback).toContain("w480.jpg 480w");
      // Each variant is what its name says, at its width and the original's proportions.
      for (const [format, width] of [
        ["avif", 480],
        ["webp", 960],
        ["jpg", 1600],
      ] as const) {
        const key = image.src.slice(1).replace(/w1600\.jpg$/, `w${width}.${format}`);
        const object = await storage.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of object!.body) chunks.push(chunk as Buffer);
        const meta = await sharp(Buffer.concat(chunks)).metadata();
        expect(meta.format).toBe(format === "jpg" ? "jpeg" : format === "avif" ? "heif" : format);
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 1200) / 2000));
        expect(object!.contentType).toBe(
          format === "jpg" ? "image/jpeg" : format === "avif" ? "image/avif" : "image/webp",
        );
      }
      expect(await media.get(image.id)).toEqual(image);
    });

    it("keeps transparency (PNG fallback), applies EXIF orientation and never enlarges", async () => {
      const png = await writeImage(work.dir, "logo.png", {
        width: 300,
        height: 120,
        format: "png",
        alpha: true,
      });
      const logo = await media.storeImage(png, { purpose: "page" });
      expect(logo.src).toMatch(/\/w300\.png$/);
      expect(logo.srcset.webp).toMatch(/w300\.webp 300w$/);
      expect(logo.srcset.fallback.split(", ")).toHaveLength(1);
      const rotated = await writeImage(work.dir, "portrait.jpg", {
        width: 600,
        height: 400,
        format: "jpeg",
        orientation: 6,
      });
      const portrait = await media.storeImage(rotated, { purpose: "jury" });
      expect([portrait.width, portrait.height]).toEqual([400, 600]);
      expect(portrait.srcset.fallback).toBe(
        `${portrait.src.replace(/w400\.jpg$/, "w400.jpg")} 400w`,
      );
    });

    it("keeps entry images private: stored apart, addressed by signed links only", async () => {
      const file = await writeImage(work.dir, "entry.jpg", {
        width: 900,
        height: 600,
        format: "jpeg",
      });
      const image = await media.storeImage(file, { purpose: "entry" });
      expect(image.visibility).toBe("private");
      for (const url of [
        image.src,
        ...image.srcset.avif.split(", ").map((s) => s.split(" ")[0]!),
      ]) {
        expect(url).toMatch(/^\/tep\//);
        const verified = storage.verifySignedToken(url.slice("/tep/".length));
        expect(verified.ok && verified.claims.key).toMatch(
          /^media-private\/[a-f0-9]{24}\/w\d+\.\w+$/,
        );
        expect(verified.ok && verified.claims.disposition).toBe("inline");
      }
      const token = /^media-private\/([a-f0-9]{24})\//.exec(
        (storage.verifySignedToken(image.src.slice(5)) as { claims: { key: string } }).claims.key,
      )![1]!;
      // The public address of the same files does not exist.
      expect(media.publicKey(token, "w900.jpg")).toBe(`media/${token}/w900.jpg`);
      expect(await storage.stat(`media/${token}/w900.jpg`)).toBeNull();
      expect(await storage.stat(`media-private/${token}/w900.jpg`)).not.toBeNull();
      // A staff image asked to be private is private too; an entry image may be made public.
      expect(
        (await media.storeImage(file, { purpose: "news", visibility: "private" })).src,
      ).toMatch(/^\/tep\//);
      expect(
        (await media.storeImage(file, { purpose: "entry", visibility: "public" })).src,
      ).toMatch(/^\/media\//);
    });

    it("resolves image fields: a media id, one of its addresses, or a legacy path", async () => {
      const file = await writeImage(work.dir, "jury.webp", {
        width: 1000,
        height: 1000,
        format: "webp",
      });
      const image = await media.storeImage(file, { purpose: "jury", alt: "Chân dung" });
      const [byId, bySrc, legacy, none] = await media.resolveMany([
        { mediaId: image.id },
        { src: image.src, alt: "Khác" },
        { src: "/generated/portrait/20/AB.svg", alt: "Ảnh cũ" },
        { src: null },
      ]);
      expect(byId).toMatchObject({ id: image.id, width: 1000, height: 1000, alt: "Chân dung" });
      expect(bySrc).toMatchObject({ id: image.id, alt: "Khác" });
      expect(legacy).toEqual({
        id: null,
        src: "/generated/portrait/20/AB.svg",
        width: null,
        height: null,
        alt: "Ảnh cũ",
        srcset: null,
        sizes: null,
      });
      expect(none).toBeNull();
      expect(await media.resolve({ mediaId: 999_999, src: "/x.jpg" })).toMatchObject({
        id: null,
        src: "/x.jpg",
      });
    });

    it("removes an image and all its files", async () => {
      const file = await writeImage(work.dir, "gone.jpg", {
        width: 500,
        height: 300,
        format: "jpeg",
      });
      const image = await media.storeImage(file, { purpose: "news" });
      const key = image.src.slice(1);
      expect(await storage.stat(key)).not.toBeNull();
      expect(await media.remove(image.id)).toBe(true);
      expect(await storage.stat(key)).toBeNull();
      expect(await media.get(image.id)).toBeNull();
      expect(await media.remove(image.id)).toBe(false);
    });
  });
});
