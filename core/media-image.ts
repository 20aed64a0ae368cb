/**
 * A picture as pages render it (`web/components/responsive-image.tsx`): either an uploaded
 * image with its responsive variants (AVIF, WebP and a JPEG/PNG fallback at several widths)
 * or a legacy path with no variants. Built on the server (`services.media.resolve…`).
 */
export interface ResponsiveImageData {
  /** The media id for uploaded images; null for a legacy path. */
  id: number | null;
  /** The fallback picture's address (the largest JPEG/PNG variant, or the legacy path). */
  src: string;
  /** Intrinsic size (after EXIF orientation), null for a legacy path of unknown size. */
  width: number | null;
  height: number | null;
  alt: string | null;
  /** `srcset` strings per format (`/media/…/w480.webp 480w, …`); null for a legacy path. */
  srcset: { avif: string; webp: string; fallback: string } | null;
  /** A default `sizes`; pages usually pass their own. */
  sizes: string | null;
}

/** Where uploaded images are served: `/media/<token>/w<width>.<avif|webp|jpg|png>`. */
export const MEDIA_PREFIX = "/media/";

const MEDIA_PATH = /^\/media\/([a-f0-9]{24})\/w\d{1,5}\.(avif|webp|jpg|png)$/;

/** The media token in one of an uploaded image's addresses (`/media/<token>/w960.webp`), or null. */
export function mediaTokenOf(src: string | null | undefined): string | null {
  if (!src) return null;
  return MEDIA_PATH.exec(src)?.[1] ?? null;
}

/** A staff image upload (`POST /api/media`): JPEG, PNG or WebP, at most 20 MB. */
export const MEDIA_IMAGE_RULES = {
  maxBytes: 20 * 1024 * 1024,
  mimeTypes: ["image/jpeg", "image/png", "image/webp"],
  extensions: [".jpg", ".jpeg", ".png", ".webp"],
} as const;

/** What an uploaded image is for (kept on its `media` row). */
export const MEDIA_PURPOSES = ["general", "news", "jury", "winner", "page", "editor"] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

/**
 * The JPEG/PNG variant whose width is nearest `target` (og:image wants about 1200 px; the
 * variants are 480/960/1600), or the image's own `src` for a legacy path.
 */
export function fallbackVariantNear(image: ResponsiveImageData, target = 1200): string {
  const candidates = (image.srcset?.fallback ?? "")
    .split(",")
    .map((part) => part.trim().split(/\s+/))
    .map(([url, w]) => ({ url: url ?? "", width: Number.parseInt(w ?? "", 10) }))
    .filter((c) => c.url !== "" && Number.isFinite(c.width));
  let best: { url: string; width: number } | undefined;
  for (const c of candidates) {
    const distance = Math.abs(c.width - target);
    // Nearest wins; on a tie the wider one.
    if (
      !best ||
      distance < Math.abs(best.width - target) ||
      (distance === Math.abs(best.width - target) && c.width > best.width)
    ) {
      best = c;
    }
  }
  return best?.url ?? image.src;
}
