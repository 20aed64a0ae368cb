/**
 * The headers of a page made for one person (a judge's score sheet, an account, a payment, the
 * back office): no cache — the site's own page cache, a proxy's or the browser's history — may
 * keep it or hand it to anyone else.
 */
export function personalPageHeaders(): Record<string, string> {
  return { "Cache-Control": "private, no-store" };
}
