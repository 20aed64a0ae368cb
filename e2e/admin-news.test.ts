import type { Dialog, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectAxeClean } from "./support/axe";
import { clickAndConfirm } from "./support/confirm";
import { newsFormSchema } from "../core/news-admin";
import { withE2eServices } from "./support/services";
import { signInStaff } from "./support/sign-in";
import { baseUrl, openPage, useBrowser, waitForHydration } from "./support/browser";

// News back office: an editor writes a bilingual article with the rich-text editor
// (an uploaded image in the body and a cover image), previews the draft, publishes it, and
// it appears on /tin-tuc-cuoc-thi and /en/tin-tuc-cuoc-thi with its Open Graph title and
// image; markup and a javascript: link typed into the editor stay inert on the public page;
// the admin list and edit pages are axe clean.
const browser = useBrowser();

const STAMP = Date.now();
const EDITOR = {
  email: `bien-tap-tin-${STAMP}@vanxuan-awards.example`,
  password: "bien-tap-tin-tuc-2026",
};
const TITLE_VI = `Đêm trao giải Vạn Xuân ${STAMP}`;
const TITLE_EN = `Van Xuan awards night ${STAMP}`;
const XSS_TEXT = '<img src=x onerror="window.__xss=1">';

beforeAll(async () => {
  await withE2eServices((services) =>
    services.identity.createStaff({
      email: EDITOR.email,
      name: "Biên Tập Tin Tức",
      password: EDITOR.password,
      role: "editor",
    }),
  );
});

// Should the journey stop before its own delete step, its article must not stay published:
// the other journeys expect the demo news (their HTML cache entries expire in seconds).
afterAll(async () => {
  await withE2eServices(async (_services, db) => {
    await db.kysely.deleteFrom("news_articles").where("title_vi", "=", TITLE_VI).execute();
  });
});

/** Answers the editor's prompts (link address, video link, alt text) in order. */
function answerPrompts(page: Page, answers: string[]) {
  const asked: string[] = [];
  page.on("dialog", (dialog: Dialog) => {
    asked.push(dialog.message());
    const answer = answers.shift();
    if (answer === undefined) void dialog.dismiss();
    else void dialog.accept(answer);
  });
  return asked;
}

const picture = (color: string, width = 1200, height = 675) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function ogContent(page: Page, property: string) {
  return page.locator(`meta[property="${property}"]`).getAttribute("content");
}

describe("news back office", () => {
  test("an editor writes a bilingual article with images, previews, publishes; visitors read it", async () => {
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    await page
      .getByRole("navigation", { name: "Các mục quản trị" })
      .getByRole("link", { name: "Nội dung" })
      .click();
    await page.waitForURL((u) => u.pathname === "/quan-tri/noi-dung");
    await page.locator("#main").getByRole("link", { name: "Tin tức", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/quan-tri/noi-dung/tin-tuc");
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("table").count()).toBe(1);
    await expectAxeClean(page);

    // Sorting is a link with aria-sort on its header; the state lives in the URL.
    await page.getByRole("link", { name: /Tiêu đề/ }).click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "title");
    await expect
      .poll(() => page.getByRole("columnheader", { name: /Tiêu đề/ }).getAttribute("aria-sort"))
      .toBe("ascending");

    await page.getByRole("link", { name: "Viết bài mới" }).click();
    await page.waitForURL((u) => u.pathname === "/quan-tri/noi-dung/tin-tuc/moi");
    await waitForHydration(page);
    const vi = page.locator("fieldset", { has: page.locator("legend", { hasText: "Tiếng Việt" }) });
    const en = page.locator("fieldset", { has: page.locator("legend", { hasText: "Tiếng Anh" }) });
    const viBody = vi.getByRole("textbox", { name: "Nội dung" });
    const enBody = en.getByRole("textbox", { name: "Nội dung" });
    await viBody.waitFor();
    await enBody.waitFor();

    await page.locator('input[name="titleVi"]').fill(TITLE_VI);
    // The slug follows the title (no diacritics).
    await expect
      .poll(() => page.locator('input[name="slugVi"]').inputValue())
      .toBe(`dem-trao-giai-van-xuan-${STAMP}`);
    await page
      .locator('textarea[name="summaryVi"]')
      .fill("Những khoảnh khắc đáng nhớ của đêm trao giải.");
    await page.locator('input[name="titleEn"]').fill(TITLE_EN);
    await page.locator('textarea[name="summaryEn"]').fill("Highlights of the awards night.");

    const asked = answerPrompts(page, [
      "javascript:window.__xss=2",
      "https://vanxuan.example/lich",
      "Sân khấu đêm trao giải",
      "https://vimeo.com/evil.example",
      "https://youtu.be/dQw4w9WgXcQ",
    ]);

    // Vietnamese body: a heading, a paragraph with markup typed as text, a link, an image.
    await viBody.click();
    const toolbar = vi.getByRole("toolbar");
    await toolbar.getByRole("button", { name: "Tiêu đề mục" }).click();
    await page.keyboard.type("Khoảnh khắc");
    await page.keyboard.press("Enter");
    await page.keyboard.type(`Văn bản ${XSS_TEXT} `);
    await page.keyboard.type("xem lịch");
    // Let the editor take in the typing before selecting the last words.
    await expect.poll(() => viBody.innerText()).toContain("xem lịch");
    for (let i = 0; i < "xem lịch".length; i += 1) await page.keyboard.press("Shift+ArrowLeft");
    // …and let ProseMirror take in the selection before the toolbar acts on it.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const dom = document.activeElement as
            | (Element & {
                editor?: {
                  state: {
                    selection: { from: number; to: number };
                    doc: { textBetween(from: number, to: number): string };
                  };
                };
              })
            | null;
          const state = dom?.editor?.state;
          return state ? state.doc.textBetween(state.selection.from, state.selection.to) : null;
        }),
      )
      .toBe("xem lịch");
    // A javascript: link is refused, an https link is accepted.
    await toolbar.getByRole("button", { name: "Chèn hoặc sửa liên kết" }).click();
    await vi.getByText("Liên kết không hợp lệ", { exact: false }).waitFor();
    await toolbar.getByRole("button", { name: "Chèn hoặc sửa liên kết" }).click();
    await vi.getByText("Đã chèn liên kết.").waitFor();
    expect(await viBody.getByRole("link").textContent()).toBe("xem lịch");
    // The editor takes focus back from the link prompt before the caret moves on.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
      .toBe("textbox");
    await page.keyboard.press("End");
    // ProseMirror takes the native caret move from the next selectionchange event; an Enter
    // sent before that would split at the old selection and replace the linked words.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const dom = document.activeElement as
            (Element & { editor?: { state: { selection: { empty: boolean } } } }) | null;
          return dom?.editor?.state.selection.empty ?? null;
        }),
      )
      .toBe(true);
    await page.keyboard.press("Enter");
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      toolbar.getByRole("button", { name: "Chèn ảnh (tải lên)" }).click(),
    ]);
    await chooser.setFiles({
      name: "san-khau.jpg",
      mimeType: "image/jpeg",
      buffer: await picture("#7a1f1f", 1600, 900),
    });
    await vi.getByText("Đã chèn ảnh.").waitFor();
    await expect.poll(() => viBody.locator("img").getAttribute("src")).toMatch(/^\/media\//);
    // A video: only YouTube/Vimeo addresses are embedded.
    await toolbar.getByRole("button", { name: "Chèn video YouTube/Vimeo" }).click();
    await vi.getByText("Chỉ chấp nhận liên kết video YouTube hoặc Vimeo.").waitFor();
    await toolbar.getByRole("button", { name: "Chèn video YouTube/Vimeo" }).click();
    await vi.getByText("Đã chèn video.").waitFor();
    expect(asked).toHaveLength(5);

    // Keyboard path through the toolbar: one tab stop, arrows move between buttons.
    await toolbar.getByRole("button", { name: "Tiêu đề mục" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Tiêu đề phụ");

    // English body.
    await enBody.click();
    await page.keyboard.type("An evening to remember.");

    // The editors hand their allow-listed blocks to the form.
    expect(await page.locator('input[name="bodyVi"]').inputValue()).toContain("Khoảnh khắc");
    expect(await page.locator('input[name="bodyEn"]').inputValue()).toContain("An evening");

    // Cover image.
    await page
      .getByLabel("Ảnh bìa")
      .setInputFiles({ name: "bia.jpg", mimeType: "image/jpeg", buffer: await picture("#d4a017") });
    await page.getByText("Đã tải ảnh bìa lên.").waitFor();

    await Promise.all([
      page.waitForURL((u) => /^\/quan-tri\/noi-dung\/tin-tuc\/\d+$/.test(u.pathname)),
      page.getByRole("button", { name: "Lưu nháp" }).click(),
    ]);
    await page.getByText("Đã tạo bài viết.").waitFor();
    const id = Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await waitForHydration(page);
    await vi.getByRole("textbox", { name: "Nội dung" }).waitFor();
    await expectAxeClean(page);
    expect(await page.locator('input[name="bodyVi"]').inputValue()).toContain("Khoảnh khắc");

    // Not public yet.
    const visitor = await openPage(browser());
    await visitor.page.goto("/tin-tuc-cuoc-thi");
    expect(await visitor.page.getByText(TITLE_VI).count()).toBe(0);

    // The preview renders the draft as the public page would.
    const previewHref = await page.getByRole("link", { name: /Xem trước/ }).getAttribute("href");
    expect(previewHref).toBe(`/quan-tri/noi-dung/tin-tuc/${id}/xem-truoc`);
    const preview = await page.context().newPage();
    await preview.goto(previewHref!);
    await preview.getByRole("heading", { level: 1, name: TITLE_VI }).waitFor();
    await preview.getByText("Bản xem trước — chỉ nhân viên nhìn thấy.").waitFor();
    expect(await preview.locator('meta[name="robots"]').last().getAttribute("content")).toMatch(
      /noindex/,
    );
    await preview.close();

    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "adminNews.notices.published"),
      page.getByRole("button", { name: "Xuất bản" }).click(),
    ]);
    await page.getByText("Đã xuất bản bài viết.").waitFor();

    // Visitors: the list, then the article with its Open Graph tags.
    const reader = visitor.page;
    const dialogs: string[] = [];
    reader.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await reader.goto("/tin-tuc-cuoc-thi");
    await reader.getByRole("link", { name: TITLE_VI }).click();
    await reader.waitForURL(
      (u) => u.pathname === `/tin-tuc-cuoc-thi/dem-trao-giai-van-xuan-${STAMP}-${id}`,
    );
    await waitForHydration(reader);
    await reader.getByRole("heading", { level: 1, name: TITLE_VI }).waitFor();
    expect(await ogContent(reader, "og:title")).toBe(TITLE_VI);
    expect(await ogContent(reader, "og:image")).toBe(`${baseUrl()}/og/tin-tuc/${id}.jpg`);
    expect(await ogContent(reader, "og:type")).toBe("article");
    const article = reader.locator("article");
    // What was typed is shown as text.
    expect(await article.locator(".rich-text").innerText()).toContain(XSS_TEXT);
    expect(await article.locator("img[onerror]").count()).toBe(0);
    expect(await article.getByRole("link", { name: "xem lịch" }).getAttribute("href")).toBe(
      "https://vanxuan.example/lich",
    );
    expect(await article.locator('a[href^="javascript:"]').count()).toBe(0);
    const bodyImage = article.locator(".rich-text img");
    expect(await bodyImage.getAttribute("src")).toMatch(/^\/media\//);
    expect(await bodyImage.getAttribute("alt")).toBe("Sân khấu đêm trao giải");
    expect(await bodyImage.getAttribute("width")).toBe("1600");
    // The video player loads only when asked, from the privacy-friendly host.
    expect(await article.locator("iframe").count()).toBe(0);
    await article.getByRole("button", { name: "Phát video YouTube" }).click();
    expect(await article.locator("iframe").getAttribute("src")).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1$/,
    );
    expect(
      await reader.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    expect(dialogs).toEqual([]);

    await reader.goto("/en/tin-tuc-cuoc-thi");
    await reader.getByRole("link", { name: TITLE_EN }).click();
    await reader.waitForURL(
      (u) => u.pathname.startsWith("/en/tin-tuc-cuoc-thi/") && u.pathname.endsWith(`-${id}`),
    );
    await reader.getByRole("heading", { level: 1, name: TITLE_EN }).waitFor();
    expect(await ogContent(reader, "og:title")).toBe(TITLE_EN);
    expect(await ogContent(reader, "og:image")).toBe(`${baseUrl()}/og/tin-tuc/${id}-en.jpg`);
    await reader.getByText("An evening to remember.").waitFor();

    // Deleting it (after a confirmation) takes it off the public list at once, and leaves
    // the demo news as the other journeys expect it.
    const [, question] = await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "adminNews.notices.deleted"),
      clickAndConfirm(page, page.getByRole("button", { name: "Xoá bài viết" })),
    ]);
    expect(question).toBe("Xoá vĩnh viễn bài viết này? Thao tác không thể hoàn tác.");
    expect(asked).toHaveLength(5);
    await reader.goto("/tin-tuc-cuoc-thi");
    expect(await reader.getByText(TITLE_VI).count()).toBe(0);

    expect(problems.pageErrors).toEqual([]);
    expect(problems.hydration).toEqual([]);
    expect(visitor.problems.hydration).toEqual([]);
    expect(problems.csp).toEqual([]);
    expect(visitor.problems.pageErrors).toEqual([]);
    // The editor, two languages, images and the public pages: near 50 s on a loaded machine.
  }, 120_000);

  test("saving an article before its page runs (no JavaScript) keeps its body and cover", async () => {
    const title = `Bài giữ nội dung ${STAMP}`;
    const body = [
      { type: "paragraph", children: [{ type: "text", text: `Đoạn văn cần giữ ${STAMP}` }] },
    ];
    const id = await withE2eServices(async (services) => {
      const saved = await services.news.save(
        { id: "e2e-editor", email: EDITOR.email, ip: "127.0.0.1" },
        null,
        newsFormSchema.parse({
          titleVi: title,
          slugVi: `bai-giu-noi-dung-${STAMP}`,
          bodyVi: JSON.stringify(body),
          bodyEn: JSON.stringify(body),
          coverImage: "/generated/cover/15.svg",
          intent: "publish",
        }),
      );
      if (!saved.ok) throw new Error(JSON.stringify(saved));
      return saved.id;
    });
    try {
      const signedIn = await openPage(browser());
      await signInStaff(signedIn.page, EDITOR.email, EDITOR.password);
      const { page } = await openPage(browser(), { javaScriptEnabled: false });
      await page.context().addCookies(await signedIn.context.cookies());
      await page.goto(`/quan-tri/noi-dung/tin-tuc/${id}`);
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get("notice") === "adminNews.notices.published"),
        page.getByRole("button", { name: "Lưu thay đổi" }).click(),
      ]);
      const stored = await withE2eServices((services) => services.news.get(id));
      expect(stored?.bodyVi).toEqual(body);
      expect(stored?.bodyEn).toEqual(body);
      expect(stored?.coverImage).toBe("/generated/cover/15.svg");
    } finally {
      await withE2eServices((_services, db) =>
        db.kysely.deleteFrom("news_articles").where("id", "=", id).execute(),
      );
    }
  }, 60_000);
});
