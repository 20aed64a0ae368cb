import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "./demo/demo-content";
import { startTestApp, type TestApp } from "./test-support/app";
import { FIREFOX } from "./test-support/sign-in";

// The header's language switcher as a browser without JavaScript meets it: plain links that
// carry the choice to the server, to the page's own address in the other language.
const NOW = new Date("2026-09-01T03:00:00.000Z");

let started: TestApp;

beforeAll(async () => {
  started = await startTestApp({}, NOW);
  await seedDemoContent(started.db, NOW);
}, 120_000);

afterAll(async () => {
  await started?.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return started.app.fastify.inject({
    method: "GET",
    url,
    headers: { "user-agent": FIREFOX, ...headers },
  });
}

const decode = (text: string) => text.replaceAll("&amp;", "&");

/** The header switcher's links: href, attributes and inner markup, by hreflang. */
function switcherLinks(html: string): Record<string, { tag: string; href: string; inner: string }> {
  const nav = /<nav class="language-switcher"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1];
  if (!nav) throw new Error("no language switcher in the page");
  const links: Record<string, { tag: string; href: string; inner: string }> = {};
  for (const [, tag = "", inner = ""] of nav.matchAll(/(<a\b[^>]*>)(.*?)<\/a>/gs)) {
    const hreflang = /\shrefLang="([^"]+)"/i.exec(tag)?.[1] ?? "";
    links[hreflang] = { tag, href: decode(/\shref="([^"]*)"/.exec(tag)?.[1] ?? ""), inner };
  }
  return links;
}

/** The page's hreflang alternates: language → address. */
function alternates(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="alternate"[^>]*>/g)) {
    const lang = /\shrefLang="([^"]+)"/i.exec(tag)?.[1];
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (lang && href) found[lang] = decode(href);
  }
  return found;
}

const EN_BROWSER = { "accept-language": "en-GB,en;q=0.9" };

describe("the language switcher without JavaScript", () => {
  it("takes an English browser to Vietnamese and keeps it there, query and all", async () => {
    const page = await get("/en/bai-du-thi?q=tet", EN_BROWSER);
    expect(page.statusCode).toBe(200);
    const vi = switcherLinks(page.body).vi!;
    expect(vi.href).toBe("/bai-du-thi?q=tet&lang=vi");

    // Following it: the server saves the choice and drops the parameter…
    const chosen = await get(vi.href, EN_BROWSER);
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe("/bai-du-thi?q=tet");
    const cookie = String(chosen.headers["set-cookie"]);
    expect(cookie).toMatch(/^lang=vi;/);

    // …and the English browser now stays on the Vietnamese page.
    const after = await get("/bai-du-thi?q=tet", { ...EN_BROWSER, cookie: cookie.split(";")[0]! });
    expect(after.statusCode).toBe(200);
    expect(after.body).toMatch(/<html lang="vi"/);
  });

  it("takes a Vietnamese page to English the same way", async () => {
    const en = switcherLinks((await get("/tin-tuc-cuoc-thi?page=2")).body).en!;
    expect(en.href).toBe("/en/tin-tuc-cuoc-thi?page=2&lang=en");
    const chosen = await get(en.href);
    expect(chosen.headers.location).toBe("/en/tin-tuc-cuoc-thi?page=2");
    expect(String(chosen.headers["set-cookie"])).toMatch(/^lang=en;/);
  });

  it("names each link in the page's language, the other language's name marked with its lang", async () => {
    const links = switcherLinks((await get("/en/bai-du-thi", EN_BROWSER)).body);
    // The link is in the page's language; only the name inside carries the other one.
    for (const { tag } of Object.values(links)) expect(tag).not.toMatch(/\slang=/);
    expect(links.vi!.tag).not.toMatch(/aria-label=/);
    expect(links.vi!.inner).toBe(
      '<span aria-hidden="true">VI</span>' +
        '<span class="visually-hidden">Switch to <span lang="vi">Tiếng Việt</span></span>',
    );
    expect(links.en!.tag).toContain('aria-label="English"');
    expect(links.en!.tag).toContain('aria-current="true"');
    expect(links.en!.inner).toBe("EN");

    const vi = switcherLinks((await get("/bai-du-thi")).body);
    expect(vi.en!.inner).toBe(
      '<span aria-hidden="true">EN</span>' +
        '<span class="visually-hidden">Chuyển sang <span lang="en">English</span></span>',
    );
    expect(vi.vi!.tag).toContain('aria-label="Tiếng Việt"');
  });
});

describe("the language switcher on a page whose address differs by language", () => {
  it("links to the article's own address in the other language, as its hreflang does", async () => {
    const article = await started.db.kysely
      .selectFrom("news_articles")
      .select(["id", "slug_vi", "slug_en"])
      .where("status", "=", "published")
      .where((eb) => eb("slug_vi", "!=", eb.ref("slug_en")))
      .where("slug_en", "!=", "")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const viPath = `/tin-tuc-cuoc-thi/${article.slug_vi}-${article.id}`;
    const enPath = `/en/tin-tuc-cuoc-thi/${article.slug_en}-${article.id}`;

    const viPage = await get(viPath);
    expect(viPage.statusCode).toBe(200);
    expect(new URL(alternates(viPage.body).en!).pathname).toBe(enPath);
    expect(switcherLinks(viPage.body).en!.href).toBe(`${enPath}?lang=en`);
    expect(switcherLinks(viPage.body).vi!.href).toBe(`${viPath}?lang=vi`);

    const enPage = await get(enPath, EN_BROWSER);
    expect(enPage.statusCode).toBe(200);
    expect(switcherLinks(enPage.body).vi!.href).toBe(`${viPath}?lang=vi`);

    // Following the link: one redirect, which saves the choice, straight to the article.
    const chosen = await get(`${enPath}?lang=en`);
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe(enPath);
  });
});
