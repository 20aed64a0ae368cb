import type { Lang } from "../../../core/languages";
import { catalogueText } from "../exports/catalogue-text";
import type { SocialImagesContext } from "./context";
import { mediaPicture } from "./queries";
import { planOgImage, type OgImageChoice, type OgSource } from "./source";

/**
 * The preview of a published library entry: its first image (the library row keeps it, the
 * images field's lowest sort order), else a card with its title and brand. Null when the
 * entry is not in the library (unknown or unpublished): nothing of it is shown to visitors.
 */
export async function entryOgImage(
  ctx: SocialImagesContext,
  id: string,
  lang: Lang,
): Promise<OgImageChoice | null> {
  const row = await ctx.db.kysely
    .selectFrom("library_entries")
    .select(["title", "brand", "image_media_id"])
    .where("entry_id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const fallback = {
    kind: "card",
    siteName: catalogueText(lang, "site.name"),
    title: row.brand ? `${row.title} — ${row.brand}` : row.title,
  } as const;
  const picture =
    row.image_media_id === null
      ? null
      : await mediaPicture(ctx.db.kysely, { id: Number(row.image_media_id) });
  const source: OgSource = picture
    ? { kind: "stored", key: picture.key, token: picture.token }
    : fallback;
  return { plan: planOgImage(source), fallback };
}
