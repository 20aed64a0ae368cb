import type { Lang } from "../languages";
import en from "./en.json";
import vi from "./vi.json";

const CATALOGS: Readonly<Record<Lang, unknown>> = { vi, en };

/**
 * The text of a dotted key (`validation.taxCode`) in a language's catalogue, or undefined
 * when there is no such text. For tests and server-side code; pages use i18next.
 */
export function catalogText(lang: Lang, key: string): string | undefined {
  let node: unknown = CATALOGS[lang];
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}
