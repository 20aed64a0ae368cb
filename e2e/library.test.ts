import type { Page } from "playwright-core";
import { CREDIT_ROLES } from "../core/credit-roles";
import { describe, expect, test } from "vitest";
import { expectAxeClean } from "./support/axe";
import {
  baseUrl,
  focused,
  MOBILE,
  openPage,
  useBrowser,
  waitForHydration,
} from "./support/browser";
import { withDatabase } from "./support/db";
import { poll, waitForRenderedPage } from "./support/pdf";

// The entry library on the demo data (a few hundred published entries of 2023–2025): search
// with and without Vietnamese marks, filters and pages kept in the URL, and an entry's page —
// gallery lightbox by keyboard, the film streamed in ranges, a click-to-load embed, the idea
// PDF in the viewer, the preview image a link shows — in both languages, axe-clean.
const browser = useBrowser();

async function open(path: string, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser(), options);
  const response = await opened.page.goto(path);
  expect(response?.status(), path).toBe(200);
  if (options.javaScriptEnabled !== false) await waitForHydration(opened.page);
  return opened;
}

/** A published entry with a file of `field` (or a video link), straight from the database. */
function publishedEntry(kind: "video" | "videoLink" | "ideaArticleVi"): string {
  const id = withDatabase((db) => {
    const sql =
      kind === "videoLink"
        ? `SELECT l.entry_id AS id FROM library_entries l JOIN entries e ON e.id = l.entry_id
            WHERE e.video_link <> '' AND NOT EXISTS
              (SELECT 1 FROM entry_files f WHERE f.entry_id = e.id AND f.field = 'video')
            ORDER BY l.code LIMIT 1`
        : `SELECT l.entry_id AS id FROM library_entries l
            WHERE EXISTS (SELECT 1 FROM entry_files f WHERE f.entry_id = l.entry_id
                            AND f.field = ? AND (? <> 'ideaArticleVi' OR f.mime = 'application/pdf'))
              AND EXISTS (SELECT 1 FROM entry_files f WHERE f.entry_id = l.entry_id AND f.field = 'images')
            ORDER BY l.code LIMIT 1`;
    const statement = db.prepare<unknown[], { id: string }>(sql);
    return (kind === "videoLink" ? statement.get() : statement.get(kind, kind))?.id;
  });
  if (!id) throw new Error(`No published entry with ${kind} in the e2e database`);
  return id;
}

const total = (page: Page) => page.locator(".library-results__total").textContent();
const titles = (page: Page) => page.locator(".library-card__title").allTextContents();
/** Types a search into the box and waits for the results of that address. */
async function search(page: Page, words: string) {
  const box = page.getByRole("searchbox");
  await box.fill(words);
  await box.press("Enter");
  await page.waitForURL((url) => url.searchParams.get("q") === words);
  await page.locator('.library-results[aria-busy="false"]').waitFor();
}

describe("the list", () => {
  test("with all years, a group of older years only is offered, kept in a shared link and finds its entries", async () => {
    // Grand prix entries were published in 2023 and 2024; the newest season has no such group.
    const url = `${baseUrl()}/bai-du-thi?track=VX&group=grand-prix`;
    const answer = await fetch(url, { redirect: "manual" });
    expect(answer.status).toBe(200);
    const { page } = await open("/bai-du-thi?track=VX&group=grand-prix", {
      javaScriptEnabled: false,
    });
    expect(page.url()).toBe(url);
    const group = page.locator('select[name="group"]');
    expect(await group.inputValue()).toBe("grand-prix");
    expect(
      await group
        .locator("option")
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(expect.arrayContaining(["communication", "grand-prix"]));
    const codes = await page
      .locator(".library-card")
      .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.code ?? ""));
    expect(codes.length).toBeGreaterThan(0);
    const years = new Set(codes.map((code) => /^VX(\d\d)-GPX-\d+$/.exec(code)?.[1]));
    expect([...years].sort()).toEqual(["23", "24"]);
  });

  test("searches with and without marks, filters, pages, and keeps it all in the URL (vi)", async () => {
    const { page, problems } = await open("/bai-du-thi");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Thư viện bài dự thi");
    const everything = await total(page);
    expect(everything).toMatch(/^\d{1,3}(\.\d{3})* bài dự thi$/);
    expect(await page.locator(".library-card").count()).toBe(24);
    await expectAxeClean(page);

    // A refinement asks the list's JSON endpoint, without reloading the page.
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === "document" || url.pathname.startsWith("/api/library")) {
        asked.push(`${request.resourceType()} ${url.pathname}${url.search}`);
      }
    });
    // Without marks finds the marked title; with marks (and other case) finds the same.
    await search(page, "quang cao");
    expect(asked).toEqual(["fetch /api/library?q=quang+cao"]);
    const plain = await total(page);
    expect((await titles(page)).some((t) => t.includes("Quảng cáo"))).toBe(true);
    await search(page, "QUẢNG CÁO");
    expect(await total(page)).toBe(plain);
    await search(page, "giam khao");
    expect(
      (await titles(page)).some((t) => t.includes("giám khảo") || t.includes("Giám khảo")),
    ).toBe(true);

    // Nothing matches: the page names the search and offers to drop it.
    await search(page, "zzzkhongcobaonay");
    await page.getByRole("heading", { name: "Không tìm thấy bài dự thi phù hợp" }).waitFor();
    await page.getByRole("link", { name: "Bỏ từ khoá “zzzkhongcobaonay”" }).click();
    await page.waitForURL(`${baseUrl()}/bai-du-thi`);
    await page.locator(".library-card").first().waitFor();
    expect(await page.getByRole("searchbox").inputValue()).toBe("");

    // A filter changes the URL; back and forward bring each state back, choices included.
    const year = page.getByLabel("Năm", { exact: true });
    await year.selectOption("2024");
    await page.waitForURL(/\?year=2024$/);
    await poll(async () =>
      (await page.locator(".library-card__meta").allTextContents()).every((m) =>
        m.includes("2024"),
      ),
    );
    const track = page.getByLabel("Bảng thi", { exact: true });
    const trackCode = await track.locator("option").nth(1).getAttribute("value");
    await track.selectOption(trackCode ?? "");
    await page.waitForURL(new RegExp(`\\?year=2024&track=${trackCode}$`));
    await page.goBack();
    await page.waitForURL(/\?year=2024$/);
    await poll(() => track.inputValue()).toBe("");
    expect(await year.inputValue()).toBe("2024");
    await page.goForward();
    await page.waitForURL(new RegExp(`track=${trackCode}$`));
    await poll(() => track.inputValue()).toBe(trackCode);

    // A group of the track, then two of its categories at once (seed §3).
    const group = page.getByLabel("Nhóm hạng mục", { exact: true });
    const groupSlug = (await group.locator("option").nth(1).getAttribute("value")) ?? "";
    await group.selectOption(groupSlug);
    await page.waitForURL(new RegExp(`&group=${groupSlug}$`));
    const boxes = page.getByRole("group", { name: "Hạng mục" }).getByRole("checkbox");
    const codes = await boxes.evaluateAll((els) =>
      els.slice(0, 2).map((el) => (el as HTMLInputElement).value),
    );
    for (const [i, code] of codes.entries()) {
      await boxes.nth(i).check();
      await page.waitForURL(new RegExp(`category=${code}`));
    }
    expect(new URL(page.url()).searchParams.getAll("category")).toEqual(codes);

    // Page 2 of everything: once the whole list is back (the URL changes before the list does).
    await page.getByRole("link", { name: "Xoá bộ lọc" }).click();
    await page.waitForURL(`${baseUrl()}/bai-du-thi`);
    await poll(() => total(page)).toBe(everything);
    const first = await titles(page);
    await page
      .getByRole("navigation", { name: "Các trang kết quả" })
      .getByRole("link", { name: "Trang 2" })
      .click();
    await page.waitForURL(/\?page=2$/);
    await poll(() => page.locator('.library-pages [aria-current="page"]').textContent()).toBe("2");
    expect((await titles(page))[0]).not.toBe(first[0]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.hydration).toEqual([]);
  });

  test("on a phone, another page opens at its results, with focus there; back returns to the links", async () => {
    const { page } = await open("/bai-du-thi", { viewport: MOBILE });
    const pages = page.getByRole("navigation", { name: "Các trang kết quả" });
    await pages.getByRole("link", { name: "Trang 2" }).click();
    await page.waitForURL(/\?page=2$/);
    await poll(() => pages.locator('[aria-current="page"]').textContent()).toBe("2");
    // Not the top of the filters, a screen and more above the list: its count and first card.
    const header = (await page.locator(".site-header").boundingBox())?.height ?? 0;
    const count = page.locator(".library-results__total");
    await poll(async () => (await count.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(header);
    expect((await count.boundingBox())?.y).toBeLessThan(MOBILE.height / 2);
    expect(await focused(page)).toMatchObject({ tag: "h2", text: "Kết quả" });
    await page.keyboard.press("Tab");
    expect((await focused(page)).tag).toBe("a");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("library-card__link");

    // Back: the browser's own position (the page links), not the results again.
    await page.goBack();
    await page.waitForURL(`${baseUrl()}/bai-du-thi`);
    await poll(async () => {
      const box = await pages.boundingBox();
      return box !== null && box.y >= 0 && box.y < 844;
    }).toBe(true);
  });

  test("keyboard: a link that changes the list and goes away leaves focus on the results", async () => {
    const { page } = await open("/bai-du-thi?q=zzzkhongcobaonay&year=2024");
    const follow = async (name: string, url: string) => {
      await page.getByRole("link", { name }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${baseUrl()}${url}`);
      await poll(async () => (await focused(page)).text).toBe("Kết quả");
      expect((await focused(page)).tag).toBe("h2");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.className)).toBe(
        "library-card__link",
      );
    };
    // The link was in the "nothing found" block, gone once something is found.
    await follow("Bỏ từ khoá “zzzkhongcobaonay”", "/bai-du-thi?year=2024");
    // "Clear filters" disappears with the filters.
    await follow("Xoá bộ lọc", "/bai-du-thi");
  });

  test("in English, a search without marks finds “Đông”; the form works without JavaScript", async () => {
    const { page } = await open("/en/bai-du-thi?q=dong");
    expect(await total(page)).toMatch(/^\d{1,3}(,\d{3})* entr(y|ies)$/);
    expect((await titles(page)).some((t) => t.includes("Đông"))).toBe(true);
    await expectAxeClean(page);

    const { page: plain } = await open("/en/bai-du-thi", { javaScriptEnabled: false });
    await plain.getByLabel("Keywords").fill("quang cao");
    await plain.getByRole("button", { name: "Search" }).click();
    // The form's empty fields are dropped on the way: one canonical address.
    await plain.waitForURL(`${baseUrl()}/en/bai-du-thi?q=quang+cao`);
    expect((await titles(plain)).some((t) => t.includes("Quảng cáo"))).toBe(true);
  });
});

describe("an entry", () => {
  test("gallery lightbox by keyboard, the film seeks, the idea PDF opens, the preview image is a JPEG", async () => {
    const id = publishedEntry("video");
    const { page, problems } = await open(`/bai-thi/${id}`);
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    expect(await page.title()).toContain(title);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${baseUrl()}/bai-thi/${id}`,
    );
    expect(await page.locator('link[hreflang="en"]').getAttribute("href")).toBe(
      `${baseUrl()}/en/bai-thi/${id}`,
    );
    // The header shows the visitor is in the library (an entry's page is part of it).
    const libraryItem = page
      .locator(".main-nav")
      .getByRole("link", { name: "Thư viện", exact: true });
    expect(await libraryItem.getAttribute("class")).toBe("nav-link active");
    expect(
      await page.locator(".main-nav .nav-link.active").evaluateAll((links) => links.length),
    ).toBe(1);
    await expectAxeClean(page);

    // The lightbox opens with Enter, closes with Esc, and gives focus back.
    const opener = page.locator(".entry-gallery__open").first();
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-labelledby")).toBeTruthy();
    expect(await dialog.locator("img").count()).toBe(1);
    if ((await page.locator(".entry-gallery__open").count()) > 1) {
      await page.keyboard.press("ArrowRight");
      await poll(() => dialog.getByRole("heading").textContent()).toMatch(/^Hình ảnh 2\/\d+$/);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect((await focused(page)).label).toBe(await opener.getAttribute("aria-label"));

    // The uploaded film: served in byte ranges, plays and seeks.
    const src = await page.locator("video source").getAttribute("src");
    const ranged = await fetch(`${baseUrl()}${src}`, { headers: { Range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    const video = await page.locator("video").evaluate(async (el: HTMLVideoElement) => {
      const once = (event: string) =>
        new Promise<void>((resolve) => el.addEventListener(event, () => resolve(), { once: true }));
      if (el.readyState < 1) await once("loadedmetadata");
      el.muted = true;
      await el.play();
      while (el.currentTime === 0) await once("timeupdate");
      const played = el.currentTime;
      el.pause();
      const seeked = once("seeked");
      el.currentTime = 2;
      await seeked;
      return { played, duration: el.duration, time: el.currentTime, error: el.error?.code ?? null };
    });
    expect(video.played).toBeGreaterThan(0);
    expect(video.error).toBeNull();
    expect(Math.abs(video.time - 2)).toBeLessThan(0.2);
    expect(video.duration).toBeGreaterThan(2);

    // The link preview: an absolute raster of 1200×630.
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(new RegExp(`^${baseUrl()}/`));
    expect(await page.locator('meta[property="og:image:width"]').getAttribute("content")).toBe(
      "1200",
    );
    const preview = await fetch(image ?? "");
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/jpeg");
    expect(problems.pageErrors).toEqual([]);

    // The idea article in the product's viewer (another entry if this one has none).
    const withPdf = publishedEntry("ideaArticleVi");
    if (withPdf !== id) await page.goto(`/bai-thi/${withPdf}`);
    await waitForHydration(page);
    await page.locator(".entry-documents__pdf summary").first().click();
    await waitForRenderedPage(page, 1);
  });

  test("in English, a YouTube or Vimeo film loads only when asked; unknown entries are 404", async () => {
    const id = publishedEntry("videoLink");
    const { page, context } = await open(`/en/bai-thi/${id}`);
    const warnings: string[] = [];
    page.on("console", (message) => warnings.push(message.text()));
    // Nothing of the video sites is fetched here: the test has no Internet either way.
    const asked: string[] = [];
    await context.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 204 });
    });
    expect(await page.locator("iframe").count()).toBe(0);
    // The demo's credit roles were typed in Vietnamese; the English page names them in English.
    const roles = await page.locator(".entry-credits__role").allTextContents();
    const english = new Set(
      [...CREDIT_ROLES.companies, ...CREDIT_ROLES.people].map((role) => role.en),
    );
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.filter((role) => !english.has(role))).toEqual([]);
    const play = page.getByRole("button", { name: /^Play video \(loads (YouTube|Vimeo)\)$/ });
    await expectAxeClean(page);
    await play.click();
    const frame = page.locator(".entry-video iframe");
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toMatch(
      /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1|player\.vimeo\.com\/video\/\d+\?dnt=1)/,
    );
    // Full screen is allowed once, through `allow` (both would make the browser warn).
    expect(await frame.getAttribute("allow")).toContain("fullscreen");
    expect(await frame.getAttribute("allowfullscreen")).toBeNull();
    expect(warnings.filter((w) => w.includes("allowfullscreen"))).toEqual([]);
    await poll(() => asked.length).toBeGreaterThan(0);

    const unpublished = withDatabase(
      (db) =>
        db
          .prepare<[], { id: string }>(
            "SELECT id FROM entries WHERE id NOT IN (SELECT entry_id FROM library_entries) LIMIT 1",
          )
          .get()?.id,
    );
    expect(unpublished).toBeTruthy();
    for (const path of [
      `/bai-thi/${unpublished}`,
      "/bai-thi/00000000-0000-4000-8000-000000000000",
      "/en/bai-thi/not-an-id",
    ]) {
      expect((await fetch(`${baseUrl()}${path}`)).status, path).toBe(404);
    }
  });

  test("the way back to the library returns to the list the visitor came from", async () => {
    const from = "/bai-du-thi?year=2023&page=2";
    const { page } = await open(from);
    const back = page.getByRole("link", { name: "Về thư viện bài dự thi" });
    await page.locator(".library-card__link").first().click();
    await page.waitForURL(/\/bai-thi\//);
    await expect.poll(() => back.getAttribute("href")).toBe(from);
    await back.click();
    await page.waitForURL(`${baseUrl()}${from}`);
    await page.locator(".library-card").first().waitFor();

    // Reached from elsewhere, or rendered by the server: the library itself.
    const id = publishedEntry("ideaArticleVi");
    const direct = await open(`/en/bai-thi/${id}`);
    const english = direct.page.getByRole("link", { name: "Back to the entry library" });
    expect(await english.getAttribute("href")).toBe("/en/bai-du-thi");
    const plain = await open(`/bai-thi/${id}`, { javaScriptEnabled: false });
    expect(
      await plain.page.getByRole("link", { name: "Về thư viện bài dự thi" }).getAttribute("href"),
    ).toBe("/bai-du-thi");
  });
});
