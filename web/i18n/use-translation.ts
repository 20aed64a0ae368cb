import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext } from "react-i18next";

export interface Translation {
  t: TFunction;
  i18n: I18n;
}

const translations = new WeakMap<I18n, Translation>();

/**
 * The page's texts, as react-i18next's `useTranslation()` gives them (`{ t, i18n }`), without its
 * per-call cost: on a server render every one of its calls copies the i18next instance (a fresh
 * wrapper for each component), and every `t("key")` walks i18next's whole resolution again.
 *
 * An instance here holds one language and a fixed set of texts (i18n.ts makes one per set and
 * never changes its language or adds resources), so a key without options always yields the
 * same text: it is looked up once per instance and kept, and so is a call whose options are
 * plain values (`{ year: 2026 }`, a formatted date, a count); a call with any other options goes
 * to i18next every time. A new page whose texts differ gets a
 * new instance from the provider, which re-renders every component that reads it.
 */
export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return translationOf(i18n);
}

export function translationOf(i18n: I18n): Translation {
  let translation = translations.get(i18n);
  if (!translation) {
    translation = { t: keptTranslations(i18n), i18n };
    translations.set(i18n, translation);
  }
  return translation;
}

/** Kept texts per instance beyond which the oldest half is dropped (values from data vary). */
const KEPT_TEXTS = 5_000;

/**
 * The key a call's text is kept under: the key alone, or with options whose values are all
 * strings, numbers or booleans (an interpolated year, a date already formatted, a count), whose
 * text is then as fixed as the key's. Null for anything else (a value that is an object or a
 * function), which goes to i18next every time.
 */
function keptKey(key: string, rest: unknown[]): string | null {
  if (rest.length === 0) return key;
  const options = rest[0];
  if (
    rest.length > 1 ||
    options === null ||
    typeof options !== "object" ||
    Array.isArray(options)
  ) {
    return null;
  }
  let kept = key;
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
    kept += `\u0000${name}\u0001${type[0]}${String(value)}`;
  }
  return kept;
}

function keptTranslations(i18n: I18n): TFunction {
  const kept = new Map<string, unknown>();
  const translate = i18n.t.bind(i18n) as unknown as (key: unknown, ...rest: unknown[]) => unknown;
  const t = (key: unknown, ...rest: unknown[]) => {
    const keptAs = typeof key === "string" ? keptKey(key, rest) : null;
    if (keptAs === null) return translate(key, ...rest);
    let text = kept.get(keptAs);
    if (text === undefined) {
      text = translate(key, ...rest);
      if (kept.size >= KEPT_TEXTS) {
        let drop = KEPT_TEXTS / 2;
        for (const old of kept.keys()) {
          kept.delete(old);
          if (--drop === 0) break;
        }
      }
      kept.set(keptAs, text);
    }
    return text;
  };
  return t as unknown as TFunction;
}
