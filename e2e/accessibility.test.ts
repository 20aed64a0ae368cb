import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  MOBILE,
  openPage,
  useBrowser,
  waitForHydration,
  type ContextOptions,
} from "./support/browser";
import { seriousViolations } from "./support/axe";

// PRODUCT §11 asks for accessibility 100; here axe-core checks WCAG 2.1 A/AA in the real
// browser, in both languages, at desktop and mobile widths and with the popups open.
const browser = useBrowser();

async function audit(
  path: string,
  options: ContextOptions,
  prepare?: (page: Page) => Promise<void>,
) {
  const { page } = await openPage(browser(), options);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  if (prepare) await prepare(page);
  const violations = await seriousViolations(page);
  expect(
    violations,
    `axe found serious or critical problems:\n\n${violations.join("\n\n")}\n`,
  ).toEqual([]);
}

describe("accessibility (axe, WCAG 2.1 A/AA, serious and critical)", () => {
  for (const path of ["/", "/en"]) {
    test(`${path} at desktop width`, async () => {
      await audit(path, { viewport: DESKTOP });
    });
    test(`${path} at mobile width`, async () => {
      await audit(path, { viewport: MOBILE });
    });
  }

  test("/van-xuan (a track page with its categories)", async () => {
    await audit("/van-xuan", { viewport: DESKTOP });
  });

  test("/en/bai-du-thi (a coming-soon page)", async () => {
    await audit("/en/bai-du-thi", { viewport: MOBILE });
  });

  // Guards the guard: axe really runs on these pages (despite the strict CSP) and reports.
  test("a planted violation is reported", async () => {
    const { page } = await openPage(browser());
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => {
      const image = document.createElement("img");
      image.src = "/favicon.svg";
      document.querySelector("main")?.append(image);
    });
    const violations = await seriousViolations(page);
    expect(violations.some((text) => text.includes("image-alt"))).toBe(true);
  });

  test("/ with the mobile menu open", async () => {
    await audit("/", { viewport: MOBILE }, async (page) => {
      await page.getByRole("button", { name: "Mở menu" }).click();
      await page.getByRole("region", { name: "Menu" }).waitFor({ state: "visible" });
    });
  });

  test("/ with the criteria dialog and a submenu open", async () => {
    await audit("/", { viewport: DESKTOP }, async (page) => {
      const nav = page.getByRole("navigation", { name: "Điều hướng chính" });
      await nav.getByRole("button", { name: "Hội đồng giám khảo" }).click();
      await nav.getByRole("link", { name: "Giám khảo năm 2024" }).waitFor({ state: "visible" });
      await nav.getByRole("link", { name: "Tiêu chí giải thưởng" }).click();
      await page.getByRole("dialog").waitFor({ state: "visible" });
    });
  });
});
