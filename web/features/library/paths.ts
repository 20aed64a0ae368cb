import { localizePath, type Lang } from "../../../core/languages";
import { PATHS } from "../../../core/paths";

/** A published entry's page, `/bai-thi/{id}` (under `/en` in English). */
export function entryPath(id: string, lang: Lang): string {
  return localizePath(`${PATHS.entryDetail}/${encodeURIComponent(id)}`, lang);
}

/** The library at a state: `/bai-du-thi?…` (under `/en` in English). */
export function libraryPath(search: string, lang: Lang): string {
  const path = localizePath(PATHS.library, lang);
  return search ? `${path}?${search}` : path;
}

/**
 * Where "back to the library" goes: the library address the visitor came from, with its
 * filters and page, when they came from the library in this language; else the library.
 */
export function libraryReturnPath(cameFrom: string | null, lang: Lang): string {
  const library = libraryPath("", lang);
  if (cameFrom === null) return library;
  const mark = cameFrom.indexOf("?");
  const pathname = mark === -1 ? cameFrom : cameFrom.slice(0, mark);
  return pathname === library ? cameFrom : library;
}
