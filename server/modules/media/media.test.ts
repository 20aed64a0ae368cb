import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import { testDatabases } from "../../test-support/databases";
import {
  ELF_HEADER,
  HTML_PAGE,
  isoMediaHeader,
  minimalDocx,
  minimalPptx,
  PDF_DOCUMENT,
  WEBM_HEADER,
  windowsExecutable,
  writeBytes,
  writeImage,
  writePngDeclaring,
} from "../../test-support/media-files";
import { createDiskStorage } from "../storage/disk";
import { withSignedLinks, type Storage } from "../storage";
import { forgetFfprobe, inspectFile } from "./inspect";
import { createMediaService, MediaRejected, type MediaService } from "./service";

const NOW = new Date("2026-09-01T03:00:00.000Z");

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "vx-media-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("media messages", () => {
  it("has every refusal key in both languages", () => {
    const keys = [
      "media.empty",
      "media.tooLarge",
      "media.unsupportedType",
      "media.unreadable",
      "media.tooManyPixels",
      "media.signInRequired",
      "media.forbidden",
      "media.badRequest",
      "media.fileRequired",
      ...["image", "video", "pdf", "pptx", "document", "other"].map((k) => `media.wrongType.${k}`),
      "storage.linkInvalid",
      "storage.linkExpired",
      "storage.notFound",
    ];
    for (const lang of ["vi", "en"]) {
      const messages = JSON.parse(
        readFileSync(new URL(`../../../core/i18n/${lang}.json`, import.meta.url), "utf8"),
      ) as Record<string, unknown>;
      for (const key of keys) {
        const value = key
          .split(".")
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown> | undefined)?.[part],
            messages,
          );
        expect([lang, key, typeof value]).toEqual([lang, key, "string"]);
      }
    }
  });
});

describe("video facts", () => {
  it("come from ffprobe when it is on PATH, and are simply unknown when it is not", async () => {
    const mp4 = writeBytes(dir, "clip.mp4", isoMediaHeader("isom"));
    const bin = mkdtempSync(path.join(tmpdir(), "vx-ffprobe-"));
    const savedPath = process.env.PATH;
    try {
      process.env.PATH = bin;
      forgetFfprobe();
      expect(await inspectFile(mp4)).toMatchObject({
        kind: "video",
        durationSeconds: null,
        width: null,
      });
      // A stand-in ffprobe answering as the real one does (-print_format json).
      const fake = path.join(bin, "ffprobe");
      writeFileSync(
        fake,
        `#!/bin/sh\necho '{"streams":[{"codec_type":"audio"},{"codec_type":"video","width":1920,"height":1080}],"format":{"duration":"30.5"}}'\n`,
      );
      chmodSync(fake, 0o755);
      forgetFfprobe();
      expect(await inspectFile(mp4)).toMatchObject({
        durationSeconds: 30.5,
        width: 1920,
        height: 1080,
      });
      // One that fails is the same as none.
      writeFileSync(fake, "#!/bin/sh\nexit 1\n");
      forgetFfprobe();
      expect(await inspectFile(mp4)).toMatchObject({ durationSeconds: null, width: null });
    } finally {
      process.env.PATH = savedPath;
      forgetFfprobe();
      rmSync(bin, { recursive: true, force: true });
    }
  });
});

/** The i18n key `promise` was refused with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaRejected) return error.messageKey;
    throw error;
  }
  throw new Error("not refused");
}

describe.each(testDatabases())("media on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    let db: Db;
    let storage: Storage;
    let media: MediaService;
    let storeRoot: string;

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      storeRoot = mkdtempSync(path.join(tmpdir(), "vx-media-store-"));
      storage = withSignedLinks(createDiskStorage(storeRoot), "x".repeat(32), () => NOW);
      media = createMediaService({ storage, db, clock: () => NOW });
    });
    afterAll(async () => {
      await target.cleanup();
      rmSync(storeRoot, { recursive: true, force: true });
    });

    const storedFiles = () => {
      const root = path.join(storeRoot, "media");
      try {
        return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
          .length;
      } catch {
        return 0;
      }
    };

    it("recognises JPEG, PNG and WebP by content and reads their size from the header", async () => {
      const jpeg = await writeImage(dir, "a.jpg", { width: 640, height: 480, format: "jpeg" });
      const png = await writeImage(dir, "b.png", {
        width: 300,
        height: 200,
        format: "png",
        alpha: true,
      });
      const webp = await writeImage(dir, "c.webp", { width: 800, height: 600, format: "webp" });
      expect(await media.inspect(jpeg, { accept: ["image"] })).toMatchObject({
        kind: "image",
        mime: "image/jpeg",
        width: 640,
        height: 480,
      });
      expect(await media.inspect(png)).toMatchObject({
        mime: "image/png",
        hasAlpha: true,
        width: 300,
      });
      expect(await media.inspect(webp)).toMatchObject({
        mime: "image/webp",
        width: 800,
        height: 600,
      });
      // The name says PNG, the bytes say JPEG: the bytes win.
      const misnamed = await writeImage(dir, "really-jpeg.png", {
        width: 10,
        height: 10,
        format: "jpeg",
      });
      expect((await media.inspect(misnamed)).mime).toBe("image/jpeg");
    });

    it("refuses a PNG declaring 50,000 × 50,000 pixels from its header, at once", async () => {
      const bomb = writePngDeclaring(dir, "bomb.png", 50_000, 50_000);
      const started = performance.now();
      const before = process.memoryUsage().rss;
      expect(await refusal(media.inspect(bomb, { accept: ["image"] }))).toBe("media.tooManyPixels");
      expect(await refusal(media.storeImage(bomb, { purpose: "news" }))).toBe(
        "media.tooManyPixels",
      );
      expect(performance.now() - started).toBeLessThan(2000);
      // 50,000² RGB pixels would be 7.5 GB: nothing near that was allocated.
      expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
      expect(storedFiles()).toBe(0);
    });

    it("refuses HTML and executables named .jpg, and anything that is not what was asked for", async () => {
      const html = writeBytes(dir, "photo.jpg", HTML_PAGE);
      const elf = writeBytes(dir, "elf.jpg", ELF_HEADER);
      const exe = writeBytes(dir, "setup.jpg", windowsExecutable());
      for (const file of [html, elf, exe]) {
        expect(await refusal(media.inspect(file, { accept: ["image"] }))).toBe(
          "media.wrongType.image",
        );
        expect(await refusal(media.storeImage(file, { purpose: "news" }))).toBe(
          "media.wrongType.image",
        );
      }
      expect(await refusal(media.inspect(html))).toBe("media.unsupportedType");
      expect(await refusal(media.inspect(writeBytes(dir, "empty.jpg", "")))).toBe("media.empty");
      const pdf = writeBytes(dir, "doc.jpg", PDF_DOCUMENT);
      expect(await refusal(media.inspect(pdf, { accept: ["image"] }))).toBe(
        "media.wrongType.image",
      );
      const mp4 = writeBytes(dir, "film.pdf", isoMediaHeader("isom"));
      expect(await refusal(media.inspect(mp4, { accept: ["pdf", "pptx"] }))).toBe(
        "media.wrongType.document",
      );
      expect(await refusal(media.inspect(pdf, { accept: ["video"] }))).toBe(
        "media.wrongType.video",
      );
      const jpeg = await writeImage(dir, "big.jpg", { width: 400, height: 400, format: "jpeg" });
      expect(await refusal(media.inspect(jpeg, { maxBytes: 100 }))).toBe("media.tooLarge");
      expect(storedFiles()).toBe(0);
    });

    it("refuses a damaged image whose header is fine, and leaves nothing behind", async () => {
      const whole = readFileSync(
        await writeImage(dir, "whole.jpg", { width: 1200, height: 900, format: "jpeg" }),
      );
      const cut = writeBytes(dir, "cut.jpg", whole.subarray(0, Math.floor(whole.length / 3)));
      expect((await media.inspect(cut)).width).toBe(1200);
      expect(await refusal(media.storeImage(cut, { purpose: "news" }))).toBe("media.unreadable");
      expect(storedFiles()).toBe(0);
    });

    it("recognises PDF, PPTX, MP4, MOV and WebM; a Word file is not a presentation", async () => {
      expect(
        await media.inspect(writeBytes(dir, "x.bin", PDF_DOCUMENT), { accept: ["pdf"] }),
      ).toMatchObject({
        kind: "pdf",
        mime: "application/pdf",
        ext: "pdf",
      });
      expect(
        await media.inspect(writeBytes(dir, "slides.bin", minimalPptx()), { accept: ["pptx"] }),
      ).toMatchObject({ kind: "pptx", ext: "pptx" });
      expect(
        await refusal(
          media.inspect(writeBytes(dir, "letter.pptx", minimalDocx()), { accept: ["pptx"] }),
        ),
      ).toBe("media.wrongType.pptx");
      // Without ffprobe on PATH the video facts are simply unknown (never a failure).
      const mp4 = await media.inspect(writeBytes(dir, "a.mp4", isoMediaHeader("isom")), {
        accept: ["video"],
      });
      expect(mp4).toMatchObject({ kind: "video", mime: "video/mp4" });
      expect(await media.inspect(writeBytes(dir, "a.mov", isoMediaHeader("qt  ")))).toMatchObject({
        kind: "video",
        mime: "video/quicktime",
        ext: "mov",
      });
      expect(await media.inspect(writeBytes(dir, "a.webm", WEBM_HEADER))).toMatchObject({
        kind: "video",
        mime: "video/webm",
      });
    });

    it("stores an image with AVIF, WebP and JPEG variants no wider than the original", async () => {
      const file = await writeImage(dir, "cover.jpg", {
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
      const png = await writeImage(dir, "logo.png", {
        width: 300,
        height: 120,
        format: "png",
        alpha: true,
      });
      const logo = await media.storeImage(png, { purpose: "page" });
      expect(logo.src).toMatch(/\/w300\.png$/);
      expect(logo.srcset.webp).toMatch(/w300\.webp 300w$/);
      expect(logo.srcset.fallback.split(", ")).toHaveLength(1);
      const rotated = await writeImage(dir, "portrait.jpg", {
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
      const file = await writeImage(dir, "entry.jpg", { width: 900, height: 600, format: "jpeg" });
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
      const file = await writeImage(dir, "jury.webp", {
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
      const file = await writeImage(dir, "gone.jpg", { width: 500, height: 300, format: "jpeg" });
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
