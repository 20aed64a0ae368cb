import type { Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import { baseUrl, MOBILE, openPage, useBrowser, waitForHydration } from "./support/browser";
import { setSubmissionWindow } from "./support/db";

// Server-rendered HTML must be a complete page on its own (PRODUCT §6: first paint and link
// previews work without JavaScript), so these pages are loaded with JavaScript turned off.
const browser = useBrowser();

const CONTACT_EMAIL = "lienhe@vanxuan-awards.example";

async function hrefOf(page: Page, selector: string): Promise<string | null> {
  return page.locator(selector).first().getAttribute("href");
}

async function headLinks(page: Page) {
  return page.evaluate(() => ({
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    alternates: Object.fromEntries(
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
        link.getAttribute("hreflang"),
        link.getAttribute("href"),
      ]),
    ),
  }));
}

describe("the home page without JavaScript", () => {
  test("Vietnamese: html lang, header navigation, award categories and footer", async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${baseUrl()}/`);
    expect(await response?.text()).toMatch(/^<!DOCTYPE html><html lang="vi"[ >]/);
    expect(await page.evaluate(() => document.scripts.length)).toBeGreaterThan(0);

    const nav = page.getByRole("navigation", { name: "Điều hướng chính" });
    expect(await nav.isVisible()).toBe(true);
    const link = (name: string) => nav.getByRole("link", { name, exact: true });
    expect(await link("Trang chủ").getAttribute("href")).toBe("/");
    expect(await link("Giới thiệu giải thưởng").getAttribute("href")).toBe(
      "/gioi-thieu-giai-thuong",
    );
    expect(await link("Thư viện").getAttribute("href")).toBe("/bai-du-thi");
    expect(await link("Tin tức - Sự kiện").getAttribute("href")).toBe("/tin-tuc-cuoc-thi");
    for (const name of ["Cơ cấu giải thưởng", "Hội đồng giám khảo", "Danh sách thắng giải"]) {
      expect(await nav.getByRole("button", { name }).count()).toBe(1);
    }

    // Submenu links are in the HTML (hidden until opened).
    const submenuLinks = await nav
      .locator(".submenu a")
      .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute("href")]));
    expect(submenuLinks).toEqual([
      ["Vạn Xuân", "/van-xuan"],
      ["Vạn Xuân Classic", "/van-xuan-classic"],
      ["Vạn Xuân Stars", "/van-xuan-stars"],
      ["Giám khảo năm 2025", "/chuyen-gia-dong-hanh?year=2025"],
      ["Giám khảo năm 2024", "/chuyen-gia-dong-hanh?year=2024"],
      ["Giám khảo năm 2023", "/chuyen-gia-dong-hanh?year=2023"],
      ["Thắng giải năm 2025", "/danh-sach-thang-giai?year=2025"],
      ["Thắng giải năm 2024", "/danh-sach-thang-giai?year=2024"],
      ["Thắng giải năm 2023", "/danh-sach-thang-giai?year=2023"],
    ]);

    // The language switcher and the submit button are server-rendered too; the switcher's
    // link carries the choice, which the server saves before it drops the parameter.
    const languages = page.getByRole("navigation", { name: "Ngôn ngữ" });
    expect(
      await languages.getByRole("link", { name: "Chuyển sang English" }).getAttribute("href"),
    ).toBe("/en?lang=en");
    expect(await page.getByRole("button", { name: "Nộp bài dự thi" }).count()).toBe(1);

    // Home: the award-category section with one card per track.
    const categories = page.getByRole("region", { name: "Hạng mục giải thưởng" });
    expect(await categories.getByRole("heading", { level: 2 }).textContent()).toBe(
      "Hạng mục giải thưởng",
    );
    const cards = await categories
      .locator(".track-card")
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector("h3")?.textContent,
          item.querySelector("a")?.getAttribute("href"),
        ]),
      );
    expect(cards).toEqual([
      ["Vạn Xuân", "/van-xuan"],
      ["Vạn Xuân Classic", "/van-xuan-classic"],
      ["Vạn Xuân Stars", "/van-xuan-stars"],
    ]);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Giải thưởng Sáng tạo Quảng cáo Vạn Xuân 2026",
    );

    // Footer: contact email and the copyright line.
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: CONTACT_EMAIL }).getAttribute("href")).toBe(
      `mailto:${CONTACT_EMAIL}`,
    );
    const year = new Date().getUTCFullYear();
    expect(await footer.locator(".site-footer__copyright").textContent()).toBe(
      `© ${year} Ban Tổ chức Giải thưởng Sáng tạo Quảng cáo Vạn Xuân. Bảo lưu mọi quyền.`,
    );
    expect(await hrefOf(page, 'footer a[href="/bai-du-thi"]')).toBe("/bai-du-thi");

    // Head: title, canonical and hreflang alternates.
    expect(await page.title()).toBe("Giải thưởng Sáng tạo Quảng cáo Vạn Xuân");
    expect(await headLinks(page)).toEqual({
      canonical: `${baseUrl()}/`,
      alternates: { vi: `${baseUrl()}/`, en: `${baseUrl()}/en`, "x-default": `${baseUrl()}/` },
    });
  });

  test("English at /en: html lang, English texts, canonical and hreflang", async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    const response = await page.goto("/en");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${baseUrl()}/en`);
    expect(await page.getAttribute("html", "lang")).toBe("en");

    const nav = page.getByRole("navigation", { name: "Main navigation" });
    expect(await nav.getByRole("link", { name: "About the awards" }).getAttribute("href")).toBe(
      "/en/gioi-thieu-giai-thuong",
    );
    expect(await nav.getByRole("link", { name: "Library" }).getAttribute("href")).toBe(
      "/en/bai-du-thi",
    );
    expect(await nav.getByRole("link", { name: "News & events" }).getAttribute("href")).toBe(
      "/en/tin-tuc-cuoc-thi",
    );
    expect(
      await nav.locator('.submenu a[href="/en/chuyen-gia-dong-hanh?year=2025"]').textContent(),
    ).toBe("2025 judges");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Van Xuan Creative Advertising Awards 2026",
    );
    const categories = page.getByRole("region", { name: "Award categories" });
    expect(
      await categories
        .locator(".track-card a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
    ).toEqual(["/en/van-xuan", "/en/van-xuan-classic", "/en/van-xuan-stars"]);
    expect(
      await page.getByRole("contentinfo").locator(".site-footer__copyright").textContent(),
    ).toContain(
      "Organising Committee of the Van Xuan Creative Advertising Awards. All rights reserved.",
    );
    expect(await page.title()).toBe("Van Xuan Creative Advertising Awards");
    expect(await headLinks(page)).toEqual({
      canonical: `${baseUrl()}/en`,
      alternates: { vi: `${baseUrl()}/`, en: `${baseUrl()}/en`, "x-default": `${baseUrl()}/` },
    });
  });

  test("an inner page links its own language alternates", async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    expect((await page.goto("/en/bai-du-thi"))?.status()).toBe(200);
    expect(await headLinks(page)).toEqual({
      canonical: `${baseUrl()}/en/bai-du-thi`,
      alternates: {
        vi: `${baseUrl()}/bai-du-thi`,
        en: `${baseUrl()}/en/bai-du-thi`,
        "x-default": `${baseUrl()}/bai-du-thi`,
      },
    });
  });

  test("submenus still open on hover and keyboard focus before any script runs", async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/");
    const juryLink = page.locator('.submenu a[href="/chuyen-gia-dong-hanh?year=2024"]');
    expect(await juryLink.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Hội đồng giám khảo" }).hover();
    await juryLink.waitFor({ state: "visible", timeout: 2_000 });

    await page.mouse.move(1, 700);
    await juryLink.waitFor({ state: "hidden", timeout: 2_000 });
    await page.getByRole("button", { name: "Danh sách thắng giải" }).focus();
    await page.locator('.submenu a[href="/danh-sach-thang-giai?year=2023"]').waitFor({
      state: "visible",
      timeout: 2_000,
    });
  });

  test("the submit menu opens on hover and keyboard focus too", async () => {
    const day = 86_400_000;
    onTestFinished(
      setSubmissionWindow({
        opensAt: new Date(Date.now() - day).toISOString(),
        closesAt: new Date(Date.now() + 30 * day).toISOString(),
      }),
    );
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/");
    const register = page.getByRole("menuitem", { name: "Đăng ký dự thi" });
    expect(await register.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Nộp bài dự thi" }).hover();
    await register.waitFor({ state: "visible", timeout: 2_000 });
    // The pointer goes down to the item and follows it.
    await register.hover();
    await register.click();
    await page.waitForURL(`${baseUrl()}/dang-ky-du-thi`);

    await page.goto("/");
    await page.mouse.move(1, 700);
    await page.getByRole("button", { name: "Nộp bài dự thi" }).focus();
    await register.waitFor({ state: "visible", timeout: 2_000 });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Đăng ký dự thi");
    expect(await page.getByRole("menuitem", { name: "Nộp bài" }).isVisible()).toBe(true);
  });

  test("the award criteria are a link to the season's criteria document, in the header and footer", async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto("/");
    const header = page.getByRole("navigation", { name: "Điều hướng chính" });
    const criteria = header.getByRole("link", { name: "Tiêu chí giải thưởng" });
    const href = await criteria.getAttribute("href");
    expect(href).toMatch(/^\/pdf\?file=%2F/);
    expect(
      await page
        .getByRole("contentinfo")
        .getByRole("link", { name: "Tiêu chí giải thưởng" })
        .getAttribute("href"),
    ).toBe(href);
    await criteria.click();
    await page.waitForURL(`${baseUrl()}${href}`);
    expect(await page.title()).toMatch(/^Tiêu chí chấm giải.* 2026 \| /);
  });

  test("on a phone the hamburger leads to the footer's links, languages and sign-in", async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false, viewport: MOBILE });
    await page.goto("/");
    expect(await page.getByRole("navigation", { name: "Điều hướng chính" }).isVisible()).toBe(
      false,
    );
    expect(await page.getByRole("button", { name: "Mở menu" }).count()).toBe(0);
    await page.getByRole("link", { name: "Mở menu" }).click();
    await page.waitForURL(`${baseUrl()}/#site-footer`);
    const footer = page.getByRole("contentinfo");
    for (const target of [
      footer.getByRole("link", { name: "Thư viện" }),
      footer.getByRole("link", { name: "Tiêu chí giải thưởng" }),
      footer.getByRole("link", { name: "Đăng nhập" }),
      footer.getByRole("link", { name: "Chuyển sang English" }),
    ]) {
      expect(await target.isVisible()).toBe(true);
      await expect
        .poll(() => target.evaluate((el) => el.getBoundingClientRect().top >= 0))
        .toBe(true);
    }
    // One language switcher and one sign-in link to be found: the header's are hidden here.
    expect(await page.getByRole("navigation", { name: "Ngôn ngữ" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Đăng nhập" }).count()).toBe(1);
  });
});

describe("the same page with JavaScript", () => {
  for (const viewport of [MOBILE, { width: 1280, height: 800 }]) {
    test(`at ${viewport.width} px keeps its menus' buttons and leaves the footer as it was`, async () => {
      const { page, problems } = await openPage(browser(), { viewport });
      await page.goto("/", { waitUntil: "networkidle" });
      await page.mouse.move(20, 20);
      await waitForHydration(page);
      expect(await page.getByRole("link", { name: "Mở menu" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Mở menu" }).isVisible()).toBe(
        viewport.width < 1024,
      );
      expect(await page.locator(".site-footer__chrome").count()).toBe(0);
      expect(await page.getByRole("contentinfo").innerText()).not.toContain("<");
      // Hovering the submit button opens nothing once hydrated: it opens on a click.
      await page.getByRole("button", { name: "Nộp bài dự thi" }).hover();
      expect(await page.getByRole("menu").count()).toBe(0);
      expect(problems.hydration).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
    });
  }
});
