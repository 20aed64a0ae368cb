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
