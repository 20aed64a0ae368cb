/**
 * A brief in-memory cache of anonymous HTML per URL (DESIGN "Rendering and speed"), dropped
 * whenever content changes. Each entry remembers the CSP nonce it was rendered with, so every
 * response still gets a fresh nonce.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
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

  /** The cached body with the stored nonce swapped for this response's own. */
  static withNonce(page: CachedPage, nonce: string): string {
    return page.body.replaceAll(page.nonce, nonce);
  }
}
