import type { Lang } from "../../core/languages";
import { signedInApp, type SignedInApp } from "./signed-in-app";

export { text } from "./text";

/** The signed-in entrant every identity test over HTTP shares. */
export const ENTRANT = { email: "entrant@example.vn", fullName: "Phạm Thị Riêng Tư" } as const;

/** A path in the language's URL space (`/en` prefix for English). */
export const localized = (p: string, lang: Lang) =>
  lang === "en" ? (p === "/" ? "/en" : `/en${p}`) : p;

/**
 * The app of the identity tests over HTTP (HTML cache on for 5 s) with the entrant and staff
 * `<role>@vanxuan-awards.example` signed in. Call it once at the top of a test file.
 */
export function identityHttpApp(): SignedInApp {
  return signedInApp({
    env: { HTML_CACHE_SECONDS: "5" },
    staffEmail: (role) => `${role.replace("_", "-")}@vanxuan-awards.example`,
    entrant: ENTRANT,
  });
}
