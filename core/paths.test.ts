import { describe, expect, it } from "vitest";
import { isTrackSlug, parseListedYear } from "./paths";

const JURY_YEARS = [2025, 2024, 2023];
const WINNER_YEARS = [2024, 2023];

describe("parseListedYear", () => {
  it("accepts a listed year", () => {
    expect(parseListedYear("2025", JURY_YEARS)).toBe(2025);
    expect(parseListedYear("2023", WINNER_YEARS)).toBe(2023);
  });

  it("rejects a well-formed year that is not listed", () => {
    expect(parseListedYear("2025", WINNER_YEARS)).toBeNull();
    expect(parseListedYear("1999", JURY_YEARS)).toBeNull();
  });

  it.each([
    ["abc"],
    ["2025.5"],
    [""],
    [" 2025"],
    ["2025 "],
    ["+2025"],
    ["02025"],
    ["２０２５"],
    ["2e3"],
  ])("rejects %j", (value) => {
    expect(parseListedYear(value, JURY_YEARS)).toBeNull();
  });

  it("rejects a missing value", () => {
    expect(parseListedYear(null, JURY_YEARS)).toBeNull();
  });
});

describe("isTrackSlug", () => {
  it("knows the three tracks and nothing else", () => {
    expect(["van-xuan", "van-xuan-classic", "van-xuan-stars"].every(isTrackSlug)).toBe(true);
    expect(isTrackSlug("van-xuan-gold")).toBe(false);
    expect(isTrackSlug("")).toBe(false);
    expect(isTrackSlug(undefined)).toBe(false);
  });
});
