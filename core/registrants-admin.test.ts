import { describe, expect, it } from "vitest";
import {
  parseExportFormat,
  parseRegistrantListQuery,
  phoneSearchText,
  registrantDisplayName,
} from "./registrants-admin";

describe("parseRegistrantListQuery", () => {
  it("reads the table's state from the URL", () => {
    const query = parseRegistrantListQuery(
      new URLSearchParams("q=nguyen&type=enterprise&season=2026&sort=entries&dir=asc&page=2"),
    );
    expect(query).toEqual({
      q: "nguyen",
      sort: "entries",
      dir: "asc",
      page: 2,
      pageSize: 25,
      filters: { type: "enterprise" },
      season: 2026,
    });
  });

  it("lists the newest registrations first, of every type and season, by default", () => {
    expect(parseRegistrantListQuery(new URLSearchParams(""))).toMatchObject({
      sort: "registered",
      dir: "desc",
      filters: {},
      season: null,
    });
  });

  it("ignores an unknown type, sort or season", () => {
    const query = parseRegistrantListQuery({ type: "robot", sort: "password", season: "26;--" });
    expect(query).toMatchObject({ sort: "registered", filters: {}, season: null });
  });
});

describe("parseExportFormat", () => {
  it("accepts csv and xlsx only", () => {
    expect(parseExportFormat("csv")).toBe("csv");
    expect(parseExportFormat("xlsx")).toBe("xlsx");
    expect(parseExportFormat("xls")).toBeNull();
    expect(parseExportFormat(null)).toBeNull();
  });
});

describe("registrantDisplayName", () => {
  it("names an enterprise by its company and an individual by their name", () => {
    expect(
      registrantDisplayName({
        type: "enterprise",
        fullName: "Trần Văn Bình",
        companyName: "Công ty Ánh Dương",
      }),
    ).toBe("Công ty Ánh Dương");
    expect(
      registrantDisplayName({ type: "individual", fullName: "Lê Thu Hà", companyName: null }),
    ).toBe("Lê Thu Hà");
  });
});

describe("phoneSearchText", () => {
  it("turns a number typed with a leading 0 into its stored +84 form", () => {
    expect(phoneSearchText("0912 345 678")).toBe("+84912345678");
    expect(phoneSearchText("0912")).toBe("+84912");
  });

  it("leaves other searches alone", () => {
    expect(phoneSearchText("nguyen")).toBeNull();
    expect(phoneSearchText("0")).toBeNull();
    expect(phoneSearchText("+8491")).toBeNull();
  });
});
