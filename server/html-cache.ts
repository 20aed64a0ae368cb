/**
 * A brief in-memory cache of anonymous HTML per URL (DESIGN "Rendering and speed"), dropped
 * whenever content changes, and page by page when a moment at which pages change by time alone
 * (registration closing, a scheduled article's publication: `setMoments`) has passed since it
 * was rendered. Each entry remembers the CSP nonce it was rendered with, so every response
 * still gets a fresh nonce.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body's bytes cut at each occurrence of the nonce it was rendered with. */
  chunks: Buffer[];
  /** When it was stored (the time to live counts from it). */
  storedAt: number;
  /** The moment its render began by the app's clock: what it shows is as of then. */
  asOf: number;
}

export class HtmlCache {
  private readonly pages = new Map<string, CachedPage>();
  private totalBytes = 0;
  /** Moments (epoch ms, ascending) at which what a page shows may change without an edit. */
  private moments: number[] = [];

  /**
   * At most `maxEntries` pages and `maxBytes` of HTML: the oldest go first. `clock` is the
   * app's (pages show the season's state as of it), against which moments are compared.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
    private readonly maxBytes = 16 * 1024 * 1024,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The app's time now, in epoch ms: a render's `asOf`. */
  now(): number {
    return this.clock();
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** How many pages and bytes are held (the memory bench and tests read them). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.pages.size, bytes: this.totalBytes };
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (now - page.storedAt > this.ttlMs || this.changedSince(page.asOf, this.clock())) {
      this.delete(key);
      return undefined;
    }
    return page;
  }

  /**
   * The moments at which pages change by time alone (season dates, scheduled publications):
   * a page rendered before one of them is not served once it has come.
   */
  setMoments(moments: readonly number[]): void {
    this.moments = [...new Set(moments.filter(Number.isFinite))].sort((a, b) => a - b);
  }

  /** Whether a moment came after `asOf`, by `now` (the first after `asOf` decides). */
  private changedSince(asOf: number, now: number): boolean {
    let low = 0;
    let high = this.moments.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.moments[mid]! <= asOf) low = mid + 1;
      else high = mid;
    }
    const next = this.moments[low];
    return next !== undefined && next <= now;
  }

  set(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    const bytes = sizeOf(page);
    if (bytes > this.maxBytes) return;
    this.delete(key);
    // Maps iterate in insertion order: drop the oldest entries.
    while (this.pages.size >= this.maxEntries || this.totalBytes + bytes > this.maxBytes) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.pages.set(key, page);
    this.totalBytes += bytes;
  }

  clear(): void {
    this.pages.clear();
    this.totalBytes = 0;
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.totalBytes -= sizeOf(page);
  }

  /**
   * A page to cache: its body pre-cut at the nonce, so a hit only copies bytes. `asOf` is when
   * its render began by the app's clock (`now()`).
   */
  static page(
    status: number,
    headers: [string, string][],
    body: string,
    nonce: string,
    asOf = Date.now(),
  ): CachedPage {
    return {
      status,
      headers,
      chunks: body.split(nonce).map((part) => Buffer.from(part, "utf8")),
      storedAt: Date.now(),
      asOf,
    };
  }

  /** The cached body with this response's own nonce where the stored one was. */
  static withNonce(page: CachedPage, nonce: string): Buffer {
    const joint = Buffer.from(nonce, "utf8");
    const parts: Buffer[] = [];
    page.chunks.forEach((chunk, index) => {
      if (index > 0) parts.push(joint);
      parts.push(chunk);
    });
    return Buffer.concat(parts);
  }
}

function sizeOf(page: CachedPage): number {
  return page.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
}

/** Query parameters pages read; a URL with any other (or an odd value) is never cached. */
const CACHEABLE_PARAMS = new Set(["year", "page", "category", "track", "group", "prize"]);

/**
 * The cache key part of a page URL (its path and query), or null when its query is not one a page link produces:
 * otherwise every `?x=<random>` a crawler or an attacker sends would take a cache entry.
 */
export function htmlCacheKey(url: URL): string | null {
  const params = [...url.searchParams];
  if (params.length > 6) return null;
  for (const [name, value] of params) {
    if (!CACHEABLE_PARAMS.has(name) || !/^[\w-]{1,40}$/.test(value)) return null;
  }
  return `${url.pathname}${url.search}`;
}
