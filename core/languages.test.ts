import { describe, expect, it } from "vitest";
import {
  chooseLang,
  langCookie,
  langFromAcceptLanguage,
  langOfPath,
  localizePath,
  routePathInEachLanguage,
  parseLang,
  pickLang,
  savedLangIsInvalid,
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

describe("routePathInEachLanguage", () => {
  it("reads the optional en? segment as both languages' paths", () => {
    expect(routePathInEachLanguage("en?")).toEqual(["", "en"]);
    expect(routePathInEachLanguage("en?/bai-thi/:id")).toEqual(["bai-thi/:id", "en/bai-thi/:id"]);
    expect(routePathInEachLanguage("bai-du-thi")).toEqual(["bai-du-thi"]);
    expect(routePathInEachLanguage("english")).toEqual(["english"]);
    expect(routePathInEachLanguage("*")).toEqual(["*"]);
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

describe("chooseLang: which language a visitor gets", () => {
  it("takes an explicit choice first, resetting anything that is not a language to vi", () => {
    expect(chooseLang({ explicit: "en", saved: "vi", acceptLanguage: "vi" })).toBe("en");
    expect(chooseLang({ explicit: "vi", saved: "en", acceptLanguage: "en" })).toBe("vi");
    expect(chooseLang({ explicit: "fr", saved: "en", acceptLanguage: "en" })).toBe("vi");
    expect(chooseLang({ explicit: "", saved: "en" })).toBe("vi");
  });

  it("then the saved choice, whatever the browser prefers", () => {
    expect(chooseLang({ saved: "en", acceptLanguage: "vi" })).toBe("en");
    expect(chooseLang({ saved: "vi", acceptLanguage: "en" })).toBe("vi");
    expect(chooseLang({ saved: "xx", acceptLanguage: "en" })).toBe("vi");
  });

  it("then, with nothing saved, the browser's language", () => {
    expect(chooseLang({ acceptLanguage: "en-US,en;q=0.9,vi;q=0.5" })).toBe("en");
    expect(chooseLang({ saved: null, acceptLanguage: "fr, vi;q=0.4, en;q=0.3" })).toBe("vi");
    expect(chooseLang({})).toBe("vi");
  });

  it("says when a saved value must be overwritten", () => {
    expect(savedLangIsInvalid("xx")).toBe(true);
    expect(savedLangIsInvalid("")).toBe(true);
    expect(savedLangIsInvalid("en")).toBe(false);
    expect(savedLangIsInvalid(null)).toBe(false);
    expect(savedLangIsInvalid(undefined)).toBe(false);
  });
});

describe("langCookie", () => {
  it("lasts a year for the whole site and is Secure only when asked", () => {
    const cookie = langCookie("en", false);
    expect(cookie).toMatch(/^lang=en;/);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${60 * 60 * 24 * 365}`);
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    expect(langCookie("vi", true)).toContain("; Secure");
  });
});

describe("pickLang", () => {
  it("gives English when there is English, else the Vietnamese text", () => {
    expect(pickLang({ vi: "Giải", en: "Award" }, "en")).toBe("Award");
    expect(pickLang({ vi: "Giải", en: "  " }, "en")).toBe("Giải");
    expect(pickLang({ vi: "Giải", en: "Award" }, "vi")).toBe("Giải");
  });
});
