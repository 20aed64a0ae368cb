import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  MOBILE,
  baseUrl,
  focused,
  openPage,
  useBrowser,
  waitForHydration,
} from "./support/browser";

// Seed §2: on small screens the navigation becomes a hamburger that shows the footer's
// contents; it is a keyboard-operable disclosure (focus in on open, Esc closes, focus back).
const browser = useBrowser();

async function openMobileHome(): Promise<Page> {
  const { page } = await openPage(browser(), { viewport: MOBILE });
  await page.goto("/");
  await waitForHydration(page);
  return page;
}

function hamburger(page: Page) {
  return page.locator(".mobile-menu__toggle");
}

function panel(page: Page) {
  return page.getByRole("region", { name: "Menu", includeHidden: true });
}

const focusIsInPanel = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest(".mobile-menu__panel"));

const focusIsOnHamburger = (page: Page) =>
  page.evaluate(() => document.activeElement?.classList.contains("mobile-menu__toggle") ?? false);

describe("mobile menu (390×844)", () => {
  test("the hamburger replaces the desktop navigation", async () => {
    const page = await openMobileHome();
    expect(await page.getByRole("button", { name: "Mở menu" }).isVisible()).toBe(true);
    expect(await hamburger(page).getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("navigation", { name: "Điều hướng chính" }).isVisible()).toBe(
      false,
    );
    expect(await panel(page).isVisible()).toBe(false);
    // Shut, the panel is empty: its copy of the footer is drawn on opening, not sent with every page.
    expect(await page.locator(".mobile-menu__panel > *").count()).toBe(0);
    // The icon is drawn by the stylesheet's .icon rule: a line in the text colour, not a fill.
    const drawn = await page.locator(".mobile-menu__toggle svg.icon").evaluate((svg) => {
      const style = getComputedStyle(svg);
      return {
        fill: style.fill,
        stroke: style.stroke,
        color: style.color,
        width: style.strokeWidth,
      };
    });
    expect(drawn.fill).toBe("none");
    expect(drawn.stroke).toBe(drawn.color);
    expect(drawn.width).toBe("2px");
    // The drawings come from the cached icon sprite (`<use>`), the logos in the header and
    // the footer too: each has a size once drawn.
    const drawnSize = (selector: string) =>
      page.locator(selector).evaluate((use) => {
        const box = (use as SVGGraphicsElement).getBBox();
        return box.width > 0 && box.height > 0;
      });
    await expect.poll(() => drawnSize(".mobile-menu__toggle svg.icon use")).toBe(true);
    expect(await drawnSize(".site-header__logo use")).toBe(true);
    expect(await drawnSize(".site-footer__logo use")).toBe(true);
  });

  test("keyboard: Tab to the hamburger, Enter opens with focus inside, Escape closes and returns focus", async () => {
    const page = await openMobileHome();

    // Reach it the way a keyboard user does, from the start of the page.
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await focusIsOnHamburger(page);
    }
    expect(reached, "the hamburger is reachable with Tab").toBe(true);

    await page.keyboard.press("Enter");
    await panel(page).waitFor({ state: "visible" });
    expect(await hamburger(page).getAttribute("aria-expanded")).toBe("true");
    expect(await hamburger(page).getAttribute("aria-label")).toBe("Đóng menu");
    expect(await focusIsInPanel(page)).toBe(true);

    // The panel shows the footer's contents.
    const menu = panel(page);
    expect(await menu.getByRole("link", { name: "Thư viện" }).getAttribute("href")).toBe(
      "/bai-du-thi",
    );
    expect(await menu.getByRole("link", { name: "Tin tức - Sự kiện" }).isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "Tiêu chí giải thưởng" }).isVisible()).toBe(true);
    expect(
      await menu.getByRole("link", { name: "lienhe@vanxuan-awards.example" }).getAttribute("href"),
    ).toBe("mailto:lienhe@vanxuan-awards.example");
    expect(await menu.getByRole("link", { name: "Facebook" }).isVisible()).toBe(true);
    // A phone's header has no room for them: signing in and the other language are here.
    expect(await menu.getByRole("link", { name: "Đăng nhập" }).getAttribute("href")).toBe(
      "/dang-nhap",
    );
    // The choice travels in the link, so it is saved without JavaScript too.
    expect(await menu.getByRole("link", { name: "Chuyển sang English" }).getAttribute("href")).toBe(
      "/en?lang=en",
    );
    expect(await page.locator(".site-header__actions > .language-switcher").isVisible()).toBe(
      false,
    );

    await page.keyboard.press("Escape");
    await panel(page).waitFor({ state: "hidden" });
    expect(await hamburger(page).getAttribute("aria-expanded")).toBe("false");
    expect(await hamburger(page).getAttribute("aria-label")).toBe("Mở menu");
    expect(await focusIsOnHamburger(page)).toBe(true);
  });

  test("on a tablet the header keeps sign-in and languages; opening still focuses the panel", async () => {
    const { page } = await openPage(browser(), { viewport: { width: 768, height: 1024 } });
    await page.goto("/");
    await waitForHydration(page);
    const header = page.locator(".site-header__actions");
    expect(await header.getByRole("link", { name: "Đăng nhập" }).isVisible()).toBe(true);
    expect(await header.getByRole("link", { name: "Chuyển sang English" }).isVisible()).toBe(true);
    await hamburger(page).focus();
    await page.keyboard.press("Enter");
    await panel(page).waitFor({ state: "visible" });
    expect(await focused(page)).toMatchObject({ tag: "a", text: "Giới thiệu giải thưởng" });
    expect(await panel(page).getByRole("link", { name: "Đăng nhập" }).count()).toBe(0);
  });

  test("marks the page the visitor is on, as the header's menu does", async () => {
    const { page } = await openPage(browser(), { viewport: MOBILE });
    const current = async (path: string) => {
      await page.goto(path);
      await waitForHydration(page);
      await hamburger(page).click();
      await panel(page).waitFor({ state: "visible" });
      return panel(page)
        .locator('a[aria-current="page"]')
        .evaluateAll((links) => links.map((a) => a.textContent));
    };
    expect(await current("/bai-du-thi")).toEqual(["Thư viện"]);
    // Shown differently from the other links, the way the header shows its current item.
    const background = (name: string) =>
      panel(page)
        .getByRole("link", { name, exact: true })
        .evaluate((a) => getComputedStyle(a).backgroundColor);
    await page.mouse.move(5, 5);
    expect(await background("Thư viện")).not.toBe(await background("Tin tức - Sự kiện"));
    expect(await current("/chuyen-gia-dong-hanh?year=2024")).toEqual(["Hội đồng giám khảo"]);
    expect(await current("/en/van-xuan-classic")).toEqual(["Van Xuan Classic"]);
    expect(await current("/")).toEqual([]);
  });

  test("keyboard: Space opens, Enter on the button closes", async () => {
    const page = await openMobileHome();
    await hamburger(page).focus();
    await page.keyboard.press("Space");
    await panel(page).waitFor({ state: "visible" });
    expect(await hamburger(page).getAttribute("aria-expanded")).toBe("true");
    expect(await focusIsInPanel(page)).toBe(true);

    // Back from the first item of the panel to the button, which stays open meanwhile.
    await page.keyboard.press("Shift+Tab");
    expect(await focusIsOnHamburger(page)).toBe(true);
    expect(await panel(page).isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await panel(page).waitFor({ state: "hidden" });
    expect(await hamburger(page).getAttribute("aria-expanded")).toBe("false");
    expect(await focusIsOnHamburger(page)).toBe(true);
  });

  test("following a link in the menu navigates and closes it", async () => {
    const page = await openMobileHome();
    await hamburger(page).click();
    await panel(page).waitFor({ state: "visible" });
    await panel(page).getByRole("link", { name: "Thư viện" }).click();
    await page.waitForURL(`${baseUrl()}/bai-du-thi`);
    await page.getByRole("heading", { level: 1, name: "Thư viện bài dự thi" }).waitFor();
    await panel(page).waitFor({ state: "hidden" });
    expect(await hamburger(page).getAttribute("aria-expanded")).toBe("false");
  });

  test("the criteria link in the menu closes the menu and opens the criteria dialog", async () => {
    const page = await openMobileHome();
    await hamburger(page).click();
    await panel(page).getByRole("link", { name: "Tiêu chí giải thưởng" }).click();
    await page.getByRole("dialog").waitFor({ state: "visible" });
    expect(await panel(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
  });

  // The button that opened the dialog is hidden with the panel: focus comes back to the hamburger.
  test("closing the criteria dialog opened from the menu returns focus to the hamburger", async () => {
    const page = await openMobileHome();
    await hamburger(page).click();
    await panel(page).getByRole("link", { name: "Tiêu chí giải thưởng" }).click();
    await page.getByRole("dialog").waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await focused(page)).toMatchObject({ tag: "button", label: "Mở menu" });
  });
});
