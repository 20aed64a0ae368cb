import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import {
  MOBILE,
  openPage,
  useBrowser,
  waitForHydration,
  type PageProblems,
} from "./support/browser";

// The server's HTML and the browser's first render must agree, and nothing the pages run may
// be blocked by the nonce-based Content-Security-Policy.
const browser = useBrowser();

function expectClean(problems: PageProblems) {
  expect(problems.hydration, "hydration warnings").toEqual([]);
  expect(problems.pageErrors, "uncaught errors").toEqual([]);
  expect(problems.csp, "CSP violations").toEqual([]);
  expect(problems.consoleErrors, "console errors").toEqual([]);
}

describe("hydration", () => {
  for (const path of ["/", "/en", "/van-xuan", "/en/chuyen-gia-dong-hanh?year=2024", "/pdf"]) {
    test(`${path} hydrates without mismatch, error or CSP violation`, async () => {
      const { page, problems } = await openPage(browser());
      const response = await page.goto(path, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(200);
      if (path !== "/pdf") await waitForHydration(page);
      // Interactive once hydrated: React attached its root to the document (the PDF viewer's
      // page has no site header to mark it, and may hydrate after the network went quiet).
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(document.documentElement).some((key) => key.startsWith("__react")),
          ),
        )
        .toBe(true);
      expectClean(problems);
    });
  }

  test("client-side navigation stays clean, in both languages", async () => {
    const { page, problems } = await openPage(browser());
    await page.goto("/", { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.getByRole("link", { name: "Xem chi tiết Vạn Xuân Stars" }).click();
    await page.waitForURL("**/van-xuan-stars");
    await page.getByRole("heading", { level: 1, name: "Giải Vạn Xuân Stars" }).waitFor();
    await page.getByRole("link", { name: "Tin tức - Sự kiện" }).first().click();
    await page.waitForURL("**/tin-tuc-cuoc-thi");
    await page.getByRole("heading", { level: 1, name: "Tin tức - Sự kiện" }).waitFor();

    await page.goto("/en", { waitUntil: "networkidle" });
    await waitForHydration(page);
    await page.getByRole("link", { name: "View details of Van Xuan Classic" }).click();
    await page.waitForURL("**/en/van-xuan-classic");
    await page.getByRole("heading", { level: 1, name: "Van Xuan Classic Award" }).waitFor();
    await page.waitForLoadState("networkidle");
    expectClean(problems);
  });

  // Guards the guard: a page whose server HTML differs from the client render must be caught.
  test("a tampered server render is reported as a hydration mismatch", async () => {
    const { page, problems } = await openPage(browser());
    await page.route(
      (url) => url.pathname === "/",
      async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        // Only the first occurrence: the visible text, not the serialized loader data after it.
        const tampered = html.replace("Sân chơi tôn vinh", "Một câu khác hẳn");
        expect(tampered).not.toBe(html);
        await route.fulfill({ response, body: tampered });
      },
    );
    await page.goto("/", { waitUntil: "networkidle" });
    await page.mouse.move(5, 5); // the home page hydrates at the first interaction
    await expect.poll(() => problems.hydration.length, { timeout: 5_000 }).toBeGreaterThan(0);
  });
});

// PRODUCT §11: the home page's JavaScript before interaction stays small. Reading pages load
// React DOM and hydrate at the first sign of a person; a click made before that still counts.
describe("hydration at the first interaction", () => {
  const HYDRATE_CHUNK = /\/assets\/hydrate-[\w-]+\.js$/;
  const isHydrated = (page: Page) =>
    page.evaluate(() =>
      Object.keys(document.documentElement).some((key) => key.startsWith("__react")),
    );

  for (const path of [
    "/",
    "/en/tin-tuc-cuoc-thi",
    "/chuyen-gia-dong-hanh",
    "/danh-sach-thang-giai",
  ]) {
    test(`${path} loads React DOM only once someone interacts`, async () => {
      const { page, problems } = await openPage(browser());
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(path, { waitUntil: "networkidle" });
      expect(await page.getAttribute("html", "data-hydrate")).toBe("on-interaction");
      expect(scripts.length, "the page's own modules load").toBeGreaterThan(0);
      expect(scripts.filter((s) => HYDRATE_CHUNK.test(s))).toEqual([]);
      expect(await isHydrated(page)).toBe(false);

      await page.mouse.move(20, 20);
      await page.locator(".site-header[data-hydrated]").waitFor({ state: "attached" });
      expect(scripts.filter((s) => HYDRATE_CHUNK.test(s))).toHaveLength(1);
      expect(await isHydrated(page)).toBe(true);
      expectClean(problems);
    });
  }

  test("reading pages leave their modules out of <head>; form pages preload them", async () => {
    const { page } = await openPage(browser());
    for (const [path, preloads] of [
      ["/", false],
      ["/en/chuyen-gia-dong-hanh", false],
      ["/dang-nhap", true],
    ] as const) {
      const html = await (await page.request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head.includes('rel="modulepreload"'), path).toBe(preloads);
      // The stylesheets come first either way, ahead of any script.
      expect(head.indexOf('rel="stylesheet"'), path).toBeGreaterThan(0);
      if (preloads) {
        expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('rel="modulepreload"'));
      }
      // The module script that starts the page is still there.
      expect(html, path).toContain('type="module"');
    }
  });

  test("a form page hydrates at once, with no interaction", async () => {
    const { page, problems } = await openPage(browser());
    await page.goto("/dang-nhap", { waitUntil: "networkidle" });
    expect(await page.getAttribute("html", "data-hydrate")).toBeNull();
    await expect.poll(() => isHydrated(page), { timeout: 10_000 }).toBe(true);
    expectClean(problems);
  });

  test("a tap made before React is ready is played again once it is", async () => {
    const { page, problems } = await openPage(browser(), { viewport: MOBILE });
    // Hold React DOM back so the tap surely lands before hydration.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(HYDRATE_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Mở menu" }).click();
    const toggle = page.locator(".mobile-menu__toggle"); // its name becomes "Đóng menu"
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    release();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByRole("region", { name: "Menu" }).isVisible()).toBe(true);
    expectClean(problems);
  });

  test("a link clicked before React is ready opens its page with client-side navigation", async () => {
    const { page, problems } = await openPage(browser());
    await page.goto("/", { waitUntil: "networkidle" });
    // A marker that survives only a client-side navigation (no new document).
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same-document"));
    await page.getByRole("link", { name: "Xem chi tiết Vạn Xuân Stars" }).click();
    await page.waitForURL("**/van-xuan-stars");
    await page.getByRole("heading", { level: 1, name: "Giải Vạn Xuân Stars" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "same-document",
    );
    expectClean(problems);
  });

  test("if React DOM cannot load, a held link click still opens its page", async () => {
    const { page } = await openPage(browser());
    await page.route(HYDRATE_CHUNK, (route) => route.abort());
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Xem chi tiết Vạn Xuân Stars" }).click();
    await page.waitForURL("**/van-xuan-stars");
    await page.getByRole("heading", { level: 1, name: "Giải Vạn Xuân Stars" }).waitFor();
  });

  test("the keyboard alone hydrates the page (Tab)", async () => {
    const { page, problems } = await openPage(browser());
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await isHydrated(page)).toBe(false);
    // Each step waits on its own, so a failure says which one did not happen: the key
    // reaching the page, React DOM being asked for, or React committing on a loaded machine.
    const reactDomAskedFor = page.waitForRequest(HYDRATE_CHUNK);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");
    await reactDomAskedFor;
    await page
      .locator(".site-header[data-hydrated]")
      .waitFor({ state: "attached", timeout: 20_000 });
    expect(await isHydrated(page)).toBe(true);
    expectClean(problems);
  });
});
