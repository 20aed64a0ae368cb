import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
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
import { forgetFfprobe, inspectFile } from "./inspect";
import type { MediaService } from "./service";
import { mediaTestbed, refusal, workDir } from "./testbed";

const work = workDir();

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
    const mp4 = writeBytes(work.dir, "clip.mp4", isoMediaHeader("isom"));
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

describe.each(testDatabases())("media on $name", (target) => {
  describe.skipIf(!target.available)("checking files by content", () => {
    const { bed, storedFiles } = mediaTestbed(target);
    let media: MediaService;
    beforeAll(() => {
      ({ media } = bed);
    });

    it("recognises JPEG, PNG and WebP by content and reads their size from the header", async () => {
      const jpeg = await writeImage(work.dir, "a.jpg", { width: 640, height: 480, format: "jpeg" });
      const png = await writeImage(work.dir, "b.png", {
        width: 300,
        height: 200,
        format: "png",
        alpha: true,
      });
      const webp = await writeImage(work.dir, "c.webp", {
        width: 800,
        height: 600,
        format: "webp",
      });
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
      const misnamed = await writeImage(work.dir, "really-jpeg.png", {
        width: 10,
        height: 10,
        format: "jpeg",
      });
      expect((await media.inspect(misnamed)).mime).toBe("image/jpeg");
    });

    it("refuses a PNG declaring 50,000 × 50,000 pixels from its header, at once", async () => {
      const bomb = writePngDeclaring(work.dir, "bomb.png", 50_000, 50_000);
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
      const html = writeBytes(work.dir, "photo.jpg", HTML_PAGE);
      const elf = writeBytes(work.dir, "elf.jpg", ELF_HEADER);
      const exe = writeBytes(work.dir, "setup.jpg", windowsExecutable());
      for (const file of [html, elf, exe]) {
        expect(await refusal(media.inspect(file, { accept: ["image"] }))).toBe(
          "media.wrongType.image",
        );
        expect(await refusal(media.storeImage(file, { purpose: "news" }))).toBe(
          "media.wrongType.image",
        );
      }
      expect(await refusal(media.inspect(html))).toBe("media.unsupportedType");
      expect(await refusal(media.inspect(writeBytes(work.dir, "empty.jpg", "")))).toBe(
        "media.empty",
      );
      const pdf = writeBytes(work.dir, "doc.jpg", PDF_DOCUMENT);
      expect(await refusal(media.inspect(pdf, { accept: ["image"] }))).toBe(
        "media.wrongType.image",
      );
      const mp4 = writeBytes(work.dir, "film.pdf", isoMediaHeader("isom"));
      expect(await refusal(media.inspect(mp4, { accept: ["pdf", "pptx"] }))).toBe(
        "media.wrongType.document",
      );
      expect(await refusal(media.inspect(pdf, { accept: ["video"] }))).toBe(
        "media.wrongType.video",
      );
      const jpeg = await writeImage(work.dir, "big.jpg", {
        width: 400,
        height: 400,
        format: "jpeg",
      });
      expect(await refusal(media.inspect(jpeg, { maxBytes: 100 }))).toBe("media.tooLarge");
      expect(storedFiles()).toBe(0);
    });

    it("refuses a damaged image whose header is fine, and leaves nothing behind", async () => {
      const whole = readFileSync(
        await writeImage(work.dir, "whole.jpg", { width: 1200, height: 900, format: "jpeg" }),
      );
      const cut = writeBytes(work.dir, "cut.jpg", whole.subarray(0, Math.floor(whole.length / 3)));
      expect((await media.inspect(cut)).width).toBe(1200);
      expect(await refusal(media.storeImage(cut, { purpose: "news" }))).toBe("media.unreadable");
      expect(storedFiles()).toBe(0);
    });

    it("recognises PDF, PPTX, MP4, MOV and WebM; a Word file is not a presentation", async () => {
      expect(
        await media.inspect(writeBytes(work.dir, "x.bin", PDF_DOCUMENT), { accept: ["pdf"] }),
      ).toMatchObject({
        kind: "pdf",
        mime: "application/pdf",
        ext: "pdf",
      });
      expect(
        await media.inspect(writeBytes(work.dir, "slides.bin", minimalPptx()), {
          accept: ["pptx"],
        }),
      ).toMatchObject({ kind: "pptx", ext: "pptx" });
      expect(
        await refusal(
          media.inspect(writeBytes(work.dir, "letter.pptx", minimalDocx()), { accept: ["pptx"] }),
        ),
      ).toBe("media.wrongType.pptx");
      // Without ffprobe on PATH the video facts are simply unknown (never a failure).
      const mp4 = await media.inspect(writeBytes(work.dir, "a.mp4", isoMediaHeader("isom")), {
        accept: ["video"],
      });
      expect(mp4).toMatchObject({ kind: "video", mime: "video/mp4" });
      expect(
        await media.inspect(writeBytes(work.dir, "a.mov", isoMediaHeader("qt  "))),
      ).toMatchObject({
        kind: "video",
        mime: "video/quicktime",
        ext: "mov",
      });
      expect(await media.inspect(writeBytes(work.dir, "a.webm", WEBM_HEADER))).toMatchObject({
        kind: "video",
        mime: "video/webm",
      });
    });
  });
});
