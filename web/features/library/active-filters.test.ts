import { describe, expect, test } from "vitest";
import { parseLibraryQuery, type LibraryFacets } from "../../../core/library";
import { activeFilters } from "./active-filters";
import { pageWindow } from "./page-window";

const FACETS: LibraryFacets = {
  years: [2025, 2024],
  prizes: ["gold"],
  tracks: [
    {
      code: "VX",
      vi: "Vạn Xuân",
      en: "Van Xuan",
      groups: [
        {
          slug: "truyen-hinh",
          vi: "Truyền hình",
          en: "Television",
          categories: [
            { code: "TVC", vi: "Chiến dịch", en: "Campaigns" },
            { code: "TVW", vi: "Tác phẩm", en: "Works" },
          ],
        },
      ],
    },
  ],
};

describe("activeFilters", () => {
  test("names each condition in the page's language and links to the state without it", () => {
    const query = parseLibraryQuery(
      new URLSearchParams(
        "q=quang cao&year=2024&track=VX&group=truyen-hinh&category=TVC&category=TVW&prize=gold&page=3",
      ),
    );
    const filters = activeFilters(query, FACETS, "en");
    expect(filters.map((f) => [f.kind, f.value, f.without])).toEqual([
      [
        "search",
        "quang cao",
        "year=2024&track=VX&group=truyen-hinh&category=TVC&category=TVW&prize=gold",
      ],
      [
        "year",
        "2024",
        "q=quang+cao&track=VX&group=truyen-hinh&category=TVC&category=TVW&prize=gold",
      ],
      // A track's group and categories go with it.
      ["track", "Van Xuan", "q=quang+cao&year=2024&prize=gold"],
      ["group", "Television", "q=quang+cao&year=2024&track=VX&prize=gold"],
      [
        "category",
        "Campaigns",
        "q=quang+cao&year=2024&track=VX&group=truyen-hinh&category=TVW&prize=gold",
      ],
      [
        "category",
        "Works",
        "q=quang+cao&year=2024&track=VX&group=truyen-hinh&category=TVC&prize=gold",
      ],
      [
        "prize",
        "gold",
        "q=quang+cao&year=2024&track=VX&group=truyen-hinh&category=TVC&category=TVW",
      ],
    ]);
  });

  test("falls back to the code when the facets do not know a value, and is empty unfiltered", () => {
    const query = parseLibraryQuery(new URLSearchParams("track=old&group=gone"));
    expect(activeFilters(query, FACETS, "vi").map((f) => f.value)).toEqual(["OLD", "gone"]);
    expect(activeFilters(parseLibraryQuery({}), FACETS, "vi")).toEqual([]);
  });
});

describe("pageWindow", () => {
  test("shows the ends and two pages either side, with gaps for what is left out", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 2084)).toEqual([1, 2, 3, null, 2084]);
    expect(pageWindow(50, 2084)).toEqual([1, null, 48, 49, 50, 51, 52, null, 2084]);
    // A gap of a single page shows that page instead.
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(2084, 2084)).toEqual([1, null, 2082, 2083, 2084]);
  });
});
