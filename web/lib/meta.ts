import type { MetaDescriptor } from "react-router";
import { localizePath, stripLangPrefix, type Lang } from "../../core/languages";
import { OG_IMAGE, siteOgImagePath } from "../../core/social-image";
import type { Messages } from "../i18n/i18n";
import { messagesOf } from "../i18n/loaded-messages";
import { languagePathsOf } from "./language-paths";

interface RootData {
  lang: Lang;
  /** The URLs of the page's message bundles. */
  messages: string[];
  chrome: {
    publicUrl: string;
    seo?: Record<Lang, { title: string; description: string; image: string }>;
  };
}

interface MetaArgsLike {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/** Looks a dotted key up in the page's catalogue, for `meta` functions (outside React). */
export function translate(
  messages: Messages,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  let node: unknown = messages;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === "string" ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}

/**
 * Title, description, canonical URL, hreflang alternates and Open Graph tags for a page
 * (PRODUCT §6). `titleKey` names the page's own title in the catalogue.
 */
export function pageMeta(
  args: MetaArgsLike,
  page: {
    titleKey?: string;
    title?: string;
    vars?: Record<string, string | number>;
    descriptionKey?: string;
    /** A description from content (wins over `descriptionKey`). */
    description?: string;
    keepQuery?: boolean;
    /** The page's own query string (`?year=2025`), when its address has a canonical form. */
    query?: string;
    /** Open Graph type; articles also get their publication time. */
    type?: "website" | "article";
    /** An image path or URL for og:image. */
    image?: string | null;
    /** The image's size and type when known (our 1200×630 previews: `OG_IMAGE`). */
    imageInfo?: { width: number; height: number; type: string } | undefined;
    publishedTime?: string;
    /**
     * Per-language paths when they differ (an article's slug), without the `/en` prefix; by
     * default the `languagePaths` the page's loader gave (language-paths.ts).
     */
    paths?: Record<Lang, string>;
  },
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  if (!root) return [{ title: "Vạn Xuân" }];
  const t = (key: string) => translate(messagesOf(root.messages), key, page.vars);
  const siteName = t("site.name");
  // The admin's SEO defaults (site settings) fill in what a page does not say itself.
  const seo = root.chrome.seo?.[root.lang];
  const pageTitle = page.title ?? (page.titleKey ? t(page.titleKey) : "");
  const title =
    pageTitle && pageTitle !== siteName
      ? `${pageTitle} | ${siteName}`
      : seo?.title
        ? `${seo.title} | ${siteName}`
        : siteName;
  const description =
    page.description?.trim() ||
    (page.descriptionKey ? t(page.descriptionKey) : seo?.description || t("site.description"));
  const base = root.chrome.publicUrl;
  const query = page.query ?? (page.keepQuery ? args.location.search : "");
  const path = stripLangPrefix(args.location.pathname);
  const paths = page.paths ?? languagePathsOf(args.matches);
  const url = (lang: Lang) => `${base}${localizePath(paths?.[lang] ?? path, lang)}${query}`;
  // Without a picture of the page's own or the admin's: the site's card, so a shared link
  // always shows one.
  const imageRef = page.image || seo?.image || siteOgImagePath(root.lang);
  const imageInfo = page.image ? page.imageInfo : seo?.image ? undefined : OG_IMAGE;
  const image = /^https?:/.test(imageRef) ? imageRef : `${base}${imageRef}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url(root.lang) },
    { tagName: "link", rel: "alternate", hrefLang: "vi", href: url("vi") },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: url("en") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url("vi") },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: pageTitle || seo?.title || siteName },
    { property: "og:description", content: description },
    { property: "og:url", content: url(root.lang) },
    { property: "og:locale", content: root.lang === "en" ? "en_GB" : "vi_VN" },
    { property: "og:locale:alternate", content: root.lang === "en" ? "vi_VN" : "en_GB" },
    { property: "og:image", content: image },
    ...(imageInfo
      ? [
          { property: "og:image:width", content: String(imageInfo.width) },
          { property: "og:image:height", content: String(imageInfo.height) },
          { property: "og:image:type", content: imageInfo.type },
        ]
      : []),
    ...(page.publishedTime
      ? [{ property: "article:published_time", content: page.publishedTime }]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
  ];
}

/** A page's query string with its `year` first, filled in when the address left it out. */
export function yearQuery(search: string, year: number | undefined): string {
  const params = new URLSearchParams(search);
  if (year === undefined) return params.size > 0 ? `?${params.toString()}` : "";
  params.delete("year");
  const rest = params.toString();
  return `?year=${year}${rest ? `&${rest}` : ""}`;
}
