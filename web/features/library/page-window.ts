/**
 * The page links a long result list shows: the first and last pages, and two either side of
 * the current one, with a gap (null) where pages are left out — 2,000 pages stay 9 links.
 */
export function pageWindow(page: number, pageCount: number, around = 2): (number | null)[] {
  const shown = new Set<number>([1, pageCount]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pageCount) shown.add(n);
  const pages = [...shown].filter((n) => n >= 1).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of pages) {
    const previous = out.at(-1);
    // A gap of one page is shown as that page: "1 2 3", never "1 … 3".
    if (typeof previous === "number" && n - previous === 2) out.push(previous + 1);
    else if (typeof previous === "number" && n - previous > 2) out.push(null);
    out.push(n);
  }
  return out;
}
