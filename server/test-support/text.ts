import { catalogText } from "../../core/i18n/lookup";
import type { Lang } from "../../core/languages";

/**
 * The catalogue text of `key` as the pages show it, its `{{placeholders}}` filled from
 * `values` (empty when not given); throws for a key the catalogue lacks.
 */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}) {
  const template = catalogText(lang, key);
  if (template === undefined) throw new Error(`no ${key} in the ${lang} catalogue`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
