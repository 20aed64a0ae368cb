/** The site's languages: Vietnamese is the default and lives at the seed's paths, English under `/en`. */
export const LANGUAGES = ["vi", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "vi";
export const LANG_COOKIE = "lang";
export const LANG_STORAGE_KEY = "lang";

export function isLang(value: unknown): value is Lang {
  return value === "vi" || value === "en";
}

/** Any value that is not a supported language resets to Vietnamese (seed §4). */
export function parseLang(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}

/** A bilingual text as stored: English falls back to Vietnamese when empty (PRODUCT §6). */
export interface Bilingual {
  vi: string;
  en: string;
}

/** The text of a bilingual value in `lang`: English falls back to Vietnamese when empty. */
export function pickLang(text: Bilingual, lang: Lang): string {
  return lang === "en" && text.en.trim() !== "" ? text.en : text.vi;
}

/** The locale used for dates and numbers: vi, or en-GB for its DD/MM/YYYY order. */
export function localeOf(lang: Lang): string {
  return lang === "en" ? "en-GB" : "vi-VN";
}

/** Which language a URL path is in: `/en` and `/en/...` are English, everything else Vietnamese. */
export function langOfPath(pathname: string): Lang {
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : "vi";
}

/** The path without its language prefix: `/en/bai-du-thi` → `/bai-du-thi`, `/en` → `/`. */
export function stripLangPrefix(pathname: string): string {
  if (langOfPath(pathname) === "vi") return pathname || "/";
  const rest = pathname.slice(3);
  return rest === "" ? "/" : rest;
}

/** The same page in the given language: `localizePath('/bai-du-thi', 'en')` → `/en/bai-du-thi`. */
export function localizePath(pathname: string, lang: Lang): string {
  const base = stripLangPrefix(pathname);
  if (lang === "vi") return base;
  return base === "/" ? "/en" : `/en${base}`;
}

/**
 * The route table's optional first segment: a route path `en?/x` serves `/x` in Vietnamese and
 * `/en/x` in English (web/routes.ts), one route for both languages.
 */
export const OPTIONAL_EN = "en?";

/**
 * A route path (no leading slash) as each language's path: `en?/x` → `x`, `en/x`; `en?` →
 * ``, `en`; a path without the optional segment stays as it is.
 */
export function routePathInEachLanguage(path: string): string[] {
  if (path === OPTIONAL_EN) return ["", "en"];
  if (!path.startsWith(`${OPTIONAL_EN}/`)) return [path];
  const rest = path.slice(OPTIONAL_EN.length + 1);
  return [rest, `en/${rest}`];
}

/**
 * The language a browser prefers from its Accept-Language header: English only when English
 * is preferred over Vietnamese (PRODUCT §6: "vi unless it prefers en").
 */
export function langFromAcceptLanguage(header: string | null | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        primary: tag.trim().toLowerCase().split("-")[0],
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    if (entry.primary === "vi") return "vi";
    if (entry.primary === "en") return "en";
  }
  return DEFAULT_LANG;
}

/**
 * Which language a visitor gets (PRODUCT §6, DESIGN "Languages"), the one rule for the
 * server's redirect and the browser's saved choice: an explicit choice (`?lang=`, the
 * switcher) wins; then the saved one (cookie, localStorage); then, with nothing saved, the
 * browser's Accept-Language. A given value that is not a language resets to Vietnamese
 * (seed §4). `null`/`undefined` mean "not given".
 */
export function chooseLang(input: {
  explicit?: string | null | undefined;
  saved?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): Lang {
  if (input.explicit != null) return parseLang(input.explicit);
  if (input.saved != null) return parseLang(input.saved);
  return langFromAcceptLanguage(input.acceptLanguage);
}

/** A saved value that must be overwritten: present, but not a language. */
export function savedLangIsInvalid(saved: string | null | undefined): boolean {
  return saved != null && !isLang(saved);
}

/** The `Set-Cookie` / `document.cookie` value that saves a language choice for a year. */
export function langCookie(lang: Lang, secure: boolean): string {
  const oneYear = 60 * 60 * 24 * 365;
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${oneYear}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
