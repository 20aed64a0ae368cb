import os from "node:os";
import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, open, stat } from "node:fs/promises";
import path from "node:path";
import { fileTypeFromFile } from "file-type";
import type Sharp from "sharp";
import type { Metadata } from "sharp";

let sharpModule: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on the first image rather than at start: libvips adds ~12 MB of resident memory
 * that a server receiving only videos and documents never needs (PRODUCT §11 memory budget).
 * No libvips operation cache: each upload is transformed once, so caching only holds memory.
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    // libvips threads per image: as many as the heavy-work gate leaves free (one core spare).
    sharp.concurrency(Math.max(1, os.availableParallelism() - 1));
    return sharp;
  });
  return sharpModule;
}

/** The kinds of file the competition takes (PRODUCT §8), decided from the bytes. */
export type MediaKind = "image" | "video" | "pdf" | "pptx";

export const MEDIA_KINDS: Readonly<Record<MediaKind, readonly string[]>> = {
  image: ["image/jpeg", "image/png", "image/webp"],
  video: ["video/mp4", "video/quicktime", "video/webm", "video/x-m4v"],
  pdf: ["application/pdf"],
  pptx: ["application/vnd.openxmlformats-officedocument.presentationml.presentation"],
};

/** The usual extension of each accepted type (for storage keys and download names). */
export const EXTENSION_OF: Readonly<Record<string, string>> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "video/x-m4v": "m4v",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
};

/** An image above this many pixels is refused before anything decodes it (40 megapixels). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface MediaFacts {
  kind: MediaKind;
  /** The sniffed type (never the declared one). */
  mime: string;
  ext: string;
  bytes: number;
  /** Images: from the header (after EXIF orientation). Video: from ffprobe when present. */
  width: number | null;
  height: number | null;
  /** Video, when ffprobe is available. */
  durationSeconds: number | null;
  /** Images: whether there is an alpha channel (PNG/WebP transparency). */
  hasAlpha: boolean;
}

export interface InspectOptions {
  /** The kinds the caller takes; anything else is `media.wrongType`. Default: every kind. */
  accept?: readonly MediaKind[];
  /** Bytes allowed; more is `media.tooLarge`. */
  maxBytes?: number;
}

/** A file the server will not take; `messageKey` is an i18n key (`media.*`) for the user. */
export class MediaRejected extends Error {
  constructor(
    readonly messageKey: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(messageKey);
    this.name = "MediaRejected";
  }
}

/** `media.wrongType.<image|video|pdf|pptx|document|other>`: what the caller wanted. */
function wrongTypeKey(accept: readonly MediaKind[]): string {
  const wanted = [...new Set(accept)].sort().join("+");
  if (wanted === "pdf+pptx") return "media.wrongType.document";
  return accept.length === 1 ? `media.wrongType.${accept[0]}` : "media.wrongType.other";
}

function kindOf(mime: string): MediaKind | null {
  for (const [kind, mimes] of Object.entries(MEDIA_KINDS) as [MediaKind, readonly string[]][]) {
    if (mimes.includes(mime)) return kind;
  }
  return null;
}

/** A PDF may start `%PDF-` anywhere in its first 1024 bytes (ISO 32000 §7.5.2). */
async function looksLikePdf(filePath: string): Promise<boolean> {
  const handle = await open(filePath, "r");
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, 1024, 0);
    return head.subarray(0, bytesRead).includes("%PDF-", 0, "latin1");
  } finally {
    await handle.close();
  }
}

let ffprobePath: Promise<string | null> | null = null;

/** Forgets the ffprobe lookup (tests change PATH). */
export function forgetFfprobe(): void {
  ffprobePath = null;
}

/** ffprobe on PATH, looked up once; null when it is not installed (then video facts are skipped). */
export function findFfprobe(): Promise<string | null> {
  ffprobePath ??= (async () => {
    const names = process.platform === "win32" ? ["ffprobe.exe"] : ["ffprobe"];
    for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
      if (!dir) continue;
      for (const name of names) {
        const candidate = path.join(dir, name);
        try {
          await access(candidate, constants.X_OK);
          return candidate;
        } catch {
          // Not here.
        }
      }
    }
    return null;
  })();
  return ffprobePath;
}

/** Duration and size of a video via ffprobe, or nulls when ffprobe is absent or fails. */
export async function probeVideo(
  filePath: string,
): Promise<{ durationSeconds: number | null; width: number | null; height: number | null }> {
  const none = { durationSeconds: null, width: null, height: null };
  const ffprobe = await findFfprobe();
  if (!ffprobe) return none;
  return new Promise((resolve) => {
    execFile(
      ffprobe,
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", filePath],
      { timeout: 20_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return resolve(none);
        try {
          const data = JSON.parse(stdout) as {
            format?: { duration?: string };
            streams?: { codec_type?: string; width?: number; height?: number }[];
          };
          const video = data.streams?.find((s) => s.codec_type === "video");
          const duration = Number(data.format?.duration);
          resolve({
            durationSeconds: Number.isFinite(duration) ? duration : null,
            width: video?.width ?? null,
            height: video?.height ?? null,
          });
        } catch {
          resolve(none);
        }
      },
    );
  });
}

/**
 * What a file really is, from its bytes: the type (magic numbers; a PPTX is a zip with
 * `ppt/` parts), and for images the dimensions read from the header without decoding, so a
 * PNG declaring 50,000 × 50,000 pixels is refused in microseconds. Throws `MediaRejected`.
 */
export async function inspectFile(
  filePath: string,
  options: InspectOptions = {},
): Promise<MediaFacts> {
  const info = await stat(filePath);
  if (!info.isFile() || info.size === 0) throw new MediaRejected("media.empty");
  if (options.maxBytes !== undefined && info.size > options.maxBytes) {
    throw new MediaRejected("media.tooLarge", { maxBytes: options.maxBytes });
  }
  const sniffed = await fileTypeFromFile(filePath).catch(() => undefined);
  let mime = sniffed?.mime ?? null;
  if (!mime && (await looksLikePdf(filePath))) mime = "application/pdf";
  const kind = mime ? kindOf(mime) : null;
  if (options.accept && (!kind || !options.accept.includes(kind))) {
    throw new MediaRejected(wrongTypeKey(options.accept), { sniffed: mime });
  }
  if (!mime || !kind) throw new MediaRejected("media.unsupportedType", { sniffed: mime });
  const facts: MediaFacts = {
    kind,
    mime,
    ext: EXTENSION_OF[mime] ?? "bin",
    bytes: info.size,
    width: null,
    height: null,
    durationSeconds: null,
    hasAlpha: false,
  };
  if (kind === "image") {
    let metadata: Metadata;
    try {
      // Header only: no pixel is decoded here, whatever the declared size.
      const sharp = await loadSharp();
      metadata = await sharp(filePath, {
        limitInputPixels: false,
        sequentialRead: true,
      }).metadata();
    } catch {
      throw new MediaRejected("media.unreadable");
    }
    const width = metadata.autoOrient?.width ?? metadata.width;
    const height = metadata.autoOrient?.height ?? metadata.height;
    if (!width || !height) throw new MediaRejected("media.unreadable");
    if (width * height > MAX_IMAGE_PIXELS) {
      throw new MediaRejected("media.tooManyPixels", { width, height });
    }
    facts.width = width;
    facts.height = height;
    facts.hasAlpha = Boolean(metadata.hasAlpha);
  } else if (kind === "video") {
    Object.assign(facts, await probeVideo(filePath));
  }
  return facts;
}
