import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe";
import {
  openPage,
  useBrowser,
  waitForHydration,
  type ContextOptions,
  type PageProblems,
} from "./support/browser";
import { pageText, poll, viewerPage, waitForRenderedPage } from "./support/pdf";

// The document viewer (pdf.js) in the criteria modal, opened from the header.
const browser = useBrowser();

const VI = {
  opener: "Tiêu chí giải thưởng",
  nav: "Điều hướng chính",
  dialog: "Tiêu chí giải thưởng mùa giải 2026",
  cover: "Giải thưởng Sáng tạo Quảng cáo Vạn Xuân 2026",
};
const EN = {
  opener: "Award criteria",
  nav: "Main navigation",
  dialog: "Award criteria for the 2026 season",
  cover: "Van Xuan Creative Advertising Awards 2026",
};
/** pdf.js and its worker: never fetched before a viewer opens. */
const PDFJS_ASSET = /\/assets\/(pdf\.worker|pdf_viewer|pdf-[\w-]{8}\.js|viewer-)/;

interface Opened {
  page: Page;
  dialog: Locator;
  problems: PageProblems;
  requests: string[];
}

async function openCriteria(
  lang: "vi" | "en" = "vi",
  options: ContextOptions = {},
): Promise<Opened> {
  const texts = lang === "vi" ? VI : EN;
  const { page, problems } = await openPage(browser(), {
    locale: lang === "vi" ? "vi-VN" : "en-GB",
    ...options,
  });
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(lang === "vi" ? "/" : "/en", { waitUntil: "networkidle" });
  await waitForHydration(page);
  expect(
    requests.filter((r) => PDFJS_ASSET.test(r) || r.startsWith("/tai-lieu/")),
    "nothing of the viewer before it opens",
  ).toEqual([]);
  await page
    .getByRole("navigation", { name: texts.nav })
    .getByRole("link", { name: texts.opener })
    .click();
  const dialog = page.getByRole("dialog", { name: texts.dialog });
  await dialog.waitFor({ state: "visible" });
  await waitForRenderedPage(page, 1);
  return { page, dialog, problems, requests };
}

const pageInput = (scope: Page | Locator, name = "Số trang") =>
  scope.getByRole("textbox", { name });
const zoomLevel = (scope: Page | Locator) => scope.locator(".pdfv__zoom-level");
const tools = (scope: Page | Locator, name = "Công cụ khác") => scope.getByRole("button", { name });

/** Picks an option in the "more tools" menu (opening it first). */
async function inTools(scope: Page | Locator, pick: (menu: Locator) => Promise<void>) {
  const button = tools(scope);
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await pick(scope.locator(".pdfv__tools-panel"));
}

function expectClean(problems: PageProblems) {
  expect(problems.pageErrors, "uncaught errors").toEqual([]);
  expect(problems.csp, "CSP violations").toEqual([]);
  expect(problems.consoleErrors, "console errors").toEqual([]);
}

describe("PDF viewer in the criteria modal", () => {
  test("opens from the header in Vietnamese and shows page 1 of the season's criteria", async () => {
    const { page, dialog, problems, requests } = await openCriteria("vi");
    expect(await pageText(page, 1)).toContain(VI.cover);
    expect(await pageInput(dialog).inputValue()).toBe("1");
    expect(await dialog.locator(".pdfv__page-count").textContent()).toBe("/ 6");
    // The pages are a labelled region; each page a landmark named in Vietnamese.
    expect(await viewerPage(page, 1).getAttribute("aria-label")).toBe("Trang 1");
    // The worker came from our own server, as a fingerprinted asset; the PDF in ranges or whole.
    expect(requests.some((r) => /^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(r))).toBe(true);
    expect(requests.some((r) => r.startsWith("/tai-lieu/"))).toBe(true);
    expectClean(problems);
  });

  test("opens in English with the English document", async () => {
    const { page, dialog, problems } = await openCriteria("en");
    expect(await pageText(page, 1)).toContain(EN.cover);
    expect(await pageInput(dialog, "Page number").inputValue()).toBe("1");
    expect(await viewerPage(page, 1).getAttribute("aria-label")).toBe("Page 1");
    expectClean(problems);
  });

  test("searches the text and jumps to the match; Ctrl+F focuses the search", async () => {
    const { page, dialog } = await openCriteria();
    await dialog.locator(".pdfv__container").click();
    await page.keyboard.press("Control+f");
    const search = dialog.getByRole("searchbox", { name: "Từ cần tìm trong tài liệu" });
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    // "chung khảo" (final round) is only in the judging process section, on page 5.
    await search.fill("chung khảo");
    const status = dialog.locator(".pdfv__find-status");
    await poll(() => status.textContent()).toMatch(/^Kết quả 1 \/ \d+$/);
    await poll(() => pageInput(dialog).inputValue()).toBe("5");
    await poll(() =>
      viewerPage(page, 5).locator(".textLayer .highlight.selected").count(),
    ).toBeGreaterThan(0);
    // Diacritics are ignored unless asked for: "chung khao" finds the same words.
    await search.fill("chung khao");
    await poll(() => status.textContent()).toMatch(/^Kết quả 1 \/ \d+$/);
    await search.fill("không có trong tài liệu");
    await poll(() => status.textContent()).toBe("Không tìm thấy");
    await search.press("Escape");
    expect(await dialog.getByRole("searchbox").count()).toBe(0);
    // Esc closed the search bar only, not the dialog.
    expect(await dialog.isVisible()).toBe(true);
  });

  test("switches scroll modes and view (spread) modes", async () => {
    const { page, dialog } = await openCriteria();
    const pages = dialog.locator(".pdfViewer");
    for (const [name, className] of [
      ["Cuộn ngang", "scrollHorizontal"],
      ["Dàn trang", "scrollWrapped"],
    ] as const) {
      await inTools(dialog, (menu) => menu.getByRole("radio", { name }).check());
      await poll(() => pages.getAttribute("class")).toContain(className);
    }
    // Page by page: only the current page is laid out.
    await inTools(dialog, (menu) => menu.getByRole("radio", { name: "Từng trang" }).check());
    await poll(() => dialog.locator(".pdfViewer .page").count()).toBe(1);
    await dialog.getByRole("button", { name: "Trang sau" }).click();
    await poll(() => viewerPage(page, 2).isVisible()).toBe(true);
    expect(await dialog.locator(".pdfViewer .page").count()).toBe(1);
    await inTools(dialog, (menu) => menu.getByRole("radio", { name: "Cuộn dọc" }).check());
    await poll(() => pages.getAttribute("class")).not.toMatch(/scroll(Horizontal|Wrapped)/);
    await poll(() => dialog.locator(".pdfViewer .page").count()).toBe(6);

    // Dual page: pages 1 and 2 side by side; with a cover: page 1 alone, then 2 and 3.
    const spreads = dialog.locator(".pdfViewer .spread");
    const firstSpread = () =>
      spreads
        .first()
        .locator(".page")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-page-number")));
    await inTools(dialog, (menu) =>
      menu.getByRole("radio", { name: "Hai trang", exact: true }).check(),
    );
    await poll(firstSpread).toEqual(["1", "2"]);
    await inTools(dialog, (menu) => menu.getByRole("radio", { name: "Hai trang, có bìa" }).check());
    await poll(firstSpread).toEqual(["1"]);
    expect(
      await spreads
        .nth(1)
        .locator(".page")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-page-number"))),
    ).toEqual(["2", "3"]);
    await inTools(dialog, (menu) => menu.getByRole("radio", { name: "Một trang" }).check());
    await poll(() => spreads.count()).toBe(0);
    await waitForRenderedPage(page, 1);
  });

  test("zooms to 1000 % and down to 10 %, and offers the presets", async () => {
    const { page, dialog } = await openCriteria();
    const zoomIn = dialog.getByRole("button", { name: "Phóng to", exact: true });
    const zoomOut = dialog.getByRole("button", { name: "Thu nhỏ", exact: true });
    const select = dialog.getByRole("combobox", { name: "Mức thu phóng" });
    // From 400 % the zoom-in steps reach the 1000 % limit, then stop there.
    await select.selectOption({ label: "400%" });
    await poll(() => zoomLevel(dialog).textContent()).toBe("400%");
    for (let i = 0; i < 30 && (await zoomIn.isEnabled()); i++) await zoomIn.click();
    expect(await zoomLevel(dialog).textContent()).toBe("1000%");
    expect(await zoomIn.isDisabled()).toBe(true);
    // From 50 % the zoom-out steps reach the 10 % limit.
    await select.selectOption({ label: "50%" });
    await poll(() => zoomLevel(dialog).textContent()).toBe("50%");
    for (let i = 0; i < 30 && (await zoomOut.isEnabled()); i++) await zoomOut.click();
    expect(await zoomLevel(dialog).textContent()).toBe("10%");
    expect(await zoomOut.isDisabled()).toBe(true);
    // Ctrl+= zooms in by the keyboard, from the pages.
    await dialog.locator(".pdfv__container").focus();
    await page.keyboard.press("Control+=");
    await poll(() => zoomLevel(dialog).textContent()).not.toBe("10%");

    await select.selectOption({ label: "Kích thước thật" });
    await poll(() => zoomLevel(dialog).textContent()).toBe("100%");
    await select.selectOption({ label: "Vừa chiều rộng" });
    await poll(() => zoomLevel(dialog).textContent()).not.toBe("100%");
    const width = await zoomLevel(dialog).textContent();
    await select.selectOption({ label: "Vừa trang" });
    await poll(() => zoomLevel(dialog).textContent()).not.toBe(width);
    await select.selectOption({ label: "200%" });
    await poll(() => zoomLevel(dialog).textContent()).toBe("200%");
  });

  test("rotates the pages right and left", async () => {
    const { page, dialog } = await openCriteria();
    const shape = () =>
      viewerPage(page, 1).evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.width > box.height ? "landscape" : "portrait";
      });
    expect(await shape()).toBe("portrait");
    await inTools(dialog, (menu) => menu.getByRole("button", { name: "Xoay phải" }).click());
    await poll(shape).toBe("landscape");
    await waitForRenderedPage(page, 1);
    await inTools(dialog, (menu) => menu.getByRole("button", { name: "Xoay trái" }).click());
    await poll(shape).toBe("portrait");
    await inTools(dialog, (menu) => menu.getByRole("button", { name: "Xoay trái" }).click());
    await poll(shape).toBe("landscape");
  });

  test("goes to a typed page number and refuses 0, a decimal and past the end", async () => {
    const { page, dialog } = await openCriteria();
    const input = pageInput(dialog);
    const error = dialog.locator(".pdfv__page-error");
    for (const value of ["0", "1.5", "7", "abc"]) {
      await input.fill(value);
      await input.press("Enter");
      expect(await error.textContent(), value).toBe("Hãy nhập một số nguyên từ 1 đến 6.");
      expect(await input.getAttribute("aria-invalid"), value).toBe("true");
      expect(await input.inputValue(), value).toBe("1");
    }
    await input.fill("6");
    await input.press("Enter");
    expect(await error.textContent()).toBe("");
    await waitForRenderedPage(page, 6);
    await poll(() => input.inputValue()).toBe("6");
    // The pages scrolled to page 6: it is in view.
    expect(await viewerPage(page, 6).isVisible()).toBe(true);
    await poll(() =>
      viewerPage(page, 6).evaluate((el) => {
        const box = el.getBoundingClientRect();
        const frame = el.closest(".pdfv__container")!.getBoundingClientRect();
        return box.top < frame.bottom && box.bottom > frame.top;
      }),
    ).toBe(true);

    // Back returns to where the reader jumped from; Page Up/Down turn pages.
    await inTools(dialog, (menu) =>
      menu.getByRole("button", { name: "Quay lại vị trí trước" }).click(),
    );
    await poll(() => input.inputValue()).toBe("1");
    await dialog.locator(".pdfv__container").focus();
    await page.keyboard.press("PageDown");
    await poll(() => input.inputValue()).toBe("2");
    await page.keyboard.press("PageUp");
    await poll(() => input.inputValue()).toBe("1");
  });

  test("thumbnails, document properties, theme and full screen", async () => {
    const { page, dialog } = await openCriteria("vi");
    await page.emulateMedia({ colorScheme: "light" });
    // Thumbnails: one per page; a click goes to that page.
    await dialog.getByRole("button", { name: "Ảnh thu nhỏ các trang" }).click();
    const thumbs = dialog.getByRole("navigation", { name: "Ảnh thu nhỏ các trang" });
    expect(await thumbs.getByRole("button").count()).toBe(6);
    await thumbs.getByRole("button", { name: "Trang 3" }).click();
    await poll(() => pageInput(dialog).inputValue()).toBe("3");
    await poll(() =>
      thumbs.getByRole("button", { name: "Trang 3" }).getAttribute("aria-current"),
    ).toBe("page");

    // Properties: title, page count and size, from the document itself.
    await inTools(dialog, (menu) =>
      menu.getByRole("button", { name: "Thuộc tính tài liệu" }).click(),
    );
    const properties = dialog.getByRole("dialog", { name: "Thuộc tính tài liệu" });
    await poll(() => properties.textContent()).toContain("Số trang6");
    expect(await properties.textContent()).toContain(
      "Giải thưởng Sáng tạo Quảng cáo Vạn Xuân 2026 – Tiêu chí chấm giải và thể lệ tóm tắt",
    );
    expect(await properties.textContent()).toContain("210 × 297 mm (A4, khổ dọc)");
    await page.keyboard.press("Escape");
    await properties.waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(true);

    // Theme: auto follows the system setting live; light and dark are fixed.
    const root = dialog.locator(".pdfv");
    expect(await root.getAttribute("data-theme")).toBe("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await poll(() => root.getAttribute("data-theme")).toBe("dark");
    await inTools(dialog, (menu) => menu.getByRole("radio", { name: "Sáng" }).check());
    await poll(() => root.getAttribute("data-theme")).toBe("light");
    await inTools(dialog, (menu) => menu.getByRole("radio", { name: "Theo hệ thống" }).check());
    await poll(() => root.getAttribute("data-theme")).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await poll(() => root.getAttribute("data-theme")).toBe("light");
    await page.keyboard.press("Escape");

    // Full screen; Esc leaves it and leaves the dialog open.
    const fullscreen = dialog.getByRole("button", { name: "Toàn màn hình" });
    await fullscreen.click();
    await poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null)).toBe(
      "pdfv",
    );
    await poll(() => fullscreen.getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Escape");
    await poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    expect(await dialog.isVisible()).toBe(true);
  });

  test("every toolbar control has a name and is reached with Tab", async () => {
    const { page, dialog } = await openCriteria();
    const controls = dialog.locator(
      ".pdfv__toolbar button, .pdfv__toolbar input, .pdfv__toolbar select",
    );
    const names = await controls.evaluateAll((els) =>
      els.map((el) => {
        const label =
          el.getAttribute("aria-label") ??
          (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null);
        return label?.trim() ?? "";
      }),
    );
    expect(
      names.every((name) => name.length > 0),
      names.join(" | "),
    ).toBe(true);
    // Tab from the dialog's close button walks through every enabled toolbar control.
    await dialog.getByRole("button", { name: "Đóng" }).focus();
    const reached = new Set<string>();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      const name = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el?.closest(".pdfv__toolbar")) return null;
        return (
          el.getAttribute("aria-label") ??
          (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null)
        );
      });
      if (name) reached.add(name);
    }
    for (const name of [
      "Ảnh thu nhỏ các trang",
      "Tìm trong tài liệu",
      "Số trang",
      "Trang sau",
      "Thu nhỏ",
      "Mức thu phóng",
      "Phóng to",
      "Toàn màn hình",
      "Tải xuống",
      "Công cụ khác",
    ]) {
      expect(reached, name).toContain(name);
    }
  });

  test("the text layer is selectable", async () => {
    const { page } = await openCriteria();
    const selected = await viewerPage(page, 1).evaluate((el) => {
      const layer = el.querySelector(".textLayer")!;
      const range = document.createRange();
      range.selectNodeContents(layer);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return selection.toString();
    });
    expect(selected.replace(/\s+/g, " ")).toContain("Tiêu chí chấm giải");
    expect(
      await viewerPage(page, 1)
        .locator(".textLayer")
        .evaluate((el) => getComputedStyle(el).userSelect),
    ).not.toBe("none");
  });

  test("is axe clean with the viewer open, and with its tools menu open", async () => {
    const { page, dialog } = await openCriteria();
    let violations = await seriousViolations(page);
    expect(violations, violations.join("\n\n")).toEqual([]);
    await tools(dialog).click();
    await dialog.getByRole("button", { name: "Xoay phải" }).waitFor();
    violations = await seriousViolations(page);
    expect(violations, violations.join("\n\n")).toEqual([]);
  });
});
