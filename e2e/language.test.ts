import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { baseUrl, openPage, useBrowser, waitForHydration } from "./support/browser";
import { withDatabase } from "./support/db";

// PRODUCT §6 / DESIGN "Languages": the switcher saves the choice (localStorage + cookie), the
// saved choice wins over the browser's language, a first visit follows the browser, and any
// other stored value resets to Vietnamese.
const browser = useBrowser();

const url = (path: string) => `${baseUrl()}${path}`;

async function langCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(baseUrl())).find((cookie) => cookie.name === "lang")?.value;
}

function storedLang(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("lang"));
}

function htmlLang(page: Page): Promise<string | null> {
  return page.getAttribute("html", "lang");
}

function switcherLink(page: Page, name: string) {
  return page.locator(".site-header").getByRole("link", { name, exact: true });
}

describe("language choice", () => {
  test("switching to English is saved and wins on the next visit; switching back too", async () => {
    const { context, page, problems } = await openPage(browser(), { locale: "vi-VN" });
    await page.goto("/");
    await waitForHydration(page);
    expect(page.url()).toBe(url("/"));
    expect(await htmlLang(page)).toBe("vi");
    expect(await langCookie(context)).toBeUndefined();

    await switcherLink(page, "Chuyển sang English").click();
    await page.waitForURL(url("/en"));
    await page.waitForSelector('html[lang="en"]');
    await page
      .getByRole("heading", { level: 1, name: "Van Xuan Creative Advertising Awards 2026" })
      .waitFor();
    expect(await storedLang(page)).toBe("en");
    expect(await langCookie(context)).toBe("en");
    expect(await switcherLink(page, "English").getAttribute("aria-current")).toBe("true");

    await page.reload();
    expect(page.url()).toBe(url("/en"));
    expect(await htmlLang(page)).toBe("en");
    expect(await page.getByRole("navigation", { name: "Main navigation" }).isVisible()).toBe(true);

    // The saved choice makes the server send a Vietnamese URL to its English page.
    const response = await page.goto("/");
    expect(page.url()).toBe(url("/en"));
    expect(response?.request().redirectedFrom()?.url()).toBe(url("/"));
    expect(await htmlLang(page)).toBe("en");
    await page.goto("/bai-du-thi");
    expect(page.url()).toBe(url("/en/bai-du-thi"));
    await waitForHydration(page);
    expect(await storedLang(page)).toBe("en");

    await switcherLink(page, "Switch to Tiếng Việt").click();
    await page.waitForURL(url("/bai-du-thi"));
    await page.waitForSelector('html[lang="vi"]');
    expect(await storedLang(page)).toBe("vi");
    expect(await langCookie(context)).toBe("vi");
    await page.reload();
    expect(page.url()).toBe(url("/bai-du-thi"));
    expect(await htmlLang(page)).toBe("vi");
    await page.goto("/");
    expect(page.url()).toBe(url("/"));
    expect(await htmlLang(page)).toBe("vi");

    expect(problems.pageErrors).toEqual([]);
  });

  test("a first visit from an English browser lands on /en", async () => {
    const { context, page } = await openPage(browser(), { locale: "en-US" });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/en"));
    expect(await htmlLang(page)).toBe("en");
    // Following the browser is not a saved choice.
    expect(await langCookie(context)).toBeUndefined();

    await page.goto("/tin-tuc-cuoc-thi?page=2");
    expect(page.url()).toBe(url("/en/tin-tuc-cuoc-thi?page=2"));
  });

  test("crawlers are never redirected by language (they index both via hreflang)", async () => {
    const { page } = await openPage(browser(), { locale: "en-US" });
    const response = await page.request.get("/", {
      maxRedirects: 0,
      headers: {
        "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "accept-language": "en-US,en;q=0.9",
        cookie: "lang=en",
      },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/<html lang="vi"[ >]/);
  });

  test("a first visit from a Vietnamese browser stays on /, and a shared /en link stays English", async () => {
    const { context, page } = await openPage(browser(), { locale: "vi-VN" });
    await page.goto("/");
    expect(page.url()).toBe(url("/"));
    expect(await htmlLang(page)).toBe("vi");
    await page.goto("/en/bai-du-thi");
    expect(page.url()).toBe(url("/en/bai-du-thi"));
    expect(await htmlLang(page)).toBe("en");
    expect(await langCookie(context)).toBeUndefined();
  });

  test("an unknown cookie value resets to Vietnamese, even for an English browser", async () => {
    const { context, page } = await openPage(browser(), { locale: "en-US" });
    await context.addCookies([{ name: "lang", value: "xx", url: baseUrl() }]);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/"));
    expect(await htmlLang(page)).toBe("vi");
    expect(await langCookie(context)).toBe("vi");
    await waitForHydration(page);
    expect(await storedLang(page)).toBe("vi");
  });

  test("an unknown localStorage value resets to Vietnamese", async () => {
    const { context, page } = await openPage(browser(), { locale: "vi-VN" });
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => localStorage.setItem("lang", "xx"));
    await context.clearCookies();
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => storedLang(page)).toBe("vi");
    expect(await langCookie(context)).toBe("vi");
    expect(page.url()).toBe(url("/"));
    expect(await htmlLang(page)).toBe("vi");
  });

  test("a choice kept only in localStorage is restored to the cookie and applied", async () => {
    const { context, page } = await openPage(browser(), { locale: "vi-VN" });
    await page.goto("/gioi-thieu-giai-thuong");
    await waitForHydration(page);
    await page.evaluate(() => localStorage.setItem("lang", "en"));
    await context.clearCookies();
    await page.reload();
    await page.waitForURL(url("/en/gioi-thieu-giai-thuong"));
    expect(await langCookie(context)).toBe("en");
    await page.waitForSelector('html[lang="en"]', { timeout: 5_000 });
    await page
      .getByRole("heading", { level: 1, name: "About the awards" })
      .waitFor({ timeout: 2_000 });
  });

  test("switching language on a page reached by client-side navigation", async () => {
    const { page } = await openPage(browser(), { locale: "vi-VN" });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Xem chi tiết Vạn Xuân Stars" }).click();
    await page.waitForURL(url("/van-xuan-stars"));
    await switcherLink(page, "Chuyển sang English").click();
    await page.waitForURL(url("/en/van-xuan-stars"));
    await page
      .getByRole("heading", { level: 1, name: "Van Xuan Stars Award" })
      .waitFor({ timeout: 5_000 });
  });

  test("an English visitor's pages discover routes without errors", async () => {
    const { page, problems } = await openPage(browser(), { locale: "en-US" });
    await page.goto("/", { waitUntil: "networkidle" });
    expect(page.url()).toBe(url("/en"));
    await waitForHydration(page);
    await page.getByRole("link", { name: "View details of Van Xuan Classic" }).click();
    await page.waitForURL(url("/en/van-xuan-classic"));
    await page.waitForLoadState("networkidle");
    expect(problems.consoleErrors).toEqual([]);
  });

  test("?lang= chooses a language and is removed from the URL; an unknown value means vi", async () => {
    const { context, page } = await openPage(browser(), { locale: "vi-VN" });

    let response = await page.goto("/bai-du-thi?lang=xx&page=2");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/bai-du-thi?page=2"));
    expect(await htmlLang(page)).toBe("vi");
    expect(await langCookie(context)).toBe("vi");

    response = await page.goto("/en/tin-tuc-cuoc-thi?lang=xx");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/tin-tuc-cuoc-thi"));

    response = await page.goto("/tin-tuc-cuoc-thi?lang=en");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/en/tin-tuc-cuoc-thi"));
    expect(await langCookie(context)).toBe("en");

    response = await page.goto("/?lang=");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/"));
    expect(await langCookie(context)).toBe("vi");
  });
  test("an English browser switches to Vietnamese without JavaScript, and stays there", async () => {
    const { context, page } = await openPage(browser(), {
      locale: "en-GB",
      javaScriptEnabled: false,
    });
    await page.goto("/en/bai-du-thi?year=2024");
    await switcherLink(page, "Switch to Tiếng Việt").click();
    await page.waitForURL(url("/bai-du-thi?year=2024"));
    expect(await htmlLang(page)).toBe("vi");
    expect(await langCookie(context)).toBe("vi");
    await page.goto("/bai-du-thi?year=2024");
    expect(page.url()).toBe(url("/bai-du-thi?year=2024"));
    expect(await htmlLang(page)).toBe("vi");
  });

  test("with JavaScript the switch is one client-side move to the clean address", async () => {
    const { context, page } = await openPage(browser(), { locale: "en-GB" });
    await page.goto("/en/bai-du-thi?year=2024");
    await waitForHydration(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await switcherLink(page, "Switch to Tiếng Việt").click();
    await page.waitForURL(url("/bai-du-thi?year=2024"));
    await page.waitForSelector('html[lang="vi"]');
    expect(documents).toEqual([]);
    expect(await storedLang(page)).toBe("vi");
    expect(await langCookie(context)).toBe("vi");
  });

  test("an article switches straight to its own address in the other language", async () => {
    const article = withDatabase((db) =>
      db
        .prepare<[], { id: number; slug_vi: string; slug_en: string }>(
          `SELECT id, slug_vi, slug_en FROM news_articles
            WHERE status = 'published' AND slug_en <> '' AND slug_en <> slug_vi
            ORDER BY id LIMIT 1`,
        )
        .get(),
    );
    if (!article) throw new Error("No published article with its own English slug");
    const { page } = await openPage(browser(), { locale: "vi-VN" });
    await page.goto(`/tin-tuc-cuoc-thi/${article.slug_vi}-${article.id}`);
    await waitForHydration(page);
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await switcherLink(page, "Chuyển sang English").click();
    const english = `/en/tin-tuc-cuoc-thi/${article.slug_en}-${article.id}`;
    await page.waitForURL(url(english));
    await page.waitForSelector('html[lang="en"]');
    // Never by the Vietnamese slug under /en (that would be a redirect).
    expect(asked.filter((path) => path.includes(article.slug_vi))).toEqual([]);
  });
});
