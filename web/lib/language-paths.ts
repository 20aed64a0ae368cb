import { localizePath, stripLangPrefix, type Lang } from "../../core/languages";

/**
 * A page's path in each language, without the `/en` prefix, when the two differ by more than
 * the prefix (an article's slug). A route's loader returns it as `languagePaths`; the hreflang
 * alternates (meta.ts) and the language switcher both read it from there.
 */
export type LanguagePaths = Record<Lang, string>;

function isLanguagePaths(value: unknown): value is LanguagePaths {
  if (typeof value !== "object" || value === null) return false;
  const paths = value as Record<string, unknown>;
  return typeof paths.vi === "string" && typeof paths.en === "string";
}

/** The deepest matched route's `languagePaths`, if its loader gave any. */
export function languagePathsOf(
  matches: ReadonlyArray<{ data?: unknown; loaderData?: unknown } | undefined>,
): LanguagePaths | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const data = match?.data ?? match?.loaderData;
    if (typeof data !== "object" || data === null) continue;
    const paths = (data as { languagePaths?: unknown }).languagePaths;
    if (isLanguagePaths(paths)) return paths;
  }
  return undefined;
}

/**
 * Where the language switcher's link to `lang` goes. `to` is the page's own address in that
 * language, for the running app, which saves the choice itself before it navigates. `href`
 * adds `lang=` for a browser without JavaScript (or a link opened in a new tab): the server
 * then saves the choice in the cookie and redirects to `to` (server/language-redirect.ts),
 * so a saved or browser language cannot send the visitor back.
 */
export function switcherTarget(
  location: { pathname: string; search: string },
  lang: Lang,
  paths: LanguagePaths | undefined,
): { to: string; href: string } {
  const path = localizePath(paths?.[lang] ?? stripLangPrefix(location.pathname), lang);
  const query = new URLSearchParams(location.search);
  query.delete("lang");
  const rest = query.toString();
  query.set("lang", lang);
  return { to: rest ? `${path}?${rest}` : path, href: `${path}?${query.toString()}` };
}
