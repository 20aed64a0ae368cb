import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { localizePath, type Lang } from "../../../core/languages";
import { PATHS, TRACK_SLUGS } from "../../../core/paths";
import { articleSegment } from "../../../core/slug";
import type { ContentService } from "../content/service";
import type { LibraryService } from "../library/service";
import { currentPublicUrl } from "../../public-url";
import { generatedCoverSeed, generatedCoverSvg } from "./generated-cover";

/**
 * Crawler files and generated placeholder images, answered before the page renderer:
 * `/sitemap.xml` (both languages, published articles and library entries only), `/robots.txt`,
 * `/favicon.ico` (to the SVG icon), and the SVG portraits and covers the demo content points at
 * (`/generated/…`).
 */
export const siteRoutes: FastifyPluginAsync<{
  content: ContentService;
  library: Pick<LibraryService, "sitemapEntries">;
  publicUrl: string;
}> = async (app, options) => {
  const { content, library } = options;
  app.get("/robots.txt", async (_request, reply) => {
    const publicUrl = currentPublicUrl(options.publicUrl);
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600");
    return [
      "User-agent: *",
      "Disallow: /quan-tri",
      "Disallow: /api/",
      "",
      `Sitemap: ${publicUrl}/sitemap.xml`,
      "",
    ].join("\n");
  });

  // Tools that ask for the classic icon address (feed readers, link previews, old browsers)
  // get the site's icon rather than the home page.
  app.get("/favicon.ico", async (_request, reply) =>
    reply.header("cache-control", "public, max-age=86400").redirect("/favicon.svg", 301),
  );

  app.get("/sitemap.xml", async (_request, reply) => {
    const publicUrl = currentPublicUrl(options.publicUrl);
    const years = await content.years();
    const pages: { path: string; lastmod?: string }[] = [
      { path: PATHS.home },
      { path: PATHS.awardIntroduction },
      ...TRACK_SLUGS.map((slug) => ({ path: `/${slug}` })),
      ...years.jury.map((year) => ({ path: `${PATHS.jury}?year=${year}` })),
      ...years.winners.map((year) => ({ path: `${PATHS.winners}?year=${year}` })),
      { path: PATHS.news },
      { path: PATHS.library },
    ];
    const urls: string[] = [];
    const entry = (paths: Record<Lang, string>, lastmod?: string) => {
      for (const lang of ["vi", "en"] as const) {
        urls.push(
          [
            "  <url>",
            `    <loc>${escapeXml(publicUrl + paths[lang])}</loc>`,
            ...(lastmod ? [`    <lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>`] : []),
            ...(["vi", "en"] as const).map(
              (alt) =>
                `    <xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(publicUrl + paths[alt])}"/>`,
            ),
            "  </url>",
          ].join("\n"),
        );
      }
    };
    const localized = (path: string, lang: Lang) => {
      const [pathname = "/", query] = path.split("?");
      return localizePath(pathname, lang) + (query ? `?${query}` : "");
    };
    for (const page of pages) {
      entry({ vi: localized(page.path, "vi"), en: localized(page.path, "en") });
    }
    for (const article of await content.sitemapNews()) {
      const path = (lang: Lang) =>
        localized(`${PATHS.news}/${articleSegment(article.slugs[lang], article.id)}`, lang);
      entry({ vi: path("vi"), en: path("en") }, article.updatedAt);
    }
    for (const published of await library.sitemapEntries()) {
      const path = (lang: Lang) => localized(`${PATHS.entryDetail}/${published.id}`, lang);
      entry({ vi: path("vi"), en: path("en") }, published.publishedAt);
    }
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=600");
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...urls,
      "</urlset>",
      "",
    ].join("\n");
  });

  app.get<{ Params: { hue: string; initials: string } }>(
    "/generated/portrait/:hue/:initials",
    async (request, reply) => {
      const hue = Number(request.params.hue);
      const initials = request.params.initials.replace(/\.svg$/, "");
      if (!Number.isInteger(hue) || hue < 0 || hue > 360 || !/^\p{Lu}{1,3}$/u.test(initials)) {
        return reply.code(404).type("text/plain").send("Not found");
      }
      return sendSvg(
        reply,
        `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">` +
          `<rect width="240" height="240" fill="hsl(${hue} 45% 88%)"/>` +
          `<circle cx="120" cy="96" r="48" fill="hsl(${hue} 40% 62%)"/>` +
          `<path d="M36 240c0-52 38-84 84-84s84 32 84 84z" fill="hsl(${hue} 40% 62%)"/>` +
          `<text x="120" y="112" font-family="sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(initials)}</text>` +
          `</svg>`,
      );
    },
  );

  app.get<{ Params: { seed: string } }>("/generated/cover/:seed", async (request, reply) => {
    const seed = generatedCoverSeed(`/generated/cover/${request.params.seed}`);
    if (seed === null) return reply.code(404).type("text/plain").send("Not found");
    return sendSvg(reply, generatedCoverSvg(seed));
  });
};

function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .type("image/svg+xml")
    .header("cache-control", "public, max-age=86400")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
