import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import type { Lang } from "../../../core/languages";

/** A text of the catalogue by its dotted key, for files written on the server (exports). */
export function catalogueText(lang: Lang, key: string): string {
  let node: unknown = lang === "en" ? en : vi;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : key;
}
