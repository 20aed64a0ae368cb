import { describe, expect, it } from "vitest";
import {
  langFromAcceptLanguage,
  langOfPath,
  localizePath,
  parseLang,
  stripLangPrefix,
} from "./languages";

describe("parseLang", () => {
  it("keeps the two supported languages", () => {
    expect(parseLang("vi")).toBe("vi");
    expect(parseLang("en")).toBe("en");
  });

  it.each([["fr"], ["EN"], ["en-US"], [""], [null], [undefined], [1], [{}]])(
    "resets %j to Vietnamese",
    (value) => {
      expect(parseLang(value)).toBe("vi");
    },
  );
});

describe("language of a path", () => {
  it.each([
    ["/", "vi", "/"],
    ["/bai-du-thi", "vi", "/bai-du-thi"],
    ["/en", "en", "/"],
    ["/en/", "en", "/"],
    ["/en/bai-du-thi", "en", "/bai-du-thi"],
    ["/en/bai-thi/42", "en", "/bai-thi/42"],
    // A Vietnamese path that merely starts with the letters "en" is not English.
    ["/english", "vi", "/english"],
    ["/enquiry/en", "vi", "/enquiry/en"],
  ] as const)("%s is %s, and without its prefix %s", (pathname, lang, base) => {
    expect(langOfPath(pathname)).toBe(lang);
    expect(stripLangPrefix(pathname)).toBe(base);
  });

  it("treats an empty path as the Vietnamese home page", () => {
    expect(stripLangPrefix("")).toBe("/");
  });
});

describe("localizePath", () => {
  it.each([
    ["/", "/", "/en"],
    ["/en", "/", "/en"],
    ["/en/", "/", "/en"],
    ["/bai-du-thi", "/bai-du-thi", "/en/bai-du-thi"],
    ["/en/bai-du-thi", "/bai-du-thi", "/en/bai-du-thi"],
    ["/english", "/english", "/en/english"],
  ])("%s → vi %s, en %s", (pathname, vi, en) => {
    expect(localizePath(pathname, "vi")).toBe(vi);
    expect(localizePath(pathname, "en")).toBe(en);
  });

  it.each([
    "/",
    "/bai-du-thi",
    "/nop-bai-du-thi/thanh-toan",
    "/english",
    "/en",
    "/en/tin-tuc-cuoc-thi",
  ])("round-trips %s between the languages", (pathname) => {
    const vi = localizePath(pathname, "vi");
    const en = localizePath(pathname, "en");
    expect(langOfPath(vi)).toBe("vi");
    expect(langOfPath(en)).toBe("en");
    expect(localizePath(en, "vi")).toBe(vi);
    expect(localizePath(vi, "en")).toBe(en);
    expect(stripLangPrefix(en)).toBe(vi);
  });
});

describe("langFromAcceptLanguage", () => {
  it.each([
    ["en-US,en;q=0.9", "en"],
    ["vi-VN,vi;q=0.9,en;q=0.8", "vi"],
    ["fr-FR,en;q=0.5", "en"],
    ["fr", "vi"],
    ["en;q=0,vi", "vi"],
    ["vi;q=0.4,en;q=0.6", "en"],
    ["EN-gb", "en"],
    ["en;q=0.8,vi;q=0.8", "en"],
    ["vi;q=0.8,en;q=0.8", "vi"],
    ["*", "vi"],
  ])("%j → %s", (header, lang) => {
    expect(langFromAcceptLanguage(header)).toBe(lang);
  });

  it.each([[""], [undefined], [null]])("%j → vi", (header) => {
    expect(langFromAcceptLanguage(header)).toBe("vi");
  });

  it.each([
    [",,,"],
    [";;;"],
    ["en;q=abc"],
    ["en;q="],
    ["en;;q=0.9;;"],
    ["=,;q=1,-"],
    ["x".repeat(10_000)],
    ["en;q=Infinity,vi;q=NaN"],
    ["\u0000en\u0000"],
  ])("does not throw on the malformed %j", (header) => {
    expect(["vi", "en"]).toContain(langFromAcceptLanguage(header));
  });

  it("ignores a language whose quality is not a number", () => {
    expect(langFromAcceptLanguage("en;q=abc,fr")).toBe("vi");
  });
});
