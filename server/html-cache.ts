/**
 * A brief in-memory cache of anonymous HTML per URL (DESIGN "Rendering and speed"), dropped
 * whenever content changes. Each entry remembers the CSP nonce it was rendered with, so every
 * response still gets a fresh nonce.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body's bytes cut at each occurrence of the nonce it was rendered with. */
  chunks: Buffer[];
  storedAt: number;
}

export class HtmlCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (now - page.storedAt > this.ttlMs) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    if (this.pages.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, page);
  }

  clear(): void {
    this.pages.clear();
  }

  /** A page to cache: its body pre-cut at the nonce, so a hit only copies bytes. */
  static page(
    status: number,
    headers: [string, string][],
    body: string,
    nonce: string,
  ): CachedPage {
    return {
      status,
      headers,
      chunks: body.split(nonce).map((part) => Buffer.from(part, "utf8")),
      storedAt: Date.now(),
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
