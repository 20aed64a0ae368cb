import { describe, expect, it } from "vitest";
import { yearQuery } from "./meta";

describe("yearQuery", () => {
  it("puts the year the page shows first, filled in when the address left it out", () => {
    expect(yearQuery("", 2025)).toBe("?year=2025");
    expect(yearQuery("?category=TVC&year=2023", 2023)).toBe("?year=2023&category=TVC");
    expect(yearQuery("?page=2", 2024)).toBe("?year=2024&page=2");
  });

  it("keeps the address's own query when the page has no year", () => {
    expect(yearQuery("", undefined)).toBe("");
    expect(yearQuery("?page=2", undefined)).toBe("?page=2");
  });
});
