import { describe, expect, it } from "vitest";
import { decideLanguage, lowercasePagePath } from "./language-redirect";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function decide(
  url: string,
  options: { cookie?: string; acceptLanguage?: string | undefined; userAgent?: string } = {},
) {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  return decideLanguage({
    pathname,
    search: searchParams,
    cookie: options.cookie,
    acceptLanguage: options.acceptLanguage,
    userAgent: options.userAgent ?? FIREFOX,
  });
}

describe("decideLanguage", () => {
  describe("an explicit ?lang=", () => {
    it("en moves to the English page and saves the choice", () => {
      expect(decide("/bai-du-thi?lang=en&year=2025")).toEqual({
        redirectTo: "/en/bai-du-thi?year=2025",
        setCookie: "en",
      });
      expect(decide("/?lang=en")).toEqual({ redirectTo: "/en", setCookie: "en" });
    });

    it("vi on an English page moves to the Vietnamese page, overriding a saved en", () => {
      expect(decide("/en/bai-du-thi?lang=vi", { cookie: "en" })).toEqual({
        redirectTo: "/bai-du-thi",
        setCookie: "vi",
      });
    });

    it("an unknown value goes to the Vietnamese page without the parameter and saves vi", () => {
      expect(decide("/?lang=xx")).toEqual({ redirectTo: "/", setCookie: "vi" });
      expect(decide("/en/tin-tuc-cuoc-thi?lang=xx&page=2")).toEqual({
        redirectTo: "/tin-tuc-cuoc-thi?page=2",
        setCookie: "vi",
      });
      expect(decide("/?lang=")).toEqual({ redirectTo: "/", setCookie: "vi" });
    });
  });

  describe("a saved choice", () => {
    it("en on a Vietnamese page moves to English, keeping the query", () => {
      expect(
        decide("/chuyen-gia-dong-hanh?year=2024", { cookie: "en", acceptLanguage: "vi" }),
      ).toEqual({
        redirectTo: "/en/chuyen-gia-dong-hanh?year=2024",
        setCookie: null,
      });
    });

    it("vi on an English page does not move it (a shared /en link opens in English)", () => {
      expect(decide("/en/bai-du-thi", { cookie: "vi" })).toEqual({
        redirectTo: null,
        setCookie: null,
      });
    });

    it("vi on a Vietnamese page wins over an English browser", () => {
      expect(decide("/", { cookie: "vi", acceptLanguage: "en-US,en;q=0.9" })).toEqual({
        redirectTo: null,
        setCookie: null,
      });
    });

    it("an unknown value does not redirect and resets the cookie to vi", () => {
      expect(decide("/", { cookie: "xx", acceptLanguage: "en-US" })).toEqual({
        redirectTo: null,
        setCookie: "vi",
      });
      expect(decide("/en", { cookie: "xx" })).toEqual({ redirectTo: null, setCookie: "vi" });
    });
  });

  describe("a first visit (no cookie)", () => {
    it("follows an English browser to /en", () => {
      expect(decide("/", { acceptLanguage: "en-US,en;q=0.9" })).toEqual({
        redirectTo: "/en",
        setCookie: null,
      });
      expect(decide("/bai-du-thi?q=tvc", { acceptLanguage: "en-GB" })).toEqual({
        redirectTo: "/en/bai-du-thi?q=tvc",
        setCookie: null,
      });
    });

    it("stays in Vietnamese for a Vietnamese, other or absent browser language", () => {
      for (const acceptLanguage of ["vi-VN,vi;q=0.9,en;q=0.8", "fr", undefined]) {
        expect(decide("/", { acceptLanguage })).toEqual({ redirectTo: null, setCookie: null });
      }
    });
  });

  describe("a crawler", () => {
    it("is never redirected by a cookie or its Accept-Language", () => {
      expect(decide("/", { userAgent: GOOGLEBOT, acceptLanguage: "en-US" })).toEqual({
        redirectTo: null,
        setCookie: null,
      });
      expect(decide("/bai-du-thi", { userAgent: GOOGLEBOT, cookie: "en" })).toEqual({
        redirectTo: null,
        setCookie: null,
      });
      expect(decide("/en", { userAgent: GOOGLEBOT, acceptLanguage: "vi" })).toEqual({
        redirectTo: null,
        setCookie: null,
      });
    });
  });
});

describe("lowercasePagePath", () => {
  it("lowercases a page address typed with capitals, keeping percent-escapes as they are", () => {
    expect(lowercasePagePath("/GIAM-KHAO")).toBe("/giam-khao");
    expect(lowercasePagePath("/en/Jury")).toBe("/en/jury");
    expect(lowercasePagePath("/Tin-Tuc-Cuoc-Thi/%C3%A1-B")).toBe("/tin-tuc-cuoc-thi/%C3%A1-b");
  });

  it("keeps the route's parameters as they are written", () => {
    const keep = new Set(["VXP26ABC123"]);
    expect(lowercasePagePath("/nop-bai-du-thi/thanh-toan/VXP26ABC123/bien-nhan", keep)).toBeNull();
    expect(lowercasePagePath("/Nop-Bai-Du-Thi/thanh-toan/VXP26ABC123", keep)).toBe(
      "/nop-bai-du-thi/thanh-toan/VXP26ABC123",
    );
  });

  it("leaves lowercase addresses, escapes alone and files untouched", () => {
    expect(lowercasePagePath("/giam-khao")).toBeNull();
    expect(lowercasePagePath("/tin-tuc-cuoc-thi/%C3%A1")).toBeNull();
    expect(lowercasePagePath("/assets/Hydrate-AbC.js")).toBeNull();
    expect(lowercasePagePath("/")).toBeNull();
  });
});
