import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, onTestFinished, test } from "vitest";
import { formatDate } from "../core/dates";
import { blocksToText, type Block } from "../core/rich-text";
import { seriousViolations } from "./support/axe";
import {
  baseUrl,
  DESKTOP,
  MOBILE,
  openPage,
  useBrowser,
  waitForHydration,
} from "./support/browser";
import { CURRENT_SEASON, setLateDeadline, setSubmissionWindow, withDatabase } from "./support/db";

// The public content pages on the demo content: jury by year, winners filtered by
// categories and paged with the state in the URL, news list → article with its Open Graph
// tags in both languages, the crawler files, and axe on each page type.
const browser = useBrowser();

const LATEST = {
  vi: {
    title: "Gặp gỡ giám khảo: sáng tạo bắt đầu từ sự thấu hiểu",
    slug: "gap-go-giam-khao-sang-tao-bat-dau-tu-su-thau-hieu",
  },
  en: {
    title: "Meet the jurors: creativity starts with understanding",
    slug: "meet-the-jurors-creativity-starts-with-understanding",
  },
};

async function open(path: string, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser(), options);
  const response = await opened.page.goto(path);
  expect(response?.status(), path).toBe(200);
  if (options.javaScriptEnabled !== false) await waitForHydration(opened.page);
  return opened;
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();
const meta = (page: Page, selector: string) =>
  page.locator(selector).first().getAttribute("content");

describe("jury", () => {
  test("shows the latest year, switches years, and drops an unknown year", async () => {
    const { page, problems } = await open("/chuyen-gia-dong-hanh");
    expect(await h1(page)).toBe("Hội đồng giám khảo năm 2025");
    const cards = page.locator(".jury-card");
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    expect(await cards.first().textContent()).toContain("Chủ tịch hội đồng");
    expect(await cards.first().getByRole("img").getAttribute("width")).toBe("160");

    const switcher = page.getByRole("navigation", { name: "Chọn năm" });
    expect(await switcher.getByRole("link").allTextContents()).toEqual(["2025", "2024", "2023"]);
    await switcher.getByRole("link", { name: "2024" }).click();
    await page.waitForURL(`${baseUrl()}/chuyen-gia-dong-hanh?year=2024`);
    await page.getByRole("heading", { level: 1, name: "Hội đồng giám khảo năm 2024" }).waitFor();
    expect(await cards.first().getByRole("heading").textContent()).toBe("Phan Anh Tuấn");
    expect(await switcher.locator('[aria-current="page"]').textContent()).toBe("2024");
    expect(problems.pageErrors).toEqual([]);

    await page.goto("/chuyen-gia-dong-hanh?year=1999");
    expect(page.url()).toBe(`${baseUrl()}/chuyen-gia-dong-hanh`);
    expect(await h1(page)).toBe("Hội đồng giám khảo năm 2025");
  });

  test("in English, with the year in the title", async () => {
    const { page } = await open("/en/chuyen-gia-dong-hanh?year=2023");
    expect(await page.title()).toBe("2023 judging panel | Van Xuan Creative Advertising Awards");
    expect(await page.locator(".jury-card").first().textContent()).toContain("Jury chair");
  });
});

describe("winners", () => {
  const TV_CAMPAIGNS = "Truyền hình – Chiến dịch";
  const TV_WORKS = "Truyền hình – Tác phẩm sáng tạo";

  test("filters by two categories, pages, and keeps the state in the URL across a reload", async () => {
    const { page, problems } = await open("/danh-sach-thang-giai?year=2023");
    expect(await h1(page)).toBe("Danh sách thắng giải năm 2023");
    expect(await page.locator(".winners-total").textContent()).toBe("Tổng số: 26 giải thưởng");

    await page.getByLabel(TV_CAMPAIGNS, { exact: true }).check();
    await page.getByLabel(TV_WORKS, { exact: true }).check();
    await page.getByRole("button", { name: "Áp dụng bộ lọc" }).click();
    await page.waitForURL(/category=TVC&category=TVW/);
    expect(new URL(page.url()).searchParams.get("year")).toBe("2023");
    await expect
      .poll(() => page.locator(".winners-total").textContent())
      .toBe("Tổng số: 10 giải thưởng");
    const categories = () =>
      page
        .locator(".winner-card")
        .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-category")));
    expect(await categories()).toHaveLength(9);
    expect(new Set(await categories())).toEqual(new Set(["TVC", "TVW"]));
    // Each card names its category as the filter does, with its group: "Chiến dịch" alone
    // is also a category of other groups.
    const named = await page.locator('.winner-card[data-category="TVC"] dd').first().textContent();
    expect(named).toBe(TV_CAMPAIGNS);

    const pages = page.getByRole("navigation", { name: "Phân trang" });
    await pages.getByRole("link", { name: "Trang 2" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(async () => (await categories()).length).toBe(1);
    expect(await pages.locator('[aria-current="page"]').textContent()).toBe("2");

    await page.reload();
    await waitForHydration(page);
    const url = new URL(page.url());
    expect(url.searchParams.getAll("category")).toEqual(["TVC", "TVW"]);
    expect(url.searchParams.get("page")).toBe("2");
    expect(await categories()).toHaveLength(1);
    expect(await page.getByLabel(TV_CAMPAIGNS, { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel(TV_WORKS, { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel("Trực tuyến – Chiến dịch", { exact: true }).isChecked()).toBe(
      false,
    );
    expect(problems.hydration).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  });

  test("on a phone, another page opens at the list, below the filter; clearing it too", async () => {
    const { page } = await open(`/danh-sach-thang-giai?year=2023&category=TVC&category=TVW`, {
      viewport: MOBILE,
    });
    const total = page.locator(".winners-total");
    const atTheList = async () => {
      const header = (await page.locator(".site-header").boundingBox())?.height ?? 0;
      await expect
        .poll(async () => (await total.boundingBox())?.y ?? -1)
        .toBeGreaterThanOrEqual(header);
      expect((await total.boundingBox())?.y).toBeLessThan(MOBILE.height / 2);
      expect(await page.evaluate(() => document.activeElement?.className)).toBe("winners-total");
    };
    await page
      .getByRole("navigation", { name: "Phân trang" })
      .getByRole("link", { name: "Trang 2" })
      .click();
    await page.waitForURL(/page=2/);
    await atTheList();

    // The link that drops the filter, gone with it.
    await page.getByRole("link", { name: "Bỏ lọc" }).click();
    await page.waitForURL(`${baseUrl()}/danh-sach-thang-giai?year=2023`);
    await expect.poll(() => total.textContent()).toBe("Tổng số: 26 giải thưởng");
    await atTheList();
  });

  test("the filter is a plain GET form that works without JavaScript", async () => {
    const { page } = await open("/en/danh-sach-thang-giai?year=2024", { javaScriptEnabled: false });
    expect(await h1(page)).toBe("2024 winners");
    await page.getByLabel("Online – Campaigns", { exact: true }).check();
    await page.getByRole("button", { name: "Apply filter" }).click();
    await page.waitForURL(/category=OLC/);
    expect(await page.locator(".winners-total").textContent()).toBe("Total: 2 awards");
  });
});

describe("news", () => {
  for (const lang of ["vi", "en"] as const) {
    const prefix = lang === "en" ? "/en" : "";
    test(`${prefix || "/"} list → article, with the article's Open Graph tags (${lang})`, async () => {
      const { page, problems } = await open(`${prefix}/tin-tuc-cuoc-thi`);
      const cards = page.locator(".news-card");
      expect(await cards.count()).toBe(9);
      expect(await page.locator(".pagination__status").textContent()).toContain(
        lang === "en" ? "Total: 16" : "Tổng số: 16",
      );
      const first = cards.first();
      expect(await first.locator("time").textContent()).toBe("02/09/2026");
      await first.getByRole("link", { name: LATEST[lang].title }).click();
      await page.waitForURL(new RegExp(`/tin-tuc-cuoc-thi/${LATEST[lang].slug}-\\d+$`));
      const path = new URL(page.url()).pathname;
      await page.getByRole("heading", { level: 1, name: LATEST[lang].title }).waitFor();

      // The server-rendered document (what a link preview reads) carries the tags.
      const { page: fresh } = await open(path);
      expect(await meta(fresh, 'meta[property="og:type"]')).toBe("article");
      expect(await meta(fresh, 'meta[property="og:title"]')).toBe(LATEST[lang].title);
      expect(await meta(fresh, 'meta[property="og:url"]')).toBe(`${baseUrl()}${path}`);
      // A raster preview social networks show (they ignore SVG), fetched as a crawler would.
      const id = path.split("-").at(-1);
      const ogImage = `${baseUrl()}/og/tin-tuc/${id}${lang === "en" ? "-en" : ""}.jpg`;
      expect(await meta(fresh, 'meta[property="og:image"]')).toBe(ogImage);
      expect(await meta(fresh, 'meta[name="twitter:image"]')).toBe(ogImage);
      expect(await meta(fresh, 'meta[property="og:image:width"]')).toBe("1200");
      expect(await meta(fresh, 'meta[property="og:image:height"]')).toBe("630");
      expect(await meta(fresh, 'meta[property="og:image:type"]')).toBe("image/jpeg");
      const preview = await fetch(ogImage);
      expect(preview.status).toBe(200);
      expect(preview.headers.get("content-type")).toBe("image/jpeg");
      expect(await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).toMatchObject({
        format: "jpeg",
        width: 1200,
        height: 630,
      });
      expect(await meta(fresh, 'meta[property="og:locale"]')).toBe(
        lang === "en" ? "en_GB" : "vi_VN",
      );
      expect(await fresh.locator('link[rel="canonical"]').getAttribute("href")).toBe(
        `${baseUrl()}${path}`,
      );
      expect(await fresh.locator('link[hreflang="en"]').getAttribute("href")).toBe(
        `${baseUrl()}/en/tin-tuc-cuoc-thi/${LATEST.en.slug}-${id}`,
      );
      expect(await fresh.locator('link[hreflang="vi"]').getAttribute("href")).toBe(
        `${baseUrl()}/tin-tuc-cuoc-thi/${LATEST.vi.slug}-${id}`,
      );
      expect(await fresh.title()).toContain(LATEST[lang].title);
      expect(await fresh.locator(".article__date").textContent()).toContain("02/09/2026");
      const cover = fresh.locator(".article__cover");
      expect(await cover.getAttribute("width")).toBe("800");
      expect(await cover.getAttribute("height")).toBe("450");
      expect(await fresh.locator(".related .news-card").count()).toBe(3);
      const share = fresh.locator(".share-links");
      expect(await share.getByRole("link", { name: /Facebook/ }).getAttribute("href")).toContain(
        encodeURIComponent(`${baseUrl()}${path}`),
      );
      expect(await share.getByRole("link", { name: /LinkedIn/ }).count()).toBe(1);
      expect(await share.getByRole("button").count()).toBe(1);
      expect(problems.pageErrors).toEqual([]);
    });
  }

  test("a wrong slug redirects to the article's own, and page 2 lists the older news", async () => {
    const { page } = await open("/tin-tuc-cuoc-thi/sai-duong-dan-16");
    expect(page.url()).toBe(`${baseUrl()}/tin-tuc-cuoc-thi/${LATEST.vi.slug}-16`);
    await page.goto("/tin-tuc-cuoc-thi?page=2");
    expect(await page.locator(".news-card").count()).toBe(7);
    // An article that does not exist (or is not published) is a 404 page (unknown-paths.test.ts).
    const missing = await page.goto("/en/tin-tuc-cuoc-thi/khong-co-999999");
    expect(missing?.status()).toBe(404);
    expect(page.url()).toBe(`${baseUrl()}/en/tin-tuc-cuoc-thi/khong-co-999999`);
  });
});

describe("content without its own summary or English text", () => {
  /** The server-rendered document, as a crawler or a link preview reads it. */
  async function documentOf(path: string) {
    const response = await fetch(`${baseUrl()}${path}`);
    expect(response.status, path).toBe(200);
    const html = await response.text();
    const content = (name: string) =>
      new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`)
        .exec(html)?.[1]
        ?.replaceAll("&amp;", "&");
    expect(content("og:description"), path).toBe(content("description"));
    return { description: content("description") ?? "" };
  }

  test("an article without a summary is described by the start of its own body", async () => {
    const paragraph =
      "Đêm   trao giải <b>Vạn Xuân</b> 2026 diễn ra tại Nhà hát Lớn Hà Nội với sự tham gia " +
      "của hơn năm trăm khách mời đến từ các công ty quảng cáo, các thương hiệu và các " +
      "trường đại học trên khắp cả nước, cùng hội đồng giám khảo.";
    const body = [
      { type: "heading", text: "Lịch trình" },
      { type: "paragraph", children: [{ type: "text", text: paragraph }] },
    ];
    const stamp = "2020-01-02T03:00:00.000Z";
    const id = withDatabase((db) =>
      Number(
        db
          .prepare(
            `INSERT INTO news_articles (slug_vi, slug_en, title_vi, title_en, summary_vi,
              summary_en, body_vi, body_en, cover_image, status, published_at, created_at,
              updated_at)
             VALUES (?, '', ?, '', '', '', ?, '[]', NULL, 'published', ?, ?, ?)`,
          )
          .run("khong-tom-tat", "Bài không có tóm tắt", JSON.stringify(body), stamp, stamp, stamp)
          .lastInsertRowid,
      ),
    );
    try {
      const full = `Lịch trình ${paragraph.replace("<b>", "").replace("</b>", "")}`.replace(
        /\s+/g,
        " ",
      );
      for (const path of [
        `/tin-tuc-cuoc-thi/khong-tom-tat-${id}`,
        `/en/tin-tuc-cuoc-thi/khong-tom-tat-${id}`,
      ]) {
        const { description } = await documentOf(path);
        // Tags stripped, whitespace collapsed, cut after a whole word.
        expect(description, path).toMatch(/^Lịch trình Đêm trao giải Vạn Xuân 2026 diễn ra/);
        expect(description.length, path).toBeLessThanOrEqual(160);
        expect(description.length, path).toBeGreaterThan(120);
        expect(description.endsWith("…"), path).toBe(true);
        const kept = description.slice(0, -1);
        expect(full.startsWith(kept), path).toBe(true);
        expect(full[kept.length], path).toBe(" ");
      }
    } finally {
      withDatabase((db) => db.prepare("DELETE FROM news_articles WHERE id = ?").run(id));
    }
  });

  test("the introduction and a track page without a summary are described by the start of their text", async () => {
    const keys = ["award-introduction", "track:van-xuan"];
    const restore = withDatabase((db) => {
      const before = db
        .prepare<[], { id: number; summary_vi: string; summary_en: string }>(
          `SELECT id, summary_vi, summary_en FROM content_pages WHERE key IN ('${keys.join("','")}')`,
        )
        .all();
      expect(before).toHaveLength(2);
      db.prepare(
        `UPDATE content_pages SET summary_vi = '', summary_en = '' WHERE key IN ('${keys.join("','")}')`,
      ).run();
      return () =>
        withDatabase((d) => {
          for (const row of before) {
            d.prepare("UPDATE content_pages SET summary_vi = ?, summary_en = ? WHERE id = ?").run(
              row.summary_vi,
              row.summary_en,
              row.id,
            );
          }
        });
    });
    try {
      const bodies = withDatabase((db) =>
        db
          .prepare<[], { key: string; body_vi: string; body_en: string }>(
            `SELECT key, body_vi, body_en FROM content_pages WHERE key IN ('${keys.join("','")}')`,
          )
          .all(),
      );
      for (const [key, path] of [
        ["award-introduction", "/gioi-thieu-giai-thuong"],
        ["track:van-xuan", "/van-xuan"],
      ] as const) {
        const row = bodies.find((b) => b.key === key)!;
        for (const lang of ["vi", "en"] as const) {
          // An English page without an English body shows, and is described by, the Vietnamese one.
          const own = JSON.parse(lang === "en" ? row.body_en : row.body_vi) as Block[];
          const blocks = own.length > 0 ? own : (JSON.parse(row.body_vi) as Block[]);
          const text = blocksToText(blocks).replace(/\s+/g, " ").trim();
          const localized = lang === "en" ? `/en${path}` : path;
          const { description } = await documentOf(localized);
          expect(description.length, localized).toBeGreaterThan(40);
          expect(text.startsWith(description.replace(/…$/, "")), localized).toBe(true);
        }
      }
    } finally {
      restore();
    }
  });

  test("a category an English track page shows in Vietnamese is marked lang=vi", async () => {
    const category = withDatabase((db) =>
      db
        .prepare<[number], { id: number; name_vi: string; name_en: string }>(
          `SELECT c.id, c.name_vi, c.name_en FROM categories c
             JOIN category_groups g ON g.id = c.group_id
             JOIN tracks t ON t.id = g.track_id
             JOIN seasons s ON s.id = t.season_id
           WHERE s.year = ? AND t.slug = 'van-xuan' ORDER BY c.id LIMIT 1`,
        )
        .get(CURRENT_SEASON)!,
    );
    withDatabase((db) =>
      db.prepare("UPDATE categories SET name_en = '' WHERE id = ?").run(category.id),
    );
    try {
      const { page } = await open("/en/van-xuan");
      const card = page.locator(".category-card__title", { hasText: category.name_vi });
      expect(await card.getAttribute("lang")).toBe("vi");
      // A category with its English name needs no mark.
      expect(await page.locator('.category-card__title:not([lang="vi"])').count()).toBeGreaterThan(
        0,
      );
    } finally {
      withDatabase((db) =>
        db
          .prepare("UPDATE categories SET name_en = ? WHERE id = ?")
          .run(category.name_en, category.id),
      );
    }
  });

  test("Vietnamese text an English page falls back to is marked lang=vi", async () => {
    const id = withDatabase((db) =>
      Number(
        db
          .prepare(
            `INSERT INTO news_articles (slug_vi, slug_en, title_vi, title_en, summary_vi,
              summary_en, body_vi, body_en, cover_image, status, published_at, created_at,
              updated_at)
             VALUES ('chi-tieng-viet', '', 'Chỉ có tiếng Việt', '', 'Tóm tắt', '', ?, '[]',
              NULL, 'published', '2020-01-03T03:00:00.000Z', '2020-01-03T03:00:00.000Z',
              '2020-01-03T03:00:00.000Z')`,
          )
          .run(
            JSON.stringify([
              { type: "paragraph", children: [{ type: "text", text: "Nội dung." }] },
            ]),
          ).lastInsertRowid,
      ),
    );
    try {
      const { page } = await open(`/en/tin-tuc-cuoc-thi/chi-tieng-viet-${id}`);
      const heading = page.getByRole("heading", { level: 1 });
      expect(await heading.textContent()).toBe("Chỉ có tiếng Việt");
      expect(await heading.getAttribute("lang")).toBe("vi");
      expect(await page.locator(".article .rich-text").getAttribute("lang")).toBe("vi");
      // The page's own words stay English.
      expect(await page.getAttribute("html", "lang")).toBe("en");
      expect(await page.locator(".article__date").getAttribute("lang")).toBeNull();
      // The Vietnamese page needs no mark.
      const { page: vi } = await open(`/tin-tuc-cuoc-thi/chi-tieng-viet-${id}`);
      expect(await vi.getByRole("heading", { level: 1 }).getAttribute("lang")).toBeNull();
      expect(await vi.locator(".article .rich-text").getAttribute("lang")).toBeNull();
    } finally {
      withDatabase((db) => db.prepare("DELETE FROM news_articles WHERE id = ?").run(id));
    }

    // A page with only Vietnamese text (the introduction), and a demo article with both.
    const restore = withDatabase((db) => {
      const before = db
        .prepare<[], { id: number; title_en: string; summary_en: string; body_en: string }>(
          "SELECT id, title_en, summary_en, body_en FROM content_pages WHERE key = 'award-introduction'",
        )
        .all();
      db.prepare(
        "UPDATE content_pages SET title_en = '', summary_en = '', body_en = '[]' WHERE key = 'award-introduction'",
      ).run();
      return () =>
        withDatabase((d) => {
          for (const row of before) {
            d.prepare(
              "UPDATE content_pages SET title_en = ?, summary_en = ?, body_en = ? WHERE id = ?",
            ).run(row.title_en, row.summary_en, row.body_en, row.id);
          }
        });
    });
    try {
      const { page } = await open("/en/gioi-thieu-giai-thuong");
      const article = page.locator(".article");
      expect(await article.locator(".lead").first().getAttribute("lang")).toBe("vi");
      expect(await article.locator(".lead").nth(1).getAttribute("lang")).toBe("vi");
      expect(await article.locator(".rich-text").getAttribute("lang")).toBe("vi");
    } finally {
      restore();
    }
    const { page } = await open("/en/gioi-thieu-giai-thuong");
    expect(await page.locator(".article [lang]").count()).toBe(0);
    const { page: english } = await open(`/en/tin-tuc-cuoc-thi/${LATEST.en.slug}-16`);
    expect(await english.locator("main [lang]").count()).toBe(0);
  });
});

describe("crawler files", () => {
  test("sitemap.xml lists published news in both languages; robots.txt points at it", async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseUrl()}/tin-tuc-cuoc-thi/${LATEST.vi.slug}-16</loc>`);
    expect(sitemap).toContain(`<loc>${baseUrl()}/en/tin-tuc-cuoc-thi/${LATEST.en.slug}-16</loc>`);
    expect(sitemap).toContain(`<loc>${baseUrl()}/en/chuyen-gia-dong-hanh?year=2023</loc>`);
    expect(sitemap).not.toContain("cong-bo-hoi-dong-giam-khao-nam-2026");
    expect(sitemap).not.toContain("ban-nhap");
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    expect(robots).toContain("Disallow: /quan-tri");
  });

  test("a link's tracking tag or a page past the last stays out of the canonical address", async () => {
    const canonical = async (path: string) => {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      const href = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
      const og = /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];
      expect(og?.replaceAll("&amp;", "&"), path).toBe(href);
      return href?.slice(baseUrl().length);
    };
    expect(await canonical("/chuyen-gia-dong-hanh?year=2024&fbclid=abc")).toBe(
      "/chuyen-gia-dong-hanh?year=2024",
    );
    expect(
      await canonical("/en/danh-sach-thang-giai?year=2023&category=TVC&category=NOPE&utm_source=x"),
    ).toBe("/en/danh-sach-thang-giai?year=2023&category=TVC");
    expect(await canonical("/danh-sach-thang-giai?year=2023&page=99")).toBe(
      "/danh-sach-thang-giai?year=2023&page=3",
    );
    expect(await canonical("/tin-tuc-cuoc-thi?page=999&fbclid=abc")).toBe(
      "/tin-tuc-cuoc-thi?page=2",
    );
  });

  test("the jury, winners and news lists each describe themselves in a link preview", async () => {
    const described = async (path: string) => {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      const content = (name: string) =>
        new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1];
      expect(content("og:description"), path).toBe(content("description"));
      return content("description");
    };
    expect(await described("/chuyen-gia-dong-hanh?year=2024")).toMatch(
      /^Hội đồng giám khảo năm 2024 của Giải thưởng/,
    );
    expect(await described("/en/chuyen-gia-dong-hanh?year=2023")).toMatch(
      /^The 2023 judging panel of/,
    );
    expect(await described("/danh-sach-thang-giai?year=2023")).toMatch(
      /^Các tác phẩm và chiến dịch thắng giải năm 2023/,
    );
    expect(await described("/en/danh-sach-thang-giai?year=2024")).toMatch(
      /^The winning work and campaigns of the 2024/,
    );
    expect(await described("/tin-tuc-cuoc-thi")).toMatch(/^Tin tức và sự kiện của/);
    expect(await described("/en/tin-tuc-cuoc-thi")).toMatch(/^News and events from/);
  });
});

describe("home highlights", () => {
  test("latest news, jury and last year's winners sit below the award categories", async () => {
    const { page } = await open("/");
    const headings = await page.locator("main h2").allTextContents();
    const index = (text: string) => headings.findIndex((h) => h.includes(text));
    expect(index("Hạng mục giải thưởng")).toBeGreaterThanOrEqual(0);
    expect(index("Tin tức mới nhất")).toBeGreaterThan(index("Hạng mục giải thưởng"));
    expect(index("Hội đồng giám khảo 2025")).toBeGreaterThan(index("Tin tức mới nhất"));
    expect(index("Thắng giải năm 2025")).toBeGreaterThan(index("Hội đồng giám khảo 2025"));
    expect(await page.locator(".track-card").count()).toBe(3);
  });
});

describe("home key dates", () => {
  /** Minutes left as the countdown reads them ("40 ngày 3 giờ 25 phút" → 57,805). */
  async function countdownMinutes(page: Page): Promise<number> {
    const parts = await page.locator(".key-dates__countdown-parts > span").allTextContents();
    const [days, hours, minutes] = parts.map((part) => Number(/\d+/.exec(part)?.[0]));
    return (days! * 24 + hours!) * 60 + minutes!;
  }

  test("the season's dates as DD/MM/YYYY and a countdown to the deadline that runs once hydrated", async () => {
    const { page, problems } = await openPage(browser());
    await page.clock.install(); // the browser's clock, under the test's control
    await page.goto("/");
    const section = page.getByRole("region", { name: "Các mốc thời gian" });
    const item = (label: string) => section.locator("li").filter({ hasText: label });
    // The demo season closes registration together with submission: listed just before it.
    expect(await section.locator("li > span:first-child").allTextContents()).toEqual([
      "Mở đăng ký dự thi",
      "Mở cổng nộp bài",
      "Hạn nộp bài ưu đãi sớm",
      "Đóng đăng ký dự thi",
      "Hạn chót nộp bài",
      "Lễ trao giải",
    ]);
    const registrationCloses = withDatabase(
      (db) =>
        db
          .prepare<[number], { at: string }>(
            "SELECT registration_closes_at AS at FROM seasons WHERE year = ?",
          )
          .get(CURRENT_SEASON)!.at,
    );
    expect(await item("Đóng đăng ký dự thi").locator("time").textContent()).toBe(
      formatDate(registrationCloses, "vi"),
    );
    expect(await item("Đóng đăng ký dự thi").locator("time").getAttribute("datetime")).toBe(
      registrationCloses,
    );
    const instants = (
      await section
        .locator("time")
        .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""))
    ).map((iso) => Date.parse(iso));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    // Openings and deadlines are whole days; the ceremony reads with its hour, Vietnam time.
    const dates = await section.locator("time").allTextContents();
    for (const text of dates.slice(0, -1)) expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(dates.at(-1)).toMatch(/^\d{2}\/\d{2}\/\d{4} 19:00$/);
    // The demo season opened registration in July: that date has passed.
    expect(await item("Mở đăng ký dự thi").textContent()).toContain("Đã qua");
    const deadline = await item("Hạn chót nộp bài").locator("time").getAttribute("datetime");
    const expected = Math.ceil((Date.parse(deadline!) - Date.now()) / 60_000);
    const shown = await countdownMinutes(page);
    expect(Math.abs(shown - expected)).toBeLessThanOrEqual(2);
    expect(await section.locator(".key-dates__countdown").textContent()).toMatch(
      /^Thời gian còn lại đến hạn chót nộp bài: \d+ ngày \d+ giờ \d+ phút$/,
    );

    await waitForHydration(page);
    await page.clock.fastForward("02:00:00");
    await expect.poll(() => countdownMinutes(page)).toBeLessThanOrEqual(shown - 119);
    expect(await countdownMinutes(page)).toBeGreaterThanOrEqual(shown - 122);
    expect(problems.hydration).toEqual([]);
  });

  test("in English, with plural units", async () => {
    const { page } = await open("/en");
    const section = page.getByRole("region", { name: "Key dates" });
    expect(await section.locator("li > span:first-child").first().textContent()).toBe(
      "Registration opens",
    );
    expect(await section.locator(".key-dates__countdown").textContent()).toMatch(
      /^Time left until the submission deadline: \d+ days? \d+ hours? \d+ minutes?$/,
    );
    expect(await section.locator("li > span:first-child").allTextContents()).toContain(
      "Registration closes",
    );
    expect(await section.locator("li").last().textContent()).toContain("Awards ceremony");
  });
});

describe("home key dates around the submission window", () => {
  const DAY_MS = 24 * 60 * 60_000;
  const fromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

  async function countdownOf(path: string) {
    const { page } = await open(path);
    const section = page.locator(".key-dates");
    const parts = await section.locator(".key-dates__countdown-parts > span").allTextContents();
    const [days, hours, minutes] = parts.map((part) => Number(/\d+/.exec(part)?.[0]));
    return {
      lead: await section.locator(".key-dates__countdown > span:first-child").textContent(),
      minutes: (days! * 24 + hours!) * 60 + minutes!,
      labels: await section.locator("li > span:first-child").allTextContents(),
      marked: await section.locator("li.deadline > span:first-child").allTextContents(),
    };
  }
  const near = (shown: number, iso: string) =>
    expect(Math.abs(shown - (Date.parse(iso) - Date.now()) / 60_000)).toBeLessThanOrEqual(3);

  test("before submission opens, the countdown counts to the opening", async () => {
    const opensAt = fromNow(10);
    onTestFinished(setSubmissionWindow({ opensAt, closesAt: fromNow(40) }));
    const vi = await countdownOf("/");
    expect(vi.lead).toBe("Thời gian còn lại đến khi mở cổng nộp bài:");
    near(vi.minutes, opensAt);
    expect(vi.marked).toEqual(["Mở cổng nộp bài"]);
    expect((await countdownOf("/en")).lead).toBe("Time left until submissions open:");
  });

  test("in the late window, the countdown goes on to the late deadline, the last one", async () => {
    const lateDeadline = fromNow(6);
    onTestFinished(setSubmissionWindow({ opensAt: fromNow(-60), closesAt: fromNow(-2) }));
    onTestFinished(setLateDeadline(lateDeadline));
    const vi = await countdownOf("/");
    expect(vi.lead).toBe("Thời gian còn lại đến hạn chót nộp bài muộn:");
    near(vi.minutes, lateDeadline);
    // Only the late deadline is the final one; the submission deadline is the standard one.
    expect(vi.labels).toContain("Hạn nộp bài");
    expect(vi.labels).not.toContain("Hạn chót nộp bài");
    expect(vi.labels).toContain("Hạn chót nộp bài muộn");
    expect(vi.marked).toEqual(["Hạn chót nộp bài muộn"]);
    const en = await countdownOf("/en");
    expect(en.lead).toBe("Time left until the final late deadline:");
    expect(en.labels).toContain("Standard submission deadline");
    expect(en.labels).toContain("Final late deadline");
  });
});

describe("accessibility of the content pages (axe, both languages)", () => {
  const PAGES = [
    "/gioi-thieu-giai-thuong",
    "/van-xuan-classic",
    "/chuyen-gia-dong-hanh?year=2024",
    "/danh-sach-thang-giai?year=2024&category=TVC&category=OLC",
    "/tin-tuc-cuoc-thi",
    `/tin-tuc-cuoc-thi/${LATEST.vi.slug}-16`,
  ];
  for (const lang of ["vi", "en"] as const) {
    for (const path of PAGES) {
      const localized = lang === "en" ? `/en${path.replace(LATEST.vi.slug, LATEST.en.slug)}` : path;
      test(localized, async () => {
        const { page } = await open(localized, { viewport: lang === "en" ? MOBILE : DESKTOP });
        const violations = await seriousViolations(page);
        expect(violations, violations.join("\n\n")).toEqual([]);
      });
    }
  }
});
