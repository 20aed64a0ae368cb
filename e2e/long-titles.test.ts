import { describe, expect, test } from "vitest";
import { MOBILE, openPage, useBrowser } from "./support/browser";
import { openNewArticle, useEditor } from "./support/editor";

// An editor publishes an article whose title opens with a long hashtag (one word with no break
// in it) and whose body holds one too: on a phone the article page does not grow wider than
// the screen, and the news list's card shows the whole title instead of cutting it at its edge.
const browser = useBrowser();

const STAMP = Date.now();
const EDITOR = {
  email: `tieu-de-dai-${STAMP}@vanxuan-awards.example`,
  password: "tieu-de-dai-2026",
  name: "Biên Tập Tiêu Đề Dài",
};
const HASHTAG = `#VạnXuânSángTạoVìCộngĐồngTrongKỷNguyênSốVàTríTuệNhânTạo${STAMP}`;
const TITLE = `${HASHTAG} Thông báo về lễ trao giải dành cho các đội thi và khách mời`;

// The article must not stay published for the other journeys that read the news list.
useEditor(EDITOR, TITLE);

describe("long unbroken words in titles", () => {
  test("an article with a long hashtag in its title and body fits a phone's width", async () => {
    const { page, vi, body } = await openNewArticle(browser(), EDITOR);
    await vi.getByRole("textbox", { name: "Tiêu đề" }).fill(TITLE);
    await body.click();
    await body.pressSequentially(`Theo dõi ${HASHTAG} để cập nhật.`);
    await Promise.all([
      page.waitForURL((u) => /\/tin-tuc\/\d+$/.test(u.pathname)),
      page.getByRole("button", { name: "Xuất bản" }).click(),
    ]);
    const id = /\/tin-tuc\/(\d+)$/.exec(new URL(page.url()).pathname)![1]!;

    const visitor = await openPage(browser(), { viewport: MOBILE });
    const phone = visitor.page;
    const pageWidth = () =>
      phone.evaluate(() => ({
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        innerWidth: window.innerWidth,
      }));

    await phone.goto(`/tin-tuc-cuoc-thi/${id}`);
    await phone.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    const article = await pageWidth();
    expect(article.scrollWidth).toBeLessThanOrEqual(article.innerWidth);

    await phone.goto("/tin-tuc-cuoc-thi");
    const cardTitle = phone.getByRole("link", { name: TITLE });
    await cardTitle.waitFor();
    const list = await pageWidth();
    expect(list.scrollWidth).toBeLessThanOrEqual(list.innerWidth);
    // The card's title ends inside the card (the card hides what passes its edge).
    const [titleBox, cardBox] = await Promise.all([
      cardTitle.boundingBox(),
      phone.locator(".news-card", { has: cardTitle }).boundingBox(),
    ]);
    expect(titleBox!.x + titleBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    expect(visitor.problems.pageErrors).toEqual([]);
  });
});
