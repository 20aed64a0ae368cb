import { describe, expect, it } from "vitest";
import type { LibraryFacets } from "../../../core/library";
import { createFacetMemo, FACETS_KEPT_MS } from "./facet-memo";

const offers = (year: number): LibraryFacets => ({ years: [year], tracks: [], prizes: [] });

describe("the kept filter offers", () => {
  it("answers for the year and version they were read at, and only those", () => {
    const memo = createFacetMemo(() => 0);
    expect(memo.current(null, 1)).toBeNull();
    memo.keep(null, 1, offers(2025));
    memo.keep(2024, 1, offers(2024));
    expect(memo.current(null, 1)).toEqual(offers(2025));
    expect(memo.current(2024, 1)).toEqual(offers(2024));
    expect(memo.current(2023, 1)).toBeNull();
    // The library changed: what was kept is not used again, even for the old version.
    expect(memo.current(null, 2)).toBeNull();
    expect(memo.current(null, 1)).toBeNull();
  });

  it("forgets offers older than FACETS_KEPT_MS, and everything when cleared", () => {
    let now = 1_000;
    const memo = createFacetMemo(() => now);
    memo.keep(null, 7, offers(2025));
    memo.keep(2024, 7, offers(2024));
    now += FACETS_KEPT_MS;
    expect(memo.current(null, 7)).toEqual(offers(2025));
    now += 1;
    expect(memo.current(null, 7)).toBeNull();
    expect(memo.current(2024, 7)).toBeNull();
    memo.keep(2024, 7, offers(2024));
    memo.clear();
    expect(memo.current(2024, 7)).toBeNull();
  });
});
