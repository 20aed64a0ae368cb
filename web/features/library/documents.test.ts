import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import type { Lang } from "../../../core/languages";
import { createI18n } from "../../i18n/i18n";
import { EntryDocuments } from "./documents";

const documents = [
  {
    field: "ideaArticleEn",
    lang: "en",
    kind: "article",
    url: "/bai-thi/x/tep/a",
    mime: "application/pdf",
  },
  {
    field: "slidesVi",
    lang: "vi",
    kind: "slides",
    url: "/bai-thi/x/tep/b",
    mime: "application/zip",
  },
  {
    field: "slidesEn",
    lang: "en",
    kind: "slides",
    url: "/bai-thi/x/tep/c",
    mime: "application/zip",
  },
] as const;

function render(lang: Lang): string {
  const i18n = createI18n(lang, lang === "en" ? en : vi);
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(EntryDocuments, { documents: [...documents], code: "VX-2024-001" }),
    ),
  );
}

/** Every element carrying `lang`, with the text it holds. */
function marked(html: string): { lang: string; text: string }[] {
  return [...html.matchAll(/<(\w+)[^>]*\slang="([^"]+)"[^>]*>(.*?)<\/\1>/g)].map((m) => ({
    lang: m[2]!,
    text: m[3]!.replace(/<[^>]+>/g, ""),
  }));
}

describe("EntryDocuments", () => {
  it("names each document in the page's language and says the file's language by hreflang", () => {
    for (const lang of ["vi", "en"] as const) {
      const html = render(lang);
      // The names are the page's texts: no element claims another language for them.
      expect(marked(html), lang).toEqual([]);
      expect(html).not.toMatch(/<li[^>]*\slang=/);
    }
    const html = render("vi");
    expect(html).toContain("Bài viết ý tưởng (tiếng Anh)");
    expect(html).toMatch(/<a href="\/bai-thi\/x\/tep\/b" hrefLang="vi" download=""/);
    expect(html).toMatch(/<a href="\/bai-thi\/x\/tep\/c" hrefLang="en" download=""/);
  });
});
