import { describe, expect, test } from "vitest";
import { openPage, useBrowser, waitForHydration, type PageProblems } from "./support/browser";

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
      // Interactive once hydrated: React attached its root to the document.
      expect(
        await page.evaluate(() =>
          Object.keys(document.documentElement).some((key) => key.startsWith("__react")),
        ),
      ).toBe(true);
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
    await expect.poll(() => problems.hydration.length, { timeout: 5_000 }).toBeGreaterThan(0);
  });
});
