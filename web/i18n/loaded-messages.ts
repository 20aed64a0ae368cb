import { withRetries } from "../lib/retry-load";
import type { Messages } from "./i18n";

class BundleRefused extends Error {
  constructor(
    url: string,
    readonly status: number,
  ) {
    super(`${url}: ${status}`);
  }
}

/**
 * The message bundles this process holds, by URL: on the server every bundle (registered at
 * start), in the browser those fetched so far. A page names its bundles in the root loader's
 * data; its texts are their union.
 */
const loaded = new Map<string, Messages>();
const merged = new Map<string, Messages>();
const pending = new Map<string, Promise<void>>();

export function rememberMessages(url: string, messages: Messages): void {
  loaded.set(url, messages);
}

/** The texts of a page from its bundles (each namespace lives in exactly one bundle). */
export function messagesOf(urls: readonly string[]): Messages {
  const key = urls.join(" ");
  let messages = merged.get(key);
  if (!messages) {
    messages = Object.assign({}, ...urls.map((url) => loaded.get(url) ?? {})) as Messages;
    // Kept only once complete, so a bundle arriving later is not hidden by an early merge.
    if (urls.every((url) => loaded.has(url))) merged.set(key, messages);
  }
  return messages;
}

/** Fetches the bundles not yet held (immutable assets: usually from the HTTP cache). */
export function loadMessages(urls: readonly string[]): Promise<void> {
  return Promise.all(
    urls
      .filter((url) => !loaded.has(url))
      .map((url) => {
        let load = pending.get(url);
        if (!load) {
          // A bundle that does not arrive (the connection, a server fault) is asked for again
          // before the navigation fails; one the server does not have (4xx) is not.
          load = withRetries(
            () =>
              fetch(url).then((response) => {
                if (!response.ok) throw new BundleRefused(url, response.status);
                return response.json() as Promise<Messages>;
              }),
            { retryable: (error) => !(error instanceof BundleRefused && error.status < 500) },
          )
            .then((messages) => rememberMessages(url, messages))
            .finally(() => pending.delete(url));
          pending.set(url, load);
        }
        return load;
      }),
  ).then(() => undefined);
}

/** Marks the `<link rel="preload">` of a page's bundles, which the browser entry reads. */
export const MESSAGES_LINK_ATTRIBUTE = "data-messages";

/** The bundles the server named in this document's head. */
export function documentMessageUrls(doc: Document): string[] {
  return [...doc.querySelectorAll<HTMLLinkElement>(`link[${MESSAGES_LINK_ATTRIBUTE}]`)].map(
    (link) => link.getAttribute("href") ?? "",
  );
}
