import type { Sharp } from "sharp";
import { OG_IMAGE } from "../../../core/social-image";
import { findVietnameseFont } from "../exports/pdf";
import { loadSharp, MAX_IMAGE_PIXELS } from "../media/inspect";

/** Bumped when the drawing changes, so every cached preview is made again. */
export const RENDER_VERSION = 1;

/** Social networks take up to a few MB, but small previews load first on a slow phone. */
const MAX_BYTES = 300 * 1024;
const BRAND = "#7a1f1f";
const BRAND_LIGHT = "#b8452c";
const ACCENT = "#f2c14e";

const jpeg = async (pipeline: Sharp): Promise<Buffer> => {
  // Quality 80 is plenty for a preview; a busy photo that still weighs too much goes lower.
  for (const quality of [80, 70, 60]) {
    const data = await pipeline
      .clone()
      .jpeg({ quality, mozjpeg: true, progressive: true })
      .toBuffer();
    if (data.length <= MAX_BYTES || quality === 60) return data;
  }
  throw new Error("unreachable");
};

/**
 * A picture (JPEG, PNG, WebP or SVG bytes) as a 1200×630 JPEG: scaled to cover and cropped
 * around what sharp's attention strategy finds most salient (faces, contrast, colour), on
 * white where the picture is transparent, metadata stripped.
 */
export async function renderPicture(source: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const pipeline = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
    .autoOrient()
    .resize(OG_IMAGE.width, OG_IMAGE.height, { fit: "cover", position: "attention" })
    .flatten({ background: "#ffffff" });
  return jpeg(pipeline);
}

const escapeMarkup = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Long titles are cut at a word, with an ellipsis, so the card stays legible. */
function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).trimEnd()}…`;
}

/**
 * The card for a page without a picture: the site's name over its title on the brand's red.
 * Text is laid out by Pango with a font that has Vietnamese marks (the one PDFs use), so
 * "Quảng cáo Đông Á" renders as written.
 */
export async function renderCard(input: { siteName: string; title: string }): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = OG_IMAGE;
  const fonts = findVietnameseFont();
  const margin = 80;
  const textWidth = width - 2 * margin;
  const text = (markup: string, size: number, box?: number) =>
    sharp({
      text: {
        text: markup,
        font: `DejaVu Sans Bold ${size}`,
        ...(fonts ? { fontfile: fonts.bold } : {}),
        width: textWidth,
        ...(box ? { height: box } : {}),
        rgba: true,
        wrap: "word",
        spacing: Math.round(size / 4),
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });

  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${BRAND}"/><stop offset="1" stop-color="${BRAND_LIGHT}"/>` +
      `</linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      `<circle cx="${width - 120}" cy="${height - 60}" r="220" fill="#fff" fill-opacity="0.06"/>` +
      `<rect x="${margin}" y="126" width="96" height="6" fill="${ACCENT}"/>` +
      `</svg>`,
  );
  const site = await text(
    `<span foreground="${ACCENT}">${escapeMarkup(shorten(input.siteName, 70))}</span>`,
    26,
  );
  const titleMarkup = `<span foreground="#ffffff">${escapeMarkup(shorten(input.title, 160))}</span>`;
  const titleBox = height - 170 - 60;
  let title = await text(titleMarkup, 48);
  // Too tall at the normal size: let Pango fit it into the box instead.
  if (title.info.height > titleBox) title = await text(titleMarkup, 48, titleBox);
  const pipeline = sharp(background).composite([
    { input: site.data, top: 60, left: margin },
    { input: title.data, top: 170, left: margin },
  ]);
  return jpeg(pipeline);
}
