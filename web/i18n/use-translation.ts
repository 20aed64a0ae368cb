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
 * same text: it is looked up once per instance and kept. A call with options (interpolation,
 * plurals, `returnObjects`) goes to i18next every time. A new page whose texts differ gets a
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

function keptTranslations(i18n: I18n): TFunction {
  const kept = new Map<string, unknown>();
  const translate = i18n.t.bind(i18n) as unknown as (key: unknown, ...rest: unknown[]) => unknown;
  const t = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string") return translate(key, ...rest);
    let text = kept.get(key);
    if (text === undefined) {
      text = translate(key);
      kept.set(key, text);
    }
    return text;
  };
  return t as unknown as TFunction;
}
