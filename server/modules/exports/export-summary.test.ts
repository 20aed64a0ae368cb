import { describe, expect, it } from "vitest";
import { exportSummary } from "./export-summary";

describe("an export's audit summary", () => {
  it("keeps the format, the row count and only the filter that was set", () => {
    expect(
      exportSummary(
        "xlsx",
        42,
        {
          q: "tết",
          filters: { status: "paid" },
          payment: [],
          track: null,
          page: 3,
          pageSize: 50,
          sort: "code",
          dir: "asc",
        },
        { season: 2026 },
      ),
    ).toEqual({
      format: "xlsx",
      rows: 42,
      season: 2026,
      filter: { q: "tết", filters: { status: "paid" } },
    });
  });

  it("says nothing of a filter when none was set", () => {
    expect(exportSummary("csv", 0, { q: "", state: undefined, filters: {} })).toEqual({
      format: "csv",
      rows: 0,
    });
  });
});
