import { rt, type Block } from "../../core/rich-text";

/** A fictional news article in both languages; `link` points at a page of the site. */
export interface DemoArticle {
  vi: { title: string; summary: string; points: string[]; closing: string };
  en: { title: string; summary: string; points: string[]; closing: string };
  date: string;
  link: string;
}

/** An article's body: its summary, its key points and a link to the page it is about. */
export function articleBody(a: DemoArticle, lang: "vi" | "en"): Block[] {
  const text = a[lang];
  const link = lang === "en" ? `/en${a.link === "/" ? "" : a.link}` : a.link;
  return [
    rt.p(text.summary),
    rt.h(lang === "en" ? "Key points" : "Điểm chính"),
    rt.ul(...text.points),
    rt.p(rt.link(text.closing, link)),
  ];
}
