import { describe, expect, it } from "vitest";
import { languagePathsOf, switcherTarget } from "./language-paths";

const at = (url: string) => {
  const { pathname, search } = new URL(url, "http://localhost");
  return { pathname, search };
};

describe("switcherTarget", () => {
  it("links to the same page in the other language, keeping the query and adding lang=", () => {
    expect(switcherTarget(at("/en/bai-du-thi?year=2024"), "vi", undefined)).toEqual({
      to: "/bai-du-thi?year=2024",
      href: "/bai-du-thi?year=2024&lang=vi",
    });
    expect(switcherTarget(at("/bai-du-thi?year=2023&page=2"), "en", undefined)).toEqual({
      to: "/en/bai-du-thi?year=2023&page=2",
      href: "/en/bai-du-thi?year=2023&page=2&lang=en",
    });
    expect(switcherTarget(at("/"), "en", undefined)).toEqual({ to: "/en", href: "/en?lang=en" });
    expect(switcherTarget(at("/en"), "vi", undefined)).toEqual({ to: "/", href: "/?lang=vi" });
  });

  it("never repeats a lang= already in the address", () => {
    expect(switcherTarget(at("/bai-du-thi?lang=xx&page=2"), "en", undefined)).toEqual({
      to: "/en/bai-du-thi?page=2",
      href: "/en/bai-du-thi?page=2&lang=en",
    });
  });

  it("uses the page's own address in the other language when it has one", () => {
    const paths = {
      vi: "/tin-tuc-cuoc-thi/le-trao-giai-12",
      en: "/tin-tuc-cuoc-thi/awards-night-12",
    };
    expect(switcherTarget(at("/tin-tuc-cuoc-thi/le-trao-giai-12"), "en", paths)).toEqual({
      to: "/en/tin-tuc-cuoc-thi/awards-night-12",
      href: "/en/tin-tuc-cuoc-thi/awards-night-12?lang=en",
    });
    expect(switcherTarget(at("/en/tin-tuc-cuoc-thi/awards-night-12"), "vi", paths)).toEqual({
      to: "/tin-tuc-cuoc-thi/le-trao-giai-12",
      href: "/tin-tuc-cuoc-thi/le-trao-giai-12?lang=vi",
    });
  });
});

describe("languagePathsOf", () => {
  it("reads the deepest route's languagePaths and ignores anything else", () => {
    const paths = { vi: "/a", en: "/b" };
    expect(
      languagePathsOf([{ data: { lang: "vi" } }, undefined, { data: { languagePaths: paths } }]),
    ).toEqual(paths);
    expect(languagePathsOf([{ data: { languagePaths: { vi: "/a" } } }, { data: null }])).toBe(
      undefined,
    );
    expect(languagePathsOf([{ loaderData: { languagePaths: paths } }])).toEqual(paths);
  });
});
