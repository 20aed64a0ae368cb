import { stripLangPrefix } from "../../core/languages";

export type MessageScope = "public" | "back-office";

/** The back office (`/quan-tri…`) carries its own texts; public pages leave them out. */
export function messageScopeOf(pathname: string): MessageScope {
  const path = stripLangPrefix(pathname);
  return path === "/quan-tri" || path.startsWith("/quan-tri/") ? "back-office" : "public";
}
