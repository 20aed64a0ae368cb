import { describe, expect, test } from "vitest";
import { baseUrl, openPage, useBrowser } from "./support/browser";
import { withDatabase } from "./support/db";

// Seed §2: a path that is not in the route table goes home, in the language of its prefix;
// a broken URL or query is never a server error.
const browser = useBrowser();

const url = (path: string) => `${baseUrl()}${path}`;

describe("unknown and malformed URLs", () => {
  test("an unknown path ends on the home page of its language", async () => {
    const { page } = await openPage(browser());
    let response = await page.goto("/khong-ton-tai");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/"));
    expect(await page.getAttribute("html", "lang")).toBe("vi");

    response = await page.goto("/en/unknown");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/en"));
    expect(await page.getAttribute("html", "lang")).toBe("en");

    response = await page.goto("/bai-thi/1/khong-co");
    expect(page.url()).toBe(url("/"));
  });

  test("the server answers unknown paths with a redirect, not a 404 page or an error", async () => {
    const { page } = await openPage(browser());
    for (const [path, location] of [
      ["/khong-ton-tai", "/"],
      ["/en/unknown", "/en"],
      ["/en/khong/ton/tai", "/en"],
      ["/%E0%A4%A", "/"],
    ] as const) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toBe(location);
    }
  });

  test("a page that does not exist says so inside the site's header and footer", async () => {
    const { page } = await openPage(browser());
    for (const [path, heading, home, library, libraryPath] of [
      [
        "/bai-thi/00000000-0000-4000-8000-000000000000",
        "Không tìm thấy trang",
        "Về trang chủ",
        "Về thư viện bài dự thi",
        "/bai-du-thi",
      ],
      [
        "/en/bai-thi/00000000-0000-4000-8000-000000000000",
        "Page not found",
        "Back to the home page",
        "Back to the entry library",
        "/en/bai-du-thi",
      ],
      [
        "/bai-thi/khong-phai-ma",
        "Không tìm thấy trang",
        "Về trang chủ",
        "Về thư viện bài dự thi",
        "/bai-du-thi",
      ],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent(), path).toBe(heading);
      await page.locator(".site-header").waitFor();
      await page.locator(".site-footer").waitFor();
      const main = page.getByRole("main");
      expect(await main.getByRole("link", { name: home }).count(), path).toBe(1);
      // A missing entry leads back to the library it would have been in.
      expect(await main.getByRole("link", { name: library }).getAttribute("href"), path).toBe(
        libraryPath,
      );
    }
  });

  test("a news article that is not published is a 404 page that leads back to the news", async () => {
    // The demo's draft and its article scheduled for later, and an id no article has.
    const unpublished = withDatabase((db) =>
      db
        .prepare<[], { id: number; slug_vi: string }>(
          "SELECT id, slug_vi FROM news_articles WHERE status != 'published' ORDER BY id",
        )
        .all(),
    );
    expect(unpublished.length).toBe(2);
    const { page } = await openPage(browser());
    for (const [path, heading, news, newsPath] of [
      ...unpublished.map(
        ({ id, slug_vi }) =>
          [
            `/tin-tuc-cuoc-thi/${slug_vi}-${id}`,
            "Không tìm thấy trang",
            "Về trang tin tức",
            "/tin-tuc-cuoc-thi",
          ] as const,
      ),
      [
        `/en/tin-tuc-cuoc-thi/${unpublished[0]!.slug_vi}-${unpublished[0]!.id}`,
        "Page not found",
        "Back to the news",
        "/en/tin-tuc-cuoc-thi",
      ],
      [
        "/en/tin-tuc-cuoc-thi/khong-co-999999",
        "Page not found",
        "Back to the news",
        "/en/tin-tuc-cuoc-thi",
      ],
    ] as const) {
      const answer = await page.request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(404);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(page.url(), path).toBe(url(path));
      expect(await page.getByRole("heading", { level: 1 }).textContent(), path).toBe(heading);
      await page.locator(".site-header").waitFor();
      await page.locator(".site-footer").waitFor();
      expect(await page.getAttribute("html", "lang"), path).toBe(
        path.startsWith("/en/") ? "en" : "vi",
      );
      const main = page.getByRole("main");
      expect(await main.getByRole("link", { name: news }).getAttribute("href"), path).toBe(
        newsPath,
      );
    }
  });

  test("a malformed URL lands on a working page", async () => {
    const { page } = await openPage(browser());
    const response = await page.goto("/%E0%A4%A");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/"));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Vạn Xuân");
  });

  test("a year that is not listed is dropped from the jury and winners pages", async () => {
    const { page } = await openPage(browser());
    const cases = [
      ["/chuyen-gia-dong-hanh?year=1999", "/chuyen-gia-dong-hanh", "Hội đồng giám khảo năm 2025"],
      ["/chuyen-gia-dong-hanh?year=abc", "/chuyen-gia-dong-hanh", "Hội đồng giám khảo năm 2025"],
      ["/danh-sach-thang-giai?year=2022", "/danh-sach-thang-giai", "Danh sách thắng giải năm 2025"],
      ["/en/chuyen-gia-dong-hanh?year=1999", "/en/chuyen-gia-dong-hanh", "2025 judging panel"],
    ] as const;
    for (const [path, final, heading] of cases) {
      const redirect = await page.request.get(path, { maxRedirects: 0 });
      expect(redirect.status(), path).toBe(302);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(page.url(), path).toBe(url(final));
      expect(await page.getByRole("heading", { level: 1 }).textContent(), path).toBe(heading);
    }

    // A listed year is kept.
    const response = await page.goto("/chuyen-gia-dong-hanh?year=2023");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(url("/chuyen-gia-dong-hanh?year=2023"));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Hội đồng giám khảo năm 2023",
    );
  });

  test("odd but harmless input never produces a server error", async () => {
    const { page } = await openPage(browser());
    for (const path of [
      "/?lang=xx",
      "/bai-du-thi?lang[]=en",
      "/van-xuan?year=-1",
      "/en/",
      "/bai-du-thi/",
      "/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBeLessThan(500);
      expect(response.status(), path).not.toBe(404);
    }
    // An entry that is not in the library, or an article that is not published, is a plain 404
    // (never a redirect or an error).
    expect((await page.request.get("/bai-thi/%00")).status()).toBe(404);
    expect((await page.request.get("/tin-tuc-cuoc-thi/'%22%3E%3Cscript%3E")).status()).toBe(404);
  });
});
