import type { Lang } from "../../../core/languages";
import type { Db } from "../../db/database";
import { socialImagesContext, type SocialImagesDeps } from "./context";
import { ensureOgImage } from "./ensure";
import { entryOgImage } from "./entry-og-image";
import { newsOgImage } from "./news-og-image";
import { siteOgImage } from "./site-og-image";
import type { OgImageChoice } from "./source";

export type { OgImageChoice, OgImagePlan, OgSource } from "./source";
export type SocialImagesService = ReturnType<typeof createSocialImagesService>;

/**
 * Link previews (`og:image`): a 1200×630 JPEG per news article and published library entry,
 * made from its picture (or a title card) on first request and kept in Storage under a key
 * derived from the source, so a changed cover gets a new image. Served by ./routes.ts.
 */
export function createSocialImagesService(db: Db, deps: SocialImagesDeps) {
  const ctx = socialImagesContext(db, deps);
  return {
    /** A visible news article's preview, or null. */
    news: (id: number, lang: Lang) => newsOgImage(ctx, id, lang),
    /** A published library entry's preview, or null. */
    entry: (id: string, lang: Lang) => entryOgImage(ctx, id, lang),
    /** The site's card, for pages without a picture of their own. */
    site: (lang: Lang) => Promise.resolve(siteOgImage(lang)),
    /** The stored preview, made now when needed. */
    ensure: (choice: OgImageChoice) => ensureOgImage(ctx, choice),
  };
}
