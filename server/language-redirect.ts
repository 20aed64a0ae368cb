import { isbot } from "isbot";
import {
  chooseLang,
  langOfPath,
  localizePath,
  savedLangIsInvalid,
  type Lang,
} from "../core/languages";

export interface LanguageDecision {
  /** Where to send the browser instead, if anywhere. */
  redirectTo: string | null;
  /** A value to store in the language cookie, if it must change. */
  setCookie: Lang | null;
}

/**
 * PRODUCT §6 / DESIGN "Languages" for a page request: an explicit `?lang=` wins and is saved;
 * then the saved choice (cookie); then, on a first visit, the browser's language. English URLs
 * are never redirected to Vietnamese except by an explicit choice, so a shared `/en` link
 * opens in English. Crawlers are never redirected: they index both languages via hreflang.
 */
export function decideLanguage(input: {
  pathname: string;
  search: URLSearchParams;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  userAgent: string | undefined;
}): LanguageDecision {
  const { pathname, search } = input;
  const urlLang = langOfPath(pathname);

  if (search.has("lang")) {
    const chosen = chooseLang({ explicit: search.get("lang") });
    const rest = new URLSearchParams(search);
    rest.delete("lang");
    const query = rest.toString();
    return {
      redirectTo: localizePath(pathname, chosen) + (query ? `?${query}` : ""),
      setCookie: chosen,
    };
  }

  // A stored value that is not a language resets to Vietnamese (seed §4).
  const resetCookie: Lang | null = savedLangIsInvalid(input.cookie) ? "vi" : null;
  if (urlLang === "en" || isbot(input.userAgent ?? "")) {
    return { redirectTo: null, setCookie: resetCookie };
  }

  const preferred = chooseLang({ saved: input.cookie, acceptLanguage: input.acceptLanguage });
  if (preferred === "en") {
    const query = search.toString();
    return {
      redirectTo: localizePath(pathname, "en") + (query ? `?${query}` : ""),
      setCookie: null,
    };
  }
  return { redirectTo: null, setCookie: resetCookie };
}

/**
 * The lowercase form of a page address typed or linked with capitals (`/GIAM-KHAO`), or null
 * when it has none. Routes match regardless of case, so without this one page would answer at
 * many addresses, each its own canonical. The route's own words are lowercased; the segments in
 * `keep` (the values of the route's parameters: a payment reference is written in capitals)
 * and percent-escapes stay as they are, and files (a last segment with an extension) are left
 * alone.
 */
export function lowercasePagePath(
  pathname: string,
  keep: ReadonlySet<string> = new Set(),
): string | null {
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  if (last.includes(".")) return null;
  const lower = pathname
    .split("/")
    .map((segment) =>
      keep.has(segment)
        ? segment
        : segment.replace(/(%[0-9A-Fa-f]{2})|[A-Z]+/g, (match, escape?: string) =>
            escape ? escape : match.toLowerCase(),
          ),
    )
    .join("/");
  return lower === pathname ? null : lower;
}
