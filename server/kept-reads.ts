/**
 * Public reads every page repeats (the header's and footer's settings, years and documents; the
 * home page's news, jury and winners), kept in memory so a page rendered for a signed-in person
 * or after an HTML cache miss does not query them again.
 *
 * Kept until the next content change — `clear()`, which app.ts calls when any process reports
 * one (PostgreSQL NOTIFY across processes) — and never longer than `ttlMs`, so what time alone
 * changes (a scheduled article's publication, a picture's late variants, a notice missed while
 * the listener reconnects) shows within that bound. Concurrent requests for the same key share
 * one load; a failed load is not kept; a load that began before a `clear()` is not kept after it.
 */
export class KeptReads {
  /** Keys come partly from addresses (a winners filter): the oldest go beyond this many. */
  static readonly MAX_KEYS = 500;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #kept = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(ttlMs: number, clock: () => Date = () => new Date()) {
    this.#ttlMs = ttlMs;
    this.#now = () => clock().getTime();
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.#ttlMs <= 0) return load();
    const now = this.#now();
    const kept = this.#kept.get(key);
    if (kept && now - kept.at < this.#ttlMs && now >= kept.at) return kept.value as Promise<T>;
    const value = load();
    this.#kept.delete(key);
    if (this.#kept.size >= KeptReads.MAX_KEYS) {
      this.#kept.delete(this.#kept.keys().next().value!);
    }
    this.#kept.set(key, { at: now, value });
    value.catch(() => {
      if (this.#kept.get(key)?.value === value) this.#kept.delete(key);
    });
    return value;
  }

  /** Forgets everything, including loads still running (their callers still get them). */
  clear(): void {
    this.#kept.clear();
  }
}
