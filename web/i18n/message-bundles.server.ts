import { createHash } from "node:crypto";
import en from "../../core/i18n/en.json";
import vi from "../../core/i18n/vi.json";
import { LANGUAGES, type Lang } from "../../core/languages";
import type { Messages } from "./i18n";
import { rememberMessages } from "./loaded-messages";
import { areasLoadedBy, areaOfNamespace, messageAreaOf, type MessageArea } from "./message-areas";

/** Where the build puts the bundles among the client assets (served immutable, precompressed). */
export const MESSAGE_BUNDLE_DIR = "assets/i18n";

export interface MessageBundle {
  lang: Lang;
  area: MessageArea;
  /** Path under the client build, content-hashed: `assets/i18n/vi.public.0123456789.json`. */
  fileName: string;
  json: string;
  messages: Messages;
}

const CATALOGUES: Record<Lang, Record<string, unknown>> = { vi, en };

/**
 * The catalogue of each language cut into one bundle per area. The build writes these files
 * and the server names them from the same computation, so the two always agree.
 */
export function messageBundles(catalogues = CATALOGUES): MessageBundle[] {
  return LANGUAGES.flatMap((lang) => {
    const byArea = new Map<MessageArea, Messages>();
    for (const [namespace, texts] of Object.entries(catalogues[lang])) {
      const area = areaOfNamespace(namespace);
      if (!area) continue;
      const messages = byArea.get(area) ?? {};
      messages[namespace] = texts;
      byArea.set(area, messages);
    }
    return [...byArea].map(([area, messages]) => {
      const json = JSON.stringify(messages);
      const hash = createHash("sha256").update(json).digest("hex").slice(0, 10);
      return {
        lang,
        area,
        fileName: `${MESSAGE_BUNDLE_DIR}/${lang}.${area}.${hash}.json`,
        json,
        messages,
      };
    });
  });
}

let urls: Map<string, string> | undefined;

/** Computes the bundles once and lets the server's renders read them by their URL. */
function bundleUrls(): Map<string, string> {
  if (!urls) {
    urls = new Map();
    for (const bundle of messageBundles()) {
      const url = `/${bundle.fileName}`;
      urls.set(`${bundle.lang}:${bundle.area}`, url);
      rememberMessages(url, bundle.messages);
    }
  }
  return urls;
}

/** The URLs of the bundles a page loads, by its language and address. */
export function pageMessageUrls(lang: Lang, pathname: string): string[] {
  const all = bundleUrls();
  return areasLoadedBy(messageAreaOf(pathname)).flatMap((area) => all.get(`${lang}:${area}`) ?? []);
}
