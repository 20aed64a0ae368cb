import type { InVietnamese } from "../../core/content";

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
