import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Insertable } from "kysely";
import type { EntryFileTable } from "../db/schema";
import type { StorageDriver } from "../modules/storage";
import { demoDocumentPdf, type DemoDocumentName } from "./demo-documents-pdf";
import { DEMO_IMAGE_POOL_SIZE, writeDemoImage } from "./demo-entry-images";
import { demoUuid, type Random } from "./demo-registrants";
import { DEMO_MAKER, DEMO_VIDEO_KEY, DEMO_VIDEO_MIME, makeDemoVideo } from "./demo-video";

/**
 * The files of the demo entries: a few stored objects (a pool of pictures with their variants,
 * a short playable film, PDFs) that every entry's file rows share by storage key, and a
 * licence PDF.
 */

export interface DemoFileDeps {
  storage: StorageDriver;
  /** Stores an entry image and its variants (the media module); without it, none are made. */
  storeImage?: (filePath: string) => Promise<{ id: number }>;
  /** Pictures in the pool (default DEMO_IMAGE_POOL_SIZE); tests use fewer, variants are slow. */
  imagePoolSize?: number;
}

/** Names of the pool's pictures in storage (`entries/demo/tranh-01.jpg` …). */
export const DEMO_IMAGE_PREFIX = "tranh-";

const YOUTUBE_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** An 11-character YouTube video id. */
export function youtubeId(random: Random): string {
  return Array.from({ length: 11 }, () => random.pick([...YOUTUBE_ID_CHARS])).join("");
}

/** Who the demo entries' idea articles say made them (Author and XMP). */
export const DEMO_PDF_AUTHOR = DEMO_MAKER;

export interface SharedFile {
  key: string;
  name: string;
  mime: string;
  bytes: number;
  width?: number;
  height?: number;
  duration?: number;
  mediaId?: number;
}

/** Stores the objects every demo entry shares: the pictures, the film, the PDFs. */
export async function storeSharedFiles(deps: DemoFileDeps) {
  const put = async (key: string, data: Buffer, mime: string) => {
    await deps.storage.put(key, data, { contentType: mime });
    return { key, mime, bytes: data.length };
  };
  const film = await makeDemoVideo();
  const video: SharedFile = {
    ...(await put(DEMO_VIDEO_KEY, film.data, DEMO_VIDEO_MIME)),
    name: "phim-quang-cao.mp4",
    width: film.width,
    height: film.height,
    duration: Math.round(film.duration),
  };
  const pdf = async (name: string, document: DemoDocumentName, author?: string) => ({
    ...(await put(
      `entries/demo/${name}`,
      await demoDocumentPdf(document, author),
      "application/pdf",
    )),
    name,
  });
  // The work's documents name their maker, as real uploads do; judges get copies without it.
  const documents = {
    ideaArticleVi: await pdf("bai-viet-y-tuong.pdf", "ideaVi", DEMO_PDF_AUTHOR),
    ideaArticleEn: await pdf("idea-article.pdf", "ideaEn", DEMO_PDF_AUTHOR),
    legalCommitment: await pdf("cam-ket-phap-ly.pdf", "legalCommitment"),
    copyrightCommitment: await pdf("cam-ket-ban-quyen.pdf", "copyrightCommitment"),
  };
  const licence = await demoDocumentPdf("licence");
  const images = await storeDemoImages(deps);
  return { video, documents, images, licence };
}

/**
 * Stores the pool of demo pictures (server/demo/demo-entry-images.ts): each as the entrant's
 * JPEG and, through the media module, with its responsive variants. Two at a time: variants
 * are most of a fresh start's seeding time.
 */
export async function storeDemoImages(deps: DemoFileDeps): Promise<SharedFile[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "demo-entries-"));
  const size = deps.imagePoolSize ?? DEMO_IMAGE_POOL_SIZE;
  const images = new Array<SharedFile>(size);
  try {
    let next = 0;
    const worker = async () => {
      while (next < size) {
        const i = next++;
        const name = `${DEMO_IMAGE_PREFIX}${String(i + 1).padStart(2, "0")}.jpg`;
        const file = path.join(dir, name);
        const { width, height, bytes } = await writeDemoImage(i, file);
        const media = deps.storeImage ? await deps.storeImage(file) : null;
        const key = `entries/demo/${name}`;
        await deps.storage.putFile(key, file, { contentType: "image/jpeg" });
        images[i] = {
          key,
          name,
          mime: "image/jpeg",
          bytes,
          width,
          height,
          ...(media ? { mediaId: media.id } : {}),
        };
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return images;
}

/** Which pictures of the pool an entry shows: `count` of them from a place its id decides. */
export function pickImages<T>(pool: readonly T[], entryId: string, count: number): T[] {
  let hash = 0;
  for (const c of entryId) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) >>> 0;
  const step = 1 + (hash % 3);
  return Array.from(
    { length: Math.min(count, pool.length) },
    (_, i) => pool[(hash + i * step) % pool.length]!,
  );
}

export type SharedFiles = Awaited<ReturnType<typeof storeSharedFiles>>;

/** One entry_files row pointing at a shared demo file. */
export function fileRow(
  random: Random,
  entryId: string,
  field: string,
  file: SharedFile,
  sortOrder: number,
  createdAt: string,
): Insertable<EntryFileTable> {
  return {
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
    created_at: createdAt,
  };
}

/** The file rows of one entry: complete for a submitted one, partial for a draft. */
export function entryFileRows(
  random: Random,
  shared: SharedFiles,
  entryId: string,
  options: { videoRequired: boolean; draft: boolean; createdAt: string },
): { rows: Insertable<EntryFileTable>[]; hasVideo: boolean } {
  const rows: Insertable<EntryFileTable>[] = [];
  const row = (field: string, file: SharedFile, sortOrder = 0) =>
    rows.push(fileRow(random, entryId, field, file, sortOrder, options.createdAt));
  const { draft } = options;
  // As many random draws as before the pool grew, so the rest of the demo stays the same.
  const imageCount = draft ? random.int(0, 2) : random.int(1, 4);
  pickImages(shared.images, entryId, imageCount).forEach((image, i) => row("images", image, i));
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
