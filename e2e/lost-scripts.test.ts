import type { Page, Route } from "playwright-core";
import { describe, expect, test } from "vitest";
import { text } from "../server/test-support/text";
import { expectAxeClean } from "./support/axe";
import { openPage, settled, useBrowser, waitForHydration } from "./support/browser";
import { setSiteSetting } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import {
  chooseFirstCategory,
  registerEntrant,
  useEntryFiles,
  waitSaved,
} from "./support/entry-journey";
import { signInEntrant, signInStaff } from "./support/sign-in";

// Code a page fetches after it has loaded — the rich-text editor, the dashboard's charts, the
// chat panel, the upload client — may not arrive: a connection that drops, a release that
// replaced the file. The part is fetched again twice (after 1 s and 3 s); if it still does not
// come, that part says so and offers to try again, and the rest of the page, with what was
// typed in it, stays. Before, the route's error page replaced the whole page.
const browser = useBrowser();
const file = useEntryFiles();
const vi = (key: string) => text("vi", key);

/** Fails every request for the scripts (and styles) `pattern` matches while `blocked()`. */
async function dropWhile(page: Page, pattern: RegExp, blocked: () => boolean): Promise<string[]> {
  const dropped: string[] = [];
  await page.route(pattern, async (route: Route) => {
    if (!blocked()) return route.fallback();
    dropped.push(route.request().url());
    await route.abort("internetdisconnected");
  });
  return dropped;
}

const ERROR_PAGE_HEADING = vi("error.title");

describe("a part of a page whose code does not arrive", () => {
  test("the news editor: the form stays with what was typed, and the editor comes on retry", async () => {
    const { page } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    let offline = true;
    const dropped = await dropWhile(page, /\/assets\/rich-text-editor-[^/]*\.js$/, () => offline);
    await page.goto("/quan-tri/noi-dung/tin-tuc/moi");
    await waitForHydration(page);
    await page.locator('input[name="titleVi"]').fill("Bài viết khi mạng chập chờn");

    // Both bodies (vi, en) say so once the retries are spent; the page is still the form.
    const failures = page.getByRole("alert").filter({ hasText: vi("editor.loadFailed") });
    await expect.poll(() => failures.count(), { timeout: 15_000 }).toBe(2);
    // The first try and two more (the two editors share each fetch of the file).
    expect(dropped.length).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole("heading", { name: ERROR_PAGE_HEADING }).count()).toBe(0);
    expect(await page.locator('input[name="titleVi"]').inputValue()).toBe(
      "Bài viết khi mạng chập chờn",
    );

    // The connection is back: "Try again" brings that editor, and the title is still there.
    offline = false;
    await failures
      .first()
      .getByRole("button", { name: vi("common.tryAgain") })
      .click();
    await page
      .locator("fieldset", { has: page.locator("legend", { hasText: "Tiếng Việt" }) })
      .getByRole("textbox", { name: "Nội dung" })
      .waitFor();
    expect(await failures.count()).toBe(1);
    expect(await page.locator('input[name="titleVi"]').inputValue()).toBe(
      "Bài viết khi mạng chập chờn",
    );
  });

  test("the dashboard's charts: each says so beside its table, and draws on retry", async () => {
    const { page } = await openPage(browser());
    let offline = true;
    const dropped = await dropWhile(page, /\/assets\/charts-[^/]*\.js$/, () => offline);
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    await waitForHydration(page);

    const charts = page.locator(".dashboard-chart");
    // Signing in lands here by a client-side navigation: the page may still be on its way.
    await charts.first().waitFor();
    const count = await charts.count();
    expect(count).toBeGreaterThan(1);
    const failures = page.getByRole("alert").filter({ hasText: vi("adminDashboard.chartFailed") });
    await expect.poll(() => failures.count(), { timeout: 15_000 }).toBe(count);
    expect(dropped.length).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole("heading", { name: ERROR_PAGE_HEADING }).count()).toBe(0);
    // The numbers are still there, in each figure's table.
    expect(await charts.first().locator("table tbody tr").count()).toBeGreaterThan(0);

    offline = false;
    await charts
      .first()
      .getByRole("button", { name: vi("common.tryAgain") })
      .click();
    await charts.first().locator(".dashboard-chart__drawing[role=img] svg").first().waitFor();
    expect(await failures.count()).toBe(count - 1);
  });

  test("the chat panel: fetched again after a drop; if it never comes, the page is unharmed", async () => {
    const restore = setSiteSetting("chatWidget", {
      provider: "messenger",
      accountId: "vanxuanawards",
    });
    try {
      const { page } = await openPage(browser());
      // Only the first fetch of the panel fails: the retry brings the launcher.
      let drops = 1;
      const dropped = await dropWhile(page, /\/assets\/chat-panel-[^/]*\.js$/, () => {
        drops -= 1;
        return drops >= 0;
      });
      const launcher = page.getByRole("button", { name: "Trò chuyện với Ban Tổ chức" });
      // The server's settings are cached for a few seconds: reload until the setting shows.
      await expect
        .poll(
          async () => {
            await page.goto("/");
            await waitForHydration(page);
            await launcher.waitFor({ timeout: 6_000 }).catch(() => undefined);
            return launcher.count();
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(1);
      expect(dropped).toHaveLength(1);

      // It never comes: no launcher, and the page is the home page still.
      drops = Number.POSITIVE_INFINITY;
      const before = dropped.length;
      await page.reload();
      await waitForHydration(page);
      await expect.poll(() => dropped.length - before, { timeout: 15_000 }).toBe(3);
      await settled(page);
      expect(await launcher.count()).toBe(0);
      expect(await page.getByRole("heading", { name: ERROR_PAGE_HEADING }).count()).toBe(0);
      expect(await page.locator("#hero-title").count()).toBe(1);
    } finally {
      restore();
    }
  });

  test("a page's texts: a bundle dropped once is fetched again and the navigation completes", async () => {
    const { page } = await openPage(browser());
    const { entrant } = demoCredentials();
    await signInEntrant(page, entrant.email, entrant.password);
    await page.goto("/");
    await waitForHydration(page);
    // The account's texts travel in their own bundle, fetched on the way into the account.
    let drops = 1;
    const dropped = await dropWhile(page, /\/assets\/i18n\/vi\.account\.[^/]*\.json$/, () => {
      drops -= 1;
      return drops >= 0;
    });
    await page
      .getByRole("link", { name: vi("account.dashboardTitle") })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === "/tai-khoan");
    await page.getByRole("heading", { level: 1, name: vi("account.dashboardTitle") }).waitFor();
    expect(dropped).toHaveLength(1);
    expect(await page.getByRole("heading", { name: ERROR_PAGE_HEADING }).count()).toBe(0);
  });

  test("a page's own code: the page clicked opens with a full load, not the one left", async () => {
    const { page } = await openPage(browser());
    await page.goto("/");
    await waitForHydration(page);
    // Every script not fetched yet fails once: the news list's code, as after a release that
    // replaced the files this page was built with.
    const seen = new Set<string>();
    const dropped: string[] = [];
    await page.route(/\/assets\/[^/]*\.js$/, async (route: Route) => {
      const url = route.request().url();
      if (seen.has(url)) return route.fallback();
      seen.add(url);
      dropped.push(url);
      await route.abort("internetdisconnected");
    });
    await page
      .getByRole("link", { name: vi("news.viewAll") })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === "/tin-tuc-cuoc-thi");
    await page.getByRole("heading", { level: 1, name: vi("nav.news") }).waitFor();
    expect(dropped.length).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole("heading", { name: ERROR_PAGE_HEADING }).count()).toBe(0);
  });

  test("a page's data: the page says the connection failed, and Try again opens it", async () => {
    const { page } = await openPage(browser());
    await page.goto("/");
    await waitForHydration(page);
    let offline = true;
    const dropped = await dropWhile(page, /\.data(\?|$)/, () => offline);
    await page
      .getByRole("link", { name: vi("news.viewAll") })
      .first()
      .click();
    await page.getByRole("heading", { level: 1, name: vi("error.offlineTitle") }).waitFor();
    expect(dropped.length).toBeGreaterThanOrEqual(1);
    expect(await page.locator("main").textContent()).toContain(vi("error.offlineBody"));
    await expectAxeClean(page);
    // Back online: "Try again" loads the page that was asked for.
    offline = false;
    await page.getByRole("link", { name: vi("common.tryAgain") }).click();
    await page.getByRole("heading", { level: 1, name: vi("nav.news") }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/tin-tuc-cuoc-thi");
  });

  test("the upload client: the file's row says so, and Resume uploads the same file", async () => {
    const { page } = await openPage(browser());
    await registerEntrant(page, "vi");
    await page.goto("/nop-bai-du-thi");
    await waitForHydration(page);

    // The upload client is the one script that speaks tus; it is fetched once the draft exists.
    let offline = true;
    let dropped = 0;
    await page.route(/\/assets\/[^/]*\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (offline && body.includes("Tus-Resumable")) {
        dropped += 1;
        return route.abort("internetdisconnected");
      }
      return route.fulfill({ response, body });
    });
    await chooseFirstCategory(page);
    await page.locator("#entry-brandName").fill("Bánh cốm Hàng Than");
    await waitSaved(page, "vi");
    await page.waitForURL((u) => u.searchParams.has("entry"));
    const group = page.locator('.upload[data-field="images"]');
    await group.locator("input[type=file]").setInputFiles(file("anh-1.png"));
    const failed = group.locator(".upload__transfers .field__error");
    await expect
      .poll(() => failed.textContent(), { timeout: 15_000 })
      .toContain(vi("upload.codeNotLoaded"));
    expect(await failed.textContent()).toContain(vi("entry.upload.imageFailed"));
    expect(dropped).toBeGreaterThanOrEqual(3);

    offline = false;
    await group.getByRole("button", { name: vi("entryForm.upload.resume") }).click();
    await expect
      .poll(() => group.locator(".upload__files .upload__file").count(), { timeout: 20_000 })
      .toBe(1);
    expect(await failed.count()).toBe(0);
    expect(await page.getByRole("heading", { name: ERROR_PAGE_HEADING }).count()).toBe(0);
  });
});
