import { describe, expect, it } from "vitest";
import { HtmlCache, htmlCacheKey } from "./html-cache";

const page = (body: string) => HtmlCache.page(200, [], body, "NONCE");

describe("HTML cache", () => {
  it("keeps only the addresses page links produce, never an arbitrary query", () => {
    const key = (address: string) => htmlCacheKey(new URL(address, "http://localhost:3000"));
    expect(key("/")).toBe("/");
    expect(key("/chuyen-gia-dong-hanh?year=2025")).toBe("/chuyen-gia-dong-hanh?year=2025");
    expect(key("/tin-tuc-cuoc-thi?page=2")).toBe("/tin-tuc-cuoc-thi?page=2");
    const library = "/bai-du-thi?year=2024&track=VXC&group=tvc&category=TVC&prize=gold&page=2";
    expect(key(library)).toBe(library);
    for (const odd of [
      "/?next=%00",
      "/?utm_source=x",
      "/?year=2025&x=1",
      "/?year=%3Cscript%3E",
      `/?year=${"9".repeat(50)}`,
      "/?year=1&year=2&year=3&year=4&year=5&year=6&year=7",
      "/bai-du-thi?q=quang%20cao",
    ]) {
      expect(key(odd), odd).toBeNull();
    }
  });

  it("holds at most its byte budget, dropping the oldest pages first", () => {
    const cache = new HtmlCache(60_000, 100, 10_000);
    for (let i = 0; i < 20; i += 1) cache.set(`/p${i}`, page("x".repeat(1_000)));
    expect(cache.stats.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.stats.entries).toBe(10);
    expect(cache.get("/p0")).toBeUndefined();
    expect(cache.get("/p19")).toBeDefined();
    // Replacing an entry does not count it twice; a page over the budget is not kept.
    cache.set("/p19", page("y".repeat(1_000)));
    expect(cache.stats.bytes).toBe(10_000);
    cache.set("/huge", page("z".repeat(20_000)));
    expect(cache.get("/huge")).toBeUndefined();
    cache.clear();
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });
  });

  it("holds at most its number of entries", () => {
    const cache = new HtmlCache(60_000, 3);
    for (const name of ["a", "b", "c", "d"]) cache.set(name, page(name));
    expect(cache.stats.entries).toBe(3);
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops a page rendered before a moment at which pages change, once it has come", () => {
    // The app's clock (a season's dates are compared with it), apart from the time to live's.
    let appNow = 0;
    const cache = new HtmlCache(60_000, 200, 1_000_000, () => appNow);
    const rendered = (asOf: number) => HtmlCache.page(200, [], "page", "NONCE", asOf);
    cache.setMoments([5_000, 1_000, 9_000, 5_000, Number.NaN]);
    cache.set("/before", rendered(4_000));
    cache.set("/exactly", rendered(5_000));
    cache.set("/after", rendered(6_000));
    // Until the moment comes, every page is served.
    appNow = 4_999;
    expect(cache.get("/before")).toBeDefined();
    // From the moment on, the page rendered before it is not; later ones are, until the next.
    appNow = 5_000;
    expect(cache.get("/before")).toBeUndefined();
    expect(cache.get("/exactly")).toBeDefined();
    appNow = 8_999;
    expect(cache.get("/after")).toBeDefined();
    appNow = 9_000;
    expect(cache.get("/exactly")).toBeUndefined();
    expect(cache.get("/after")).toBeUndefined();
    // After the last moment, only the time to live counts.
    cache.set("/late", rendered(10_000));
    appNow = 1_000_000_000;
    expect(cache.get("/late")).toBeDefined();
    expect(cache.get("/late", Date.now() + 60_001)).toBeUndefined();
  });
});
