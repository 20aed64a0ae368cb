import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { baseUrl, focused, openPage, useBrowser, waitForHydration } from "./support/browser";

// The header's submenus follow the disclosure pattern: a button with aria-expanded, arrow
// keys between its links, Esc closes and gives focus back to the button.
const browser = useBrowser();

async function openDesktopHome(): Promise<Page> {
  const { page } = await openPage(browser());
  await page.goto("/");
  // Before hydration CSS opens submenus on focus; the journeys below are the scripted ones.
  await waitForHydration(page);
  return page;
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Điều hướng chính" });
const prizeButton = (page: Page) => nav(page).getByRole("button", { name: "Cơ cấu giải thưởng" });
const prizeList = (page: Page) =>
  nav(page)
    .locator(".nav-item--has-submenu")
    .filter({ has: page.getByRole("button", { name: "Cơ cấu giải thưởng" }) })
    .locator(".submenu");

async function focusedLink(page: Page): Promise<string | null> {
  return page.evaluate(() =>
    document.activeElement instanceof HTMLAnchorElement
      ? document.activeElement.getAttribute("href")
      : null,
  );
}

describe("desktop header menus by keyboard", () => {
  test("Enter opens the prize-structure menu, arrows move between its links, Escape closes", async () => {
    const page = await openDesktopHome();
    const button = prizeButton(page);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await prizeList(page).isVisible()).toBe(false);

    await button.focus();
    await page.keyboard.press("Enter");
    await prizeList(page).waitFor({ state: "visible" });
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    const controls = await button.getAttribute("aria-controls");
    expect(await prizeList(page).getAttribute("id")).toBe(controls);
    const links = await prizeList(page)
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(links).toEqual([
      ["Vạn Xuân", "/van-xuan"],
      ["Vạn Xuân Classic", "/van-xuan-classic"],
      ["Vạn Xuân Stars", "/van-xuan-stars"],
    ]);

    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedLink(page)).toBe("/van-xuan");
    await page.keyboard.press("ArrowDown");
    expect(await focusedLink(page)).toBe("/van-xuan-classic");
    await page.keyboard.press("ArrowDown");
    expect(await focusedLink(page)).toBe("/van-xuan-stars");
    await page.keyboard.press("ArrowDown");
    expect(await focusedLink(page)).toBe("/van-xuan");
    await page.keyboard.press("ArrowUp");
    expect(await focusedLink(page)).toBe("/van-xuan-stars");
    await page.keyboard.press("Home");
    expect(await focusedLink(page)).toBe("/van-xuan");
    await page.keyboard.press("End");
    expect(await focusedLink(page)).toBe("/van-xuan-stars");
    // Arrow keys move focus, not the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.keyboard.press("Escape");
    await prizeList(page).waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await focused(page)).toMatchObject({ tag: "button", text: "Cơ cấu giải thưởng" });
  });

  test("Enter on a submenu link navigates and the menu closes", async () => {
    const page = await openDesktopHome();
    const juryButton = nav(page).getByRole("button", { name: "Hội đồng giám khảo" });
    await juryButton.focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedLink(page)).toBe("/chuyen-gia-dong-hanh?year=2025");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl()}/chuyen-gia-dong-hanh?year=2024`);
    await page.getByRole("heading", { level: 1, name: "Hội đồng giám khảo năm 2024" }).waitFor();
    expect(await juryButton.getAttribute("aria-expanded")).toBe("false");
    // The current year is marked in the menu.
    expect(
      await nav(page)
        .locator('a[href="/chuyen-gia-dong-hanh?year=2024"]')
        .getAttribute("aria-current"),
    ).toBe("page");
  });

  test("a link at the foot of a long page opens the next page at its top at once, not scrolling up through it", async () => {
    const page = await openDesktopHome();
    const news = page.locator('.site-footer a[href="/tin-tuc-cuoc-thi"]');
    await news.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await news.click();
    await page.waitForURL(`${baseUrl()}/tin-tuc-cuoc-thi`);
    await page.getByRole("heading", { level: 1, name: "Tin tức - Sự kiện" }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the year a jury or winners page shows is marked in its submenu, also at the bare address", async () => {
    const { page } = await openPage(browser());
    const marked = async (path: string) => {
      await page.goto(path);
      return page
        .locator('.main-nav .submenu a[aria-current="page"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    };
    // The bare address shows the latest year.
    expect(await marked("/chuyen-gia-dong-hanh")).toEqual(["/chuyen-gia-dong-hanh?year=2025"]);
    expect(await marked("/danh-sach-thang-giai")).toEqual(["/danh-sach-thang-giai?year=2025"]);
    expect(await marked("/en/chuyen-gia-dong-hanh")).toEqual([
      "/en/chuyen-gia-dong-hanh?year=2025",
    ]);
    // Filters after the year: still that year's page.
    expect(await marked("/danh-sach-thang-giai?year=2023&category=TVC")).toEqual([
      "/danh-sach-thang-giai?year=2023",
    ]);
    expect(await marked("/chuyen-gia-dong-hanh?year=2024")).toEqual([
      "/chuyen-gia-dong-hanh?year=2024",
    ]);
    // Elsewhere, no year.
    expect(await marked("/bai-du-thi")).toEqual([]);
  });

  test("moving focus or clicking elsewhere closes an open menu; only one is open at a time", async () => {
    const page = await openDesktopHome();
    const button = prizeButton(page);
    await button.click();
    await prizeList(page).waitFor({ state: "visible" });

    const winners = nav(page).getByRole("button", { name: "Danh sách thắng giải" });
    await winners.click();
    await prizeList(page).waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await winners.getAttribute("aria-expanded")).toBe("true");

    await page.mouse.click(640, 600);
    await expect.poll(() => winners.getAttribute("aria-expanded")).toBe("false");

    await button.click();
    await prizeList(page).waitFor({ state: "visible" });
    // Tab past the last link of the menu: focus leaves it, so it closes.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await prizeList(page).waitFor({ state: "hidden" });
  });

  test("the menu holding the current page shows it, as the plain links do for theirs", async () => {
    const { page } = await openPage(browser());
    // The background of a menu entry, as the visitor sees it (the mouse kept away).
    const look = (name: string) =>
      page
        .locator(".main-nav")
        .getByRole(name === "Thư viện" || name === "Library" ? "link" : "button", { name })
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const marked = async (path: string, here: string, elsewhere: string) => {
      await page.goto(path);
      await page.mouse.move(640, 700);
      expect(await look(here), `${here} on ${path}`).not.toBe(await look(elsewhere));
    };
    // The library's own link, marked on its page: the look the menus should have on theirs.
    await page.goto("/bai-du-thi");
    await page.mouse.move(640, 700);
    const current = await look("Thư viện");
    const plain = await look("Cơ cấu giải thưởng");
    expect(current).not.toBe(plain);

    await marked("/danh-sach-thang-giai?year=2024", "Danh sách thắng giải", "Hội đồng giám khảo");
    expect(await look("Danh sách thắng giải")).toBe(current);
    await marked("/chuyen-gia-dong-hanh", "Hội đồng giám khảo", "Danh sách thắng giải");
    await marked("/van-xuan-classic", "Cơ cấu giải thưởng", "Hội đồng giám khảo");
    await marked("/en/chuyen-gia-dong-hanh?year=2023", "Judging panel", "Winners");
    // Elsewhere, none of them.
    await page.goto("/bai-du-thi");
    expect(await look("Danh sách thắng giải")).toBe(plain);
  });
});
