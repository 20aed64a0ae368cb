import type { Lang } from "./languages";

/**
 * Link-preview images (Open Graph, Twitter cards): one 1200×630 JPEG per news article and per
 * published library entry, made by the server from the page's own picture, and the site's own
 * card for every other page (unless the admin chose an image in the SEO settings). Social networks
 * do not show SVG, so every `og:image` of ours is one of these rasters.
 */
export const OG_IMAGE = { width: 1200, height: 630, type: "image/jpeg" } as const;

/** Where the images are served: `/og/tin-tuc/<id>.jpg`, `/og/bai-thi/<id>.jpg`, `/og/trang/site.jpg`. */
export const OG_PREFIX = "/og/";

/** The kinds of page with a preview image, by the URL segment that names them. */
export const OG_KINDS = { news: "tin-tuc", entry: "bai-thi", site: "trang" } as const;
export type OgKind = keyof typeof OG_KINDS;

/** English pages get `-en` (only a card drawn from the title differs by language). */
const fileOf = (id: string | number, lang: Lang) => `${id}${lang === "en" ? "-en" : ""}.jpg`;

/** A news article's preview image, e.g. `/og/tin-tuc/12.jpg` (vi), `/og/tin-tuc/12-en.jpg`. */
export function newsOgImagePath(id: number, lang: Lang): string {
  return `${OG_PREFIX}${OG_KINDS.news}/${fileOf(id, lang)}`;
}

/** A published library entry's preview image: `/og/bai-thi/<entry uuid>[-en].jpg`. */
export function entryOgImagePath(id: string, lang: Lang): string {
  return `${OG_PREFIX}${OG_KINDS.entry}/${fileOf(id, lang)}`;
}

/** The site's card (its name), for pages without a picture of their own: `/og/trang/site[-en].jpg`. */
export function siteOgImagePath(lang: Lang): string {
  return `${OG_PREFIX}${OG_KINDS.site}/${fileOf("site", lang)}`;
}

const SITE_FILE = /^site(-en)?\.jpg$/;

/** The language in the file part of the site card's address, or null. */
export function parseSiteOgFile(file: string): { lang: Lang } | null {
  const match = SITE_FILE.exec(file);
  return match ? { lang: match[1] ? "en" : "vi" } : null;
}

const NEWS_FILE = /^([1-9]\d{0,15})(-en)?\.jpg$/;
const ENTRY_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-en)?\.jpg$/i;

/** The id and language in the file part of a preview image's address, or null. */
export function parseNewsOgFile(file: string): { id: number; lang: Lang } | null {
  const match = NEWS_FILE.exec(file);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? { id, lang: match[2] ? "en" : "vi" } : null;
}

export function parseEntryOgFile(file: string): { id: string; lang: Lang } | null {
  const match = ENTRY_FILE.exec(file);
  return match ? { id: match[1]!.toLowerCase(), lang: match[2] ? "en" : "vi" } : null;
}
