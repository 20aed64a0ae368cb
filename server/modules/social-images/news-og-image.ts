import { pickLang, type Lang } from "../../../core/languages";
import { mediaTokenOf } from "../../../core/media-image";
import { findVisibleArticle } from "../content/queries";
import { catalogueText } from "../exports/catalogue-text";
import { generatedCoverSeed } from "../site/generated-cover";
import type { SocialImagesContext } from "./context";
import { mediaPicture } from "./queries";
import { planOgImage, type OgImageChoice, type OgSource } from "./source";

/**
 * The preview of a published news article: its cover (an uploaded image or a generated
 * one), else a card with its title in the page's language. Null for an article visitors
 * cannot see (unknown, draft, scheduled).
 */
export async function newsOgImage(
  ctx: SocialImagesContext,
  id: number,
  lang: Lang,
): Promise<OgImageChoice | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await findVisibleArticle(ctx.db.kysely, id, ctx.now());
  if (!row) return null;
  const fallback = {
    kind: "card",
    siteName: catalogueText(lang, "site.name"),
    title: pickLang({ vi: row.title_vi, en: row.title_en }, lang),
  } as const;
  const token = mediaTokenOf(row.cover_image);
  const picture = token ? await mediaPicture(ctx.db.kysely, { token }) : null;
  const seed = generatedCoverSeed(row.cover_image);
  const source: OgSource = picture
    ? { kind: "stored", key: picture.key, token: picture.token }
    : seed !== null
      ? { kind: "generated", seed }
      : fallback;
  return { plan: planOgImage(source), fallback };
}
