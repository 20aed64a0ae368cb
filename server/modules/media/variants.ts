import type { OutputInfo } from "sharp";
import { loadSharp, MAX_IMAGE_PIXELS, MediaRejected } from "./inspect";
import type { Storage } from "../storage";

/** The widths of the responsive variants (never wider than the original). */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

export type VariantFormat = "avif" | "webp" | "jpeg" | "png";

export interface Variant {
  format: VariantFormat;
  width: number;
  height: number;
  key: string;
  bytes: number;
}

export const FILE_EXT: Record<VariantFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
  png: "png",
};
export const CONTENT_TYPE: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

export interface PlannedVariant {
  width: number;
  format: VariantFormat;
}

/**
 * Every variant an image of `width` gets: each width up to 1600 px (never wider than the
 * original) in AVIF, WebP and the fallback (PNG when transparent, else JPEG). The first is the
 * smallest fallback: the one an entry picture is shown with until the rest are made.
 */
export function variantPlan(width: number, hasAlpha: boolean): PlannedVariant[] {
  const fallback: VariantFormat = hasAlpha ? "png" : "jpeg";
  const widths = [...VARIANT_WIDTHS.filter((w) => w < width), Math.min(width, 1600)]
    .filter((w, i, all) => all.indexOf(w) === i)
    .sort((a, b) => a - b);
  const plan: PlannedVariant[] = [];
  for (const w of widths) {
    for (const format of [fallback, "avif", "webp"] as const) plan.push({ width: w, format });
  }
  return plan;
}

/** A variant's key beside the original (`<dir>/original.jpg` → `<dir>/w480.avif`). */
export function variantKey(originalKey: string, variant: PlannedVariant): string {
  const dir = originalKey.slice(0, originalKey.lastIndexOf("/"));
  return `${dir}/w${variant.width}.${FILE_EXT[variant.format]}`;
}

/**
 * Encodes one variant of the image at `filePath` (orientation applied, metadata stripped) and
 * stores it; `MediaRejected("media.unreadable")` when the pixels cannot be decoded.
 */
export async function encodeVariant(
  storage: Storage,
  filePath: string,
  originalKey: string,
  variant: PlannedVariant,
): Promise<Variant> {
  const sharp = await loadSharp();
  let pipeline = sharp(filePath, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
    .autoOrient()
    .resize({ width: variant.width, withoutEnlargement: true });
  pipeline =
    variant.format === "avif"
      ? pipeline.avif({ quality: 55, effort: 2 })
      : variant.format === "webp"
        ? pipeline.webp({ quality: 78 })
        : variant.format === "png"
          ? pipeline.png({ compressionLevel: 9, palette: true })
          : pipeline.jpeg({ quality: 80, mozjpeg: true, progressive: true });
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw new MediaRejected("media.unreadable");
  }
  const key = variantKey(originalKey, variant);
  await storage.put(key, output.data, { contentType: CONTENT_TYPE[variant.format] });
  return {
    format: variant.format,
    width: output.info.width,
    height: output.info.height,
    key,
    bytes: output.data.length,
  };
}
