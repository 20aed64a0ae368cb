import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Insertable } from "kysely";
import type { EntryFileTable } from "../db/schema";
import type { StorageDriver } from "../modules/storage";
import { demoDocumentPdf, type DemoDocumentName } from "./demo-documents-pdf";
import { DEMO_PICTURES_PER_TITLE, demoPictureName, writeDemoImage } from "./demo-entry-images";
import { demoUuid, type Random } from "./demo-registrants";
import { DEMO_MAKER, DEMO_VIDEO_KEY, DEMO_VIDEO_MIME, makeDemoVideo } from "./demo-video";

/**
 * The files of the demo entries: stored objects (each title's pictures, a short playable film,
 * PDFs) that the entries' file rows share by storage key, and a licence PDF.
 */

export interface DemoFileDeps {
  storage: StorageDriver;
  /**
   * Stores an entry image through the media module (a start leaves most variants to the
   * image-variants job, as for an entrant's upload); without it, no media rows are made.
   */
  storeImage?: (filePath: string) => Promise<{ id: number }>;
  /** Pictures drawn per title (default DEMO_PICTURES_PER_TITLE); tests draw fewer. */
  picturesPerTitle?: number;
}

/** Where the demo's pictures are stored (`entries/demo/tranh-<title>-<seed>-<n>.jpg`). */
export const DEMO_IMAGE_PREFIX = "tranh-";

/** The stored key of picture `k` of a title. */
export function demoPictureKey(title: string, k: number): string {
  return `entries/demo/${DEMO_IMAGE_PREFIX}${demoPictureName(title, k).key}`;
}

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

/**
 * Stores the objects the demo entries share: the pictures of each of `titles`, the film, the
 * PDFs.
 */
export async function storeSharedFiles(deps: DemoFileDeps, titles: readonly string[]) {
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
  const images = await storeDemoPictures(deps, titles);
  return { video, documents, images, licence };
}

/** The stored pictures of each title, in order. */
export type DemoPictures = ReadonlyMap<string, readonly SharedFile[]>;

/**
 * Stores the pictures of each title (server/demo/demo-entry-images.ts) that `stored` does not
 * already hold: each as the entrant's JPEG and, through the media module, as an entry picture.
 * Two at a time; returns every title's pictures, the ones found in `stored` included.
 */
export async function storeDemoPictures(
  deps: DemoFileDeps,
  titles: readonly string[],
  stored: ReadonlyMap<string, SharedFile> = new Map(),
): Promise<DemoPictures> {
  const perTitle = deps.picturesPerTitle ?? DEMO_PICTURES_PER_TITLE;
  const wanted = [...new Set(titles)].flatMap((title) =>
    Array.from({ length: perTitle }, (_, k) => ({ title, k, key: demoPictureKey(title, k) })),
  );
  const made = new Map<string, SharedFile>();
  const missing = wanted.filter((w) => !stored.has(w.key));
  const dir = mkdtempSync(path.join(tmpdir(), "demo-entries-"));
  try {
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const i = next++;
        const { title, k, key } = missing[i]!;
        const name = demoPictureName(title, k).file;
        const file = path.join(dir, `${i}-${name}`);
        const { width, height, bytes } = await writeDemoImage(title, k, file);
        const media = deps.storeImage ? await deps.storeImage(file) : null;
        await deps.storage.putFile(key, file, { contentType: "image/jpeg" });
        made.set(key, {
          key,
          name,
          mime: "image/jpeg",
          bytes,
          width,
          height,
          ...(media ? { mediaId: media.id } : {}),
        });
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pictures = new Map<string, SharedFile[]>();
  for (const { title, key } of wanted) {
    pictures.set(title, [...(pictures.get(title) ?? []), (stored.get(key) ?? made.get(key))!]);
  }
  return pictures;
}

/**
 * The pictures an entry titled `title` shows: `count` of its title's pictures (as many as
 * there are at most), from a place its id decides.
 */
export function picturesOf(
  pictures: DemoPictures,
  title: string,
  entryId: string,
  count: number,
): SharedFile[] {
  const own = pictures.get(title);
  if (!own) throw new Error(`no demo pictures drawn for "${title}"`);
  let hash = 0;
  for (const c of entryId) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) >>> 0;
  return Array.from(
    { length: Math.min(count, own.length) },
    (_, i) => own[(hash + i) % own.length]!,
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
  options: { title: string; videoRequired: boolean; draft: boolean; createdAt: string },
): { rows: Insertable<EntryFileTable>[]; hasVideo: boolean } {
  const rows: Insertable<EntryFileTable>[] = [];
  const row = (field: string, file: SharedFile, sortOrder = 0) =>
    rows.push(fileRow(random, entryId, field, file, sortOrder, options.createdAt));
  const { draft } = options;
  // As many random draws as before the pool grew, so the rest of the demo stays the same.
  const imageCount = draft ? random.int(0, 2) : random.int(1, 4);
  picturesOf(shared.images, options.title, entryId, imageCount).forEach((image, i) =>
    row("images", image, i),
  );
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
