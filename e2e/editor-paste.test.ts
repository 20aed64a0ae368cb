import { describe, expect, test } from "vitest";
import { parseStoredBlocks } from "../core/rich-text";
import { useBrowser } from "./support/browser";
import { openNewArticle, useEditor } from "./support/editor";
import { withE2eServices } from "./support/services";

// An editor pastes an article from Word and from Google Docs into the news editor: the
// document's headings stay headings ("Heading 1" a heading, "Heading 4" a sub-heading), a
// table's rows stay apart, bold and italic stay, while styles, classes and a javascript: link
// are gone — in the editor and in the saved article.
const browser = useBrowser();

const STAMP = Date.now();
const EDITOR = {
  email: `dan-van-ban-${STAMP}@vanxuan-awards.example`,
  password: "dan-van-ban-2026",
  name: "Biên Tập Dán Văn Bản",
};
const TITLE = `Bài dán từ Word ${STAMP}`;

// What Word puts on the clipboard (trimmed): class and style on every element, Heading 1 as h1.
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{color:red}</style></head><body><!--StartFragment-->
<h1 style="margin:12pt 0;font-family:Calibri;color:#2F5496">Thể lệ cuộc thi</h1>
<p class="MsoNormal" style="font-family:Calibri;color:#ff0000"><b>Đối tượng</b> <i>dự thi</i> <span style="background:yellow">được tô</span> <a href="javascript:alert(1)">liên kết xấu</a> <a href="https://vanxuan.example/the-le">liên kết tốt</a></p>
<h4 style="font-size:11pt">Lịch trình</h4>
<table class="MsoTableGrid" border="1"><tr><td style="width:100pt"><p class="MsoNormal">01/06/2026</p></td><td><p class="MsoNormal">Mở đăng ký</p></td></tr><tr><td><p class="MsoNormal">30/09/2026</p></td><td><p class="MsoNormal">Hạn nộp bài</p></td></tr></table>
<!--EndFragment--></body></html>`;

// What Google Docs puts on the clipboard: one non-bold <b> around everything, weights as styles.
const DOCS_HTML = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c"><h1 dir="ltr" style="line-height:1.38"><span style="font-size:20pt;font-weight:400">Giải thưởng lớn</span></h1><p dir="ltr"><span style="font-weight:700">Ba hạng mục</span><span style="font-weight:400"> mới trong năm nay.</span></p><h3 dir="ltr"><span style="font-size:14pt">Hồ sơ</span></h3></b>`;

useEditor(EDITOR, TITLE);

describe("pasting into the news editor", () => {
  test("Word and Google Docs keep their headings, table rows, bold and italic; styles and unsafe links go", async () => {
    const { page, problems, vi, body } = await openNewArticle(browser(), EDITOR);
    await vi.getByRole("textbox", { name: "Tiêu đề" }).fill(TITLE);

    /** Pastes HTML into the body as a browser does: a clipboard event with both texts. */
    const paste = (html: string) =>
      body.evaluate((element, html) => {
        const data = new DataTransfer();
        data.setData("text/html", html);
        data.setData("text/plain", element.ownerDocument.createRange().toString());
        element.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, html);

    await body.click();
    await paste(WORD_HTML);
    await expect.poll(() => body.locator("h2").allTextContents()).toEqual(["Thể lệ cuộc thi"]);
    expect(await body.locator("h3").allTextContents()).toEqual(["Lịch trình"]);
    const paragraphs = await body.locator("p").allTextContents();
    expect(paragraphs).toContain("01/06/2026 – Mở đăng ký");
    expect(paragraphs).toContain("30/09/2026 – Hạn nộp bài");
    expect(await body.locator("strong").allTextContents()).toEqual(["Đối tượng"]);
    expect(await body.locator("em").allTextContents()).toEqual(["dự thi"]);
    expect(
      await body.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    ).toEqual(["https://vanxuan.example/the-le"]);
    expect(await body.locator("[style], [class*='Mso'], table, td").count()).toBe(0);

    // On a new line: pasted at the end of a paragraph, the first block would join it.
    await body.press("Control+End");
    await body.press("Enter");
    await paste(DOCS_HTML);
    await expect
      .poll(() => body.locator("h2").allTextContents())
      .toEqual(["Thể lệ cuộc thi", "Giải thưởng lớn"]);
    expect(await body.locator("h3").allTextContents()).toEqual(["Lịch trình", "Hồ sơ"]);
    // Google's wrapping <b style="font-weight:normal"> makes nothing bold; its 700 weight does.
    expect(await body.locator("strong").allTextContents()).toEqual(["Đối tượng", "Ba hạng mục"]);

    await Promise.all([
      page.waitForURL((u) => /\/tin-tuc\/\d+$/.test(u.pathname)),
      page.getByRole("button", { name: "Lưu nháp" }).click(),
    ]);
    const stored = await withE2eServices(async (_services, db) =>
      db.kysely
        .selectFrom("news_articles")
        .select("body_vi")
        .where("title_vi", "=", TITLE)
        .executeTakeFirstOrThrow(),
    );
    const blocks = parseStoredBlocks(stored.body_vi);
    expect(blocks.filter((b) => b.type === "heading")).toEqual([
      { type: "heading", text: "Thể lệ cuộc thi" },
      { type: "heading", text: "Lịch trình", level: 3 },
      { type: "heading", text: "Giải thưởng lớn" },
      { type: "heading", text: "Hồ sơ", level: 3 },
    ]);
    expect(JSON.stringify(blocks)).not.toMatch(/javascript:|style|Mso/);
    expect(blocks).toContainEqual({
      type: "paragraph",
      children: [{ type: "text", text: "01/06/2026 – Mở đăng ký" }],
    });
    expect(problems.pageErrors).toEqual([]);
  });
});
