import type { Lang } from "../../core/languages";
import en from "../../core/i18n/en.json";
import vi from "../../core/i18n/vi.json";
import { messageScopeOf, type MessageScope } from "./message-scope";
import type { Messages } from "./i18n";

/** Namespaces only the back office reads; public pages don't carry them. */
const BACK_OFFICE_NAMESPACES = new Set([
  "admin",
  "adminKit",
  "adminContent",
  "adminNews",
  "adminPlatform",
  "editor",
  "mediaLibrary",
  "entryAdmin",
  "entryReview",
  "registrantsAdmin",
  "adminDashboard",
  "paymentAdmin",
]);

function build(lang: Lang, scope: MessageScope): Messages {
  const catalogue: Record<string, unknown> = lang === "en" ? en : vi;
  return Object.fromEntries(
    Object.entries(catalogue).filter(
      // Email and receipt texts are the server's alone.
      ([namespace]) =>
        namespace !== "email" &&
        namespace !== "paymentReceipt" &&
        (scope === "back-office" || !BACK_OFFICE_NAMESPACES.has(namespace)),
    ),
  );
}

const cache = new Map<string, Messages>();

/** The catalogue a page needs, by language and by part of the site (public or back office). */
export function pageMessages(lang: Lang, pathname: string): Messages {
  const scope = messageScopeOf(pathname);
  const key = `${lang}:${scope}`;
  let messages = cache.get(key);
  if (!messages) cache.set(key, (messages = build(lang, scope)));
  return messages;
}
