import { describe, expect, it } from "vitest";
import {
  bulkTargetsFor,
  catalogueFiltersDropped,
  catalogueOfSeason,
  completenessOf,
  entryListSearch,
  pageRange,
  parseEntryListQuery,
  paymentStateOf,
  refundedSincePaid,
  keepWithinCatalogue,
  REQUIRED_ITEMS_TOTAL,
  withinSeasonCatalogue,
} from "./entry-admin-list";

describe("entries table query", () => {
  it("reads every state from the URL and falls back on nonsense", () => {
    const query = parseEntryListQuery(
      new URLSearchParams(
        "season=2025&track=tvc&group=12&category=bad%20slug&status=paid&payment=due&type=enterprise&q=quảng&sort=title&dir=asc&page=3&pageSize=50",
      ),
    );
    expect(query).toMatchObject({
      season: 2025,
      track: "tvc",
      group: "12",
      category: null,
      filters: { status: "paid", payment: "due", type: "enterprise" },
      q: "quảng",
      sort: "title",
      dir: "asc",
      page: 3,
      pageSize: 50,
    });
    expect(
      parseEntryListQuery({ season: "abc", status: "nope", sort: "drop table", pageSize: "7" }),
    ).toMatchObject({ season: null, filters: {}, sort: "updated", dir: "desc", pageSize: 25 });
  });

  it("reads and writes back the late-submission filter, ignoring other values", () => {
    const late = parseEntryListQuery({ submitted: "late", status: "all" });
    expect(late.filters).toEqual({ status: "all", submitted: "late" });
    expect(entryListSearch(late)).toBe("status=all&submitted=late");
    expect(parseEntryListQuery(new URLSearchParams("submitted=on_time")).filters).toEqual({
      submitted: "on_time",
    });
    expect(parseEntryListQuery({ submitted: "yes" }).filters).toEqual({});
  });

  it("writes the query back without its defaults, with changes", () => {
    const query = parseEntryListQuery({ status: "all", q: "tết", page: "2" });
    expect(entryListSearch(query)).toBe("status=all&q=t%E1%BA%BFt&page=2");
    expect(entryListSearch(query, { sort: "code", page: "" })).toBe(
      "status=all&q=t%E1%BA%BFt&sort=code",
    );
  });
});

describe("catalogue filters of the season shown", () => {
  const options = {
    tracks: [{ id: 3, slug: "van-xuan", name: "Giải Vạn Xuân", parentId: null }],
    groups: [{ id: 7, slug: "truyen-hinh", name: "Truyền hình", parentId: 3 }],
    categories: [{ id: 21, slug: "chien-dich", name: "Chiến dịch", parentId: 7 }],
  };
  it("keeps a track, group or category of the season, by id or slug", () => {
    const query = parseEntryListQuery({ track: "van-xuan", group: "7", category: "21" });
    expect(withinSeasonCatalogue(query, options)).toMatchObject({
      track: "van-xuan",
      group: "7",
      category: "21",
    });
  });
  it("drops those of another season (ids left in the address when the season changed)", () => {
    const query = parseEntryListQuery({ season: "2025", track: "10", group: "7", category: "99" });
    expect(withinSeasonCatalogue(query, options)).toMatchObject({
      season: 2025,
      track: null,
      group: "7",
      category: null,
    });
  });
});

describe("catalogue choice when the season changes", () => {
  const season2027 = {
    tracks: [{ id: 30, slug: "van-xuan", name: "Giải Vạn Xuân", parentId: null }],
    groups: [{ id: 70, slug: "am-thanh", name: "Âm thanh & Phát thanh", parentId: 30 }],
    categories: [{ id: 210, slug: "aud", name: "Quảng cáo phát thanh", parentId: 70 }],
  };
  const season2026 = {
    tracks: [{ id: 3, slug: "van-xuan", name: "Giải Vạn Xuân", parentId: null }],
    groups: [{ id: 7, slug: "truyen-hinh", name: "Truyền hình", parentId: 3 }],
    categories: [{ id: 21, slug: "chien-dich", name: "Chiến dịch", parentId: 7 }],
  };
  const options = {
    seasons: [
      { year: 2027, name: "Mùa giải 2027" },
      { year: 2026, name: "Mùa giải 2026" },
    ],
    ...season2026,
    catalogues: { "2027": season2027, "2026": season2026 },
  };

  it("clears a category of the season left and says which filters it cleared", () => {
    // The 2027 category chosen, then the season set to 2026: its ids name nothing there.
    expect(
      keepWithinCatalogue(
        { track: null, group: null, category: "210" },
        catalogueOfSeason(options, 2026),
      ),
    ).toEqual({ kept: { track: null, group: null, category: null }, dropped: ["category"] });
    expect(
      keepWithinCatalogue({ track: "30", group: "70", category: "210" }, season2026).dropped,
    ).toEqual(["track", "group", "category"]);
  });

  it("keeps what the new season has, by id or slug, and drops nothing when nothing is chosen", () => {
    expect(
      keepWithinCatalogue({ track: "van-xuan", group: "7", category: null }, season2026),
    ).toEqual({ kept: { track: "van-xuan", group: "7", category: null }, dropped: [] });
    expect(
      keepWithinCatalogue({ track: null, group: null, category: null }, season2027).dropped,
    ).toEqual([]);
  });

  it("reports what the address names outside the season shown (the form sent without JavaScript)", () => {
    const asked = parseEntryListQuery({ season: "2026", category: "210" });
    expect(catalogueFiltersDropped(asked, catalogueOfSeason(options, 2026))).toEqual(["category"]);
    expect(withinSeasonCatalogue(asked, catalogueOfSeason(options, 2026)).category).toBeNull();
    expect(
      catalogueFiltersDropped(
        parseEntryListQuery({ category: "aud" }),
        catalogueOfSeason(options, 2027),
      ),
    ).toEqual([]);
  });

  it("offers nothing for a season without a catalogue", () => {
    expect(catalogueOfSeason(options, 2031)).toEqual({ tracks: [], groups: [], categories: [] });
  });
});

describe("payment state", () => {
  it("follows the lifecycle", () => {
    expect(paymentStateOf("draft", false)).toBe("not_due");
    expect(paymentStateOf("submitted", false)).toBe("due");
    expect(paymentStateOf("submitted", true)).toBe("paid");
    expect(paymentStateOf("paid", false)).toBe("paid");
    for (const later of ["accepted", "needs_changes", "shortlisted", "winner"] as const) {
      expect(paymentStateOf(later, false)).toBe("paid");
    }
    expect(paymentStateOf("withdrawn", false)).toBe("not_due");
    expect(paymentStateOf("withdrawn", true)).toBe("paid");
    expect(paymentStateOf("rejected", false)).toBe("not_due");
    expect(paymentStateOf("rejected", true)).toBe("paid");
  });

  it("says refunded when a refund is newer than the last payment, whatever the status", () => {
    expect(paymentStateOf("submitted", true, true)).toBe("refunded");
    expect(paymentStateOf("accepted", true, true)).toBe("refunded");
    expect(paymentStateOf("withdrawn", true, true)).toBe("refunded");
    expect(paymentStateOf("draft", false, true)).toBe("not_due");
    const paid = "2026-09-01T03:00:00.000Z";
    const refunded = "2026-09-02T03:00:00.000Z";
    expect(refundedSincePaid(paid, refunded)).toBe(true);
    expect(refundedSincePaid(paid, null)).toBe(false);
    expect(refundedSincePaid("2026-09-03T03:00:00.000Z", refunded)).toBe(false);
  });
});

describe("completeness and pages", () => {
  it("counts required items out of all of them", () => {
    expect(REQUIRED_ITEMS_TOTAL).toBe(13);
    expect(completenessOf(0)).toEqual({ present: 13, total: 13 });
    expect(completenessOf(4)).toEqual({ present: 9, total: 13 });
    expect(completenessOf(99)).toEqual({ present: 0, total: 13 });
  });

  it("states the rows a page shows", () => {
    expect(pageRange(1, 25, 312)).toEqual({ from: 1, to: 25, total: 312 });
    expect(pageRange(13, 25, 312)).toEqual({ from: 301, to: 312, total: 312 });
    expect(pageRange(1, 25, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});

describe("bulk targets", () => {
  it("offers each role only the statuses it may ever set", () => {
    expect(bulkTargetsFor("finance")).toEqual(["paid"]);
    expect(bulkTargetsFor("jury_manager")).toEqual([
      "accepted",
      "needs_changes",
      "rejected",
      "shortlisted",
      "winner",
      "finalist",
      "not_awarded",
    ]);
    expect(bulkTargetsFor("admin")).toContain("withdrawn");
    expect(bulkTargetsFor("admin")).not.toContain("submitted");
    expect(bulkTargetsFor("editor")).toEqual([]);
  });
});
