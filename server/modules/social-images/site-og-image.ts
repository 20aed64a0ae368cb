import type { Lang } from "../../../core/languages";
import { catalogueText } from "../exports/catalogue-text";
import { planOgImage, type OgImageChoice } from "./source";

/**
 * The site's own preview, for the pages without a picture of their own (home, about, jury,
 * winners, lists): a card with the award's short and full names in the page's language.
 */
export function siteOgImage(lang: Lang): OgImageChoice {
  const card = {
    kind: "card",
    siteName: catalogueText(lang, "site.shortName"),
    title: catalogueText(lang, "site.name"),
  } as const;
  return { plan: planOgImage(card), fallback: card };
}
