import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openPage, useBrowser, waitForHydration } from "./support/browser";

// Seed §2: a scroll-to-top button appears once the page is scrolled and takes the reader
// back to the top (and keyboard focus to the skip link).
const browser = useBrowser();

const SHORT = { width: 1280, height: 500 };
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollDown(page: Page): Promise<void> {
  await page.mouse.move(640, 300);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 300);
  await expect.poll(() => scrollY(page), { timeout: 5_000 }).toBeGreaterThan(400);
}

describe("scroll to top", () => {
  test("appears after scrolling and brings the reader back to the top", async () => {
    const { page } = await openPage(browser(), { viewport: SHORT });
    await page.goto("/");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Lên đầu trang" });
    expect(await scrollY(page)).toBe(0);
    expect(await button.count()).toBe(0);

    await scrollDown(page);
    await button.waitFor({ state: "visible" });

    await button.click();
    // Smooth scrolling takes a moment.
    await expect.poll(() => scrollY(page), { timeout: 5_000 }).toBe(0);
    await button.waitFor({ state: "detached" });
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains("skip-link") ?? false),
    ).toBe(true);
  });

  test("English label, and it works with reduced motion by keyboard", async () => {
    const { page } = await openPage(browser(), {
      viewport: { width: 390, height: 600 },
      reducedMotion: "reduce",
    });
    await page.goto("/en/van-xuan");
    await waitForHydration(page);
    await scrollDown(page);
    const button = page.getByRole("button", { name: "Back to top" });
    await button.waitFor({ state: "visible" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => scrollY(page), { timeout: 2_000 }).toBe(0);
    await button.waitFor({ state: "detached" });
  });

  test("at the very bottom of a phone's page it covers none of the footer's last line", async () => {
    const { page } = await openPage(browser(), { viewport: { width: 390, height: 700 } });
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = page.getByRole("button", { name: "Lên đầu trang" });
    await button.waitFor({ state: "visible" });
    const overlaps = await page.evaluate(() => {
      const button = document.querySelector(".scroll-to-top")!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(document.querySelector(".site-footer__copyright")!);
      return [...range.getClientRects()].some(
        (line) =>
          line.left < button.right &&
          line.right > button.left &&
          line.top < button.bottom &&
          line.bottom > button.top,
      );
    });
    expect(overlaps).toBe(false);
  });
});
