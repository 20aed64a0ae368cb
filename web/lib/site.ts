import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { localizePath, type Lang } from "../../core/languages";
import type { loader as rootLoader } from "../root";

/** The root loader's data: language, catalogue and the header/footer chrome. */
export function useSite() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useSite() used outside the root route");
  return data;
}

export function useLang(): Lang {
  return useSite().lang;
}

/**
 * Turns a seed path into the current language's path (`/bai-du-thi` → `/en/bai-du-thi`). The
 * same function while the language stays: an effect that lists it runs again only when the
 * language changes, not at every render.
 */
export function useLocalizedPath(): (path: string) => string {
  const lang = useLang();
  return useCallback(
    (path: string) => {
      const [pathname = "/", query] = path.split("?");
      const localized = localizePath(pathname, lang);
      return query ? `${localized}?${query}` : localized;
    },
    [lang],
  );
}
