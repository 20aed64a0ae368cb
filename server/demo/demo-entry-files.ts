import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Insertable } from "kysely";
import type { EntryFileTable } from "../db/schema";
import type { StorageDriver } from "../modules/storage";
import { demoUuid, type Random } from "./demo-registrants";

/**
 * The files of the demo entries: a handful of stored objects (images with their variants, a
 * short video, PDFs) that every entry's file rows share by storage key, and a licence PDF.
 */

export interface DemoFileDeps {
  storage: StorageDriver;
  /** Stores an entry image and its variants (the media module); without it, none are made. */
  storeImage?: (filePath: string) => Promise<{ id: number }>;
}

const YOUTUBE_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** An 11-character YouTube video id. */
export function youtubeId(random: Random): string {
  return Array.from({ length: 11 }, () => random.pick([...YOUTUBE_ID_CHARS])).join("");
}

/** A minimal MP4 (an `ftyp` box and an `mdat` box of filler) that players and sniffers accept. */
function demoMp4(bytes: number): Buffer {
  const ftyp = Buffer.from("000000186674797069736f6d0000020069736f6d6d703431", "hex");
  const mdat = Buffer.alloc(bytes - ftyp.length, 0x2a);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4, "ascii");
  return Buffer.concat([ftyp, mdat]);
}

/** A one-page PDF with a line of text, its cross-reference table computed. */
export function demoPdf(line: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${line.replace(/[()\\]/g, "")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

interface SharedFile {
  key: string;
  name: string;
  mime: string;
  bytes: number;
  width?: number;
  height?: number;
  duration?: number;
  mediaId?: number;
}

const IMAGE_COLOURS = [
  { r: 122, g: 31, b: 31 },
  { r: 212, g: 160, b: 23 },
  { r: 26, g: 95, b: 180 },
  { r: 34, g: 120, b: 80 },
];

/** Stores the few objects every demo entry shares: images, a video, the PDFs. */
export async function storeSharedFiles(deps: DemoFileDeps) {
  const put = async (key: string, data: Buffer, mime: string) => {
    await deps.storage.put(key, data, { contentType: mime });
    return { key, mime, bytes: data.length };
  };
  const video: SharedFile = {
    ...(await put("entries/demo/phim-quang-cao.mp4", demoMp4(512 * 1024), "video/mp4")),
    name: "phim-quang-cao.mp4",
    duration: 30,
  };
  const pdf = (name: string, line: string) =>
    put(`entries/demo/${name}`, demoPdf(line), "application/pdf").then((f) => ({ ...f, name }));
  const documents = {
    ideaArticleVi: await pdf("bai-viet-y-tuong.pdf", "Bai viet y tuong - ban demo"),
    ideaArticleEn: await pdf("idea-article.pdf", "Idea article - demo copy"),
    legalCommitment: await pdf("cam-ket-phap-ly.pdf", "Cam ket phap ly - ban demo"),
    copyrightCommitment: await pdf("cam-ket-ban-quyen.pdf", "Cam ket ban quyen - ban demo"),
  };
  const licence = demoPdf("Giay chung nhan dang ky doanh nghiep - ban demo");
  const images: SharedFile[] = [];
  const { default: sharp } = await import("sharp");
  const dir = mkdtempSync(path.join(tmpdir(), "demo-entries-"));
  try {
    // Made side by side: each is a small encode, and the start waits for them.
    const made = await Promise.all(
      IMAGE_COLOURS.map(async (background, i): Promise<SharedFile> => {
        const name = `anh-${i + 1}.png`;
        const file = path.join(dir, name);
        const width = 480;
        const height = 320;
        const { size } = await sharp({ create: { width, height, channels: 3, background } })
          .png()
          .toFile(file);
        const media = deps.storeImage ? await deps.storeImage(file) : null;
        const key = `entries/demo/${name}`;
        await deps.storage.putFile(key, file, { contentType: "image/png" });
        return {
          key,
          name,
          mime: "image/png",
          bytes: size,
          width,
          height,
          ...(media ? { mediaId: media.id } : {}),
        };
      }),
    );
    images.push(...made);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { video, documents, images, licence };
}

export type SharedFiles = Awaited<ReturnType<typeof storeSharedFiles>>;

/** The file rows of one entry: complete for a submitted one, partial for a draft. */
export function entryFileRows(
  random: Random,
  shared: SharedFiles,
  entryId: string,
  options: { videoRequired: boolean; draft: boolean; createdAt: string },
): { rows: Insertable<EntryFileTable>[]; hasVideo: boolean } {
  const rows: Insertable<EntryFileTable>[] = [];
  const row = (field: string, file: SharedFile, sortOrder = 0) =>
    rows.push({
      id: demoUuid(random),
      entry_id: entryId,
      field,
      storage_key: file.key,
      original_name: file.name,
      mime: file.mime,
      bytes: file.bytes,
      width: file.width ?? null,
      height: file.height ?? null,
      duration_seconds: file.duration ?? null,
      variants: file.mediaId === undefined ? "null" : JSON.stringify({ mediaId: file.mediaId }),
      sort_order: sortOrder,
      created_at: options.createdAt,
    });
  const { draft } = options;
  const imageCount = draft ? random.int(0, 2) : random.int(1, shared.images.length);
  for (let i = 0; i < imageCount; i++) row("images", shared.images[i]!, i);
  if (draft && random.chance(0.5)) return { rows, hasVideo: false };
  const hasVideo = options.videoRequired || random.chance(0.3);
  if (hasVideo) row("video", shared.video);
  const docs = shared.documents;
  row("ideaArticleVi", docs.ideaArticleVi);
  if (random.chance(0.6)) row("ideaArticleEn", docs.ideaArticleEn);
  if (draft) return { rows, hasVideo };
  row("legalCommitment", docs.legalCommitment);
  row("copyrightCommitment", docs.copyrightCommitment);
  return { rows, hasVideo };
}
