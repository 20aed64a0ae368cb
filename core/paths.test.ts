import { describe, expect, it } from "vitest";
import { isTrackSlug, parseListedYear, safeNextPath } from "./paths";

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

const HOME = "/tai-khoan";

describe("safeNextPath (where to go after signing in)", () => {
  it.each([
    "/tai-khoan",
    "/en/tai-khoan",
    "/quan-tri/nguoi-dung?q=nguy%E1%BB%85n&page=2",
    "/nop-bai-du-thi?entry=abc#video",
    "/bai-du-thi?q=a%20b",
  ])("follows the site's own path %s", (path) => {
    expect(safeNextPath(path, HOME)).toBe(path);
  });

  it.each([
    // Absolute and protocol-relative.
    "https://evil.example/phish",
    "http:evil.example",
    "javascript:alert(1)",
    "//evil.example",
    "///evil.example",
    // Backslashes (browsers read them as slashes).
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/x\\..\\..\\evil",
    // Characters browsers strip or that split headers, raw.
    "/\t/evil.example/phish",
    "/\n/evil.example",
    "/\r\nSet-Cookie: x=1",
    "/ /evil.example",
    "/\u00a0/evil.example",
    "/\u200b/evil.example",
    "/\u2028/evil.example",
    "/\ufeff/evil.example",
    "/tai-khoan\u0000",
    // The same, percent-encoded once or twice.
    "/%09/evil.example/phish",
    "/%0a/evil.example",
    "/%0D%0ASet-Cookie:%20x=1",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%252F/evil.example",
    "/%2509/evil.example",
    "/%255Cevil.example",
    "/%E2%80%8B/evil.example",
    "/%C2%A0/evil.example",
    "/%00",
    // Not a path at all, or broken encoding.
    "",
    "tai-khoan",
    "evil.example",
    "?next=/x",
    "/%E0%A4%A",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (attack) => {
    expect(safeNextPath(attack, HOME)).toBe(HOME);
  });

  it("refuses missing values", () => {
    expect(safeNextPath(null, HOME)).toBe(HOME);
    expect(safeNextPath(undefined, HOME)).toBe(HOME);
  });

  it("answers the parsed path, never the raw input", () => {
    expect(safeNextPath("/a/../quan-tri", HOME)).toBe("/quan-tri");
  });
});
