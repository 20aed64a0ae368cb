import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { text } from "../server/test-support/text";
import { openPage, useBrowser, waitForHydration } from "./support/browser";

// An error the page's own code did not catch reaches the server's log: the browser sends a
// report (kind, message, stack, the page's path without its query) that the server takes with
// 204; the same error twice in one page is sent once. (The server's side — the log line, the
// schema, the per-IP limit — is server/plugins/client-errors.test.ts.)
const browser = useBrowser();

/**
 * Records the reports the pages of `context` send: their bodies as the page hands them over
 * (the real sendBeacon still sends them; the browser's request events do not carry a beacon's
 * body), and the server's answers to them.
 */
async function watchReports(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    const sent: Promise<string>[] = [];
    (window as unknown as { beacons: Promise<string>[] }).beacons = sent;
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) sent.push(data.text());
      return send(url, data);
    };
  });
  const statuses: number[] = [];
  page.on("requestfinished", (request) => {
    if (!request.url().endsWith("/api/client-errors")) return;
    void request.response().then((response) => statuses.push(response?.status() ?? 0));
  });
  const reports = () =>
    page.evaluate(async () =>
      (await Promise.all((window as unknown as { beacons: Promise<string>[] }).beacons)).map(
        (body) => JSON.parse(body) as Record<string, unknown>,
      ),
    );
  return { statuses, reports };
}

describe("errors in the browser", () => {
  test("an unhandled rejection is reported once to /api/client-errors, which takes it", async () => {
    const { context, page } = await openPage(browser());
    const { statuses, reports } = await watchReports(context, page);
    await page.goto("/tin-tuc-cuoc-thi?trang=1");
    await waitForHydration(page);
    const message = `kiểm thử ${Date.now()}`;
    await page.evaluate((text) => {
      void Promise.reject(new RangeError(text));
      void Promise.reject(new RangeError(text));
    }, message);
    await expect.poll(() => statuses, { timeout: 10_000 }).toEqual([204]);
    const [first] = await reports();
    expect(first).toMatchObject({
      kind: "rejection",
      message: `RangeError: ${message}`,
      path: "/tin-tuc-cuoc-thi",
    });
    expect(String(first?.stack)).toContain(message);
    // The second, identical one was not sent: a different one after it is the next report.
    await page.evaluate((text) => void Promise.reject(new Error(text)), `${message} (2)`);
    await expect.poll(() => statuses, { timeout: 10_000 }).toEqual([204, 204]);
    expect((await reports()).map((report) => report.message)).toEqual([
      `RangeError: ${message}`,
      `Error: ${message} (2)`,
    ]);
  });

  test("a page that fails to render shows the error page and is reported", async () => {
    const { context, page } = await openPage(browser());
    const { statuses, reports } = await watchReports(context, page);
    const message = `kiểm thử hiển thị ${Date.now()}`;
    // The introduction page's own module, served with a component that throws when React
    // renders it (its other exports as built): the page fails in the browser, not the server.
    await page.route(/\/assets\/award-introduction-[\w-]+\.js$/, async (route) => {
      const built = await (await route.fetch()).text();
      const broken = built.replace(/\b[\w$]+ as default\b/, "__failing as default");
      expect(broken).not.toBe(built);
      await route.fulfill({
        contentType: "text/javascript",
        body: `function __failing(){throw new TypeError(${JSON.stringify(message)})}\n${broken}`,
      });
    });
    await page.goto("/");
    await waitForHydration(page);
    await page
      .locator(".site-header")
      .getByRole("link", { name: text("vi", "nav.awardIntroduction"), exact: true })
      .click();
    await page.getByRole("heading", { level: 1, name: text("vi", "error.title") }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/gioi-thieu-giai-thuong");
    const backHome = page.getByRole("link", { name: text("vi", "common.backHome"), exact: true });
    expect(await backHome.getAttribute("href")).toBe("/");
    await expect.poll(() => statuses, { timeout: 10_000 }).toEqual([204]);
    // Reported once, as a render error (React caught it; it is not also an uncaught one).
    const sent = await reports();
    expect(sent).toHaveLength(1);
    const [report] = sent;
    expect(report).toMatchObject({
      kind: "render",
      message: `TypeError: ${message}`,
      path: "/gioi-thieu-giai-thuong",
    });
    expect(String(report?.stack)).toContain("__failing");
  });
});
