import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { baseUrl, openPage, useBrowser, waitForHydration } from "./support/browser";

// Seed §2's route table, in both languages: every route renders a real page in the public
// chrome, the track pages list their categories, the bare /pdf page has no chrome, and each
// route's code loads only when it is visited. (The library's pages: e2e/library.test.ts.)
const browser = useBrowser();

const SITE = {
  vi: "Giải thưởng Sáng tạo Quảng cáo Vạn Xuân",
  en: "Van Xuan Creative Advertising Awards",
};
const COMING_SOON = { vi: "Sắp ra mắt", en: "Coming soon" };

const TRACKS: [string, { vi: string[]; en: string[] }][] = [
  [
    "/van-xuan",
    {
      vi: ["Giải Vạn Xuân", "Truyền hình", "Trực tuyến", "Quảng cáo ngoài trời", "Giải thưởng lớn"],
      en: ["Van Xuan Award", "Television", "Online", "Outdoor advertising", "Grand Prix"],
    },
  ],
  [
    "/van-xuan-classic",
    {
      vi: ["Giải Vạn Xuân Classic", "Doanh nghiệp", "Công ty quảng cáo của năm"],
      en: ["Van Xuan Classic Award", "Company", "Agency of the year"],
    },
  ],
  [
    "/van-xuan-stars",
    {
      vi: ["Giải Vạn Xuân Stars", "Tài năng", "Tài năng sáng tạo trẻ", "Đại sứ thương hiệu"],
      en: ["Van Xuan Stars Award", "Talents", "Young creative talent", "Brand ambassadors"],
    },
  ],
];

const LANGS = ["vi", "en"] as const;
const localized = (path: string, lang: "vi" | "en") => (lang === "en" ? `/en${path}` : path);

async function load(
  path: string,
): Promise<{ page: Page; problems: { hydration: string[]; pageErrors: string[] } }> {
  const { page, problems } = await openPage(browser());
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(page.url(), "no redirect").toBe(`${baseUrl()}${path}`);
  await waitForHydration(page);
  return { page, problems };
}

async function expectChrome(page: Page): Promise<void> {
  expect(await page.getByRole("banner").isVisible()).toBe(true);
  expect(await page.getByRole("contentinfo").isVisible()).toBe(true);
  expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
}

describe("every seed route, in both languages", () => {
  for (const lang of LANGS) {
    test(`${localized("/nop-bai-du-thi", lang)} sends a visitor to sign in and back`, async () => {
      const { page } = await openPage(browser());
      await page.goto(localized("/nop-bai-du-thi", lang));
      await page.waitForURL((u) => u.pathname === localized("/dang-nhap", lang));
      expect(new URL(page.url()).searchParams.get("next")).toBe(localized("/nop-bai-du-thi", lang));
    });

    for (const [seedPath, texts] of TRACKS) {
      const path = localized(seedPath, lang);
      test(`${path} lists the track's groups and categories`, async () => {
        const { page, problems } = await load(path);
        await expectChrome(page);
        const [title, ...names] = texts[lang];
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
        expect(await page.title()).toBe(`${title} | ${SITE[lang]}`);
        const headings = await page.locator("main h2, main h3").allTextContents();
        for (const name of names) expect(headings, name).toContain(name);
        expect(await page.getByText(COMING_SOON[lang]).count()).toBe(0);
        expect(problems.hydration).toEqual([]);
        expect(problems.pageErrors).toEqual([]);
      });
    }

    test(`${localized("/pdf", lang)} is the bare document page, without header or footer`, async () => {
      const { page } = await openPage(browser());
      const path = localized("/pdf", lang);
      // Not one of our published documents: the bare page refuses it.
      const response = await page.goto(`${path}?file=/criteria.pdf`);
      expect(response?.status()).toBe(400);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      expect(await page.locator(".site-header").count()).toBe(0);
      expect(await page.getByRole("banner").count()).toBe(0);
      expect(await page.getByRole("contentinfo").count()).toBe(0);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
        lang === "en" ? "Document viewer" : "Xem tài liệu",
      );
      expect(await page.getByRole("alert").textContent()).toContain(
        lang === "en" ? "This document cannot be opened" : "Không mở được tài liệu này",
      );
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    });
  }

  test("the track pages show fees and eligibility in the page's locale", async () => {
    let { page } = await load("/van-xuan");
    let campaigns = page.locator(".category-card").filter({ hasText: "Chiến dịch" }).first();
    expect(await campaigns.textContent()).toMatch(/3\.000\.000\s₫/);
    expect(await campaigns.textContent()).toContain("Chỉ doanh nghiệp");
    expect(await campaigns.textContent()).toContain("Bắt buộc có video");

    ({ page } = await load("/en/van-xuan"));
    campaigns = page.locator(".category-card").filter({ hasText: "Campaigns" }).first();
    expect(await campaigns.textContent()).toContain("₫3,000,000");
    expect(await campaigns.textContent()).toContain("Companies only");
  });
});

describe("code splitting", () => {
  const ROUTE_MODULES = [
    "award-introduction",
    "entry-detail",
    "jury",
    "library",
    "news",
    "news-article",
    "payment",
    "pdf",
    "registration",
    "submit-entry",
    "track",
    "unknown-path",
    "winners",
    "chat-panel",
  ];
  const chunk = (name: string) => new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`);

  test("the home page loads only its own route module; others load on navigation", async () => {
    const { page } = await openPage(browser());
    const assets: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/assets/")) assets.push(pathname);
    });
    const loaded = (name: string) => assets.some((asset) => chunk(name).test(asset));

    await page.goto("/", { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(loaded("home"), `home chunk among ${assets.join(", ")}`).toBe(true);
    expect(loaded("public-layout")).toBe(true);
    for (const name of ROUTE_MODULES) expect(loaded(name), `${name} on /`).toBe(false);

    await page.getByRole("link", { name: "Xem chi tiết Vạn Xuân Classic" }).click();
    await page.waitForURL(`${baseUrl()}/van-xuan-classic`);
    await page.getByRole("heading", { level: 1, name: "Giải Vạn Xuân Classic" }).waitFor();
    expect(loaded("track")).toBe(true);
    expect(loaded("registration")).toBe(false);

    await page
      .getByRole("navigation", { name: "Điều hướng chính" })
      .getByRole("link", { name: "Thư viện" })
      .click();
    await page.waitForURL(`${baseUrl()}/bai-du-thi`);
    await page.getByRole("heading", { level: 1, name: "Thư viện bài dự thi" }).waitFor();
    expect(loaded("library")).toBe(true);
    for (const name of ["registration", "payment", "pdf", "winners", "chat-panel"]) {
      expect(loaded(name), `${name} after visiting the library`).toBe(false);
    }
  });

  // The home page's budget (bench/home-vs-static measures it with its throughput): every page
  // repeats the chrome and the scripts' manifest, so growth there shows here first.
  test("the home page's HTML stays under 30,000 bytes in both languages", async () => {
    for (const path of ["/", "/en"]) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status).toBe(200);
      const bytes = Buffer.byteLength(await response.text());
      expect(bytes, `${path} is ${bytes} bytes`).toBeLessThan(30_000);
    }
  });
});
