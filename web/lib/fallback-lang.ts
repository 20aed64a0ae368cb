import type { InVietnamese } from "../../core/content";
import type { Bilingual, Lang } from "../../core/languages";

/**
 * The `lang` attribute of an element holding one field of a record: `vi` when an English page
 * shows that field in Vietnamese (it has no English text), so screen readers pronounce it as
 * Vietnamese; nothing otherwise. Spread it on the element: `<p {...fallbackLang(x.inVi, "bio")}>`.
 */
export function fallbackLang<F extends string>(
  inVi: InVietnamese<F> | undefined,
  field: F,
): { lang?: "vi" } {
  return inVi?.[field] ? { lang: "vi" } : {};
}

/**
 * The same for a bilingual name shown with `pickLang`: `vi` when an English page shows its
 * Vietnamese text because the English one is empty.
 */
export function pickedLang(text: Bilingual, lang: Lang): { lang?: "vi" } {
  return lang === "en" && text.en.trim() === "" && text.vi.trim() !== "" ? { lang: "vi" } : {};
}
