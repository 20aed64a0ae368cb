import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { DEMO_PDF_PASSWORD, DEMO_SAMPLE_KINDS } from "../server/demo/demo-documents";
import { findVietnameseFont, startPdf } from "../server/modules/exports/pdf";
import { seriousViolations } from "./support/axe";
import { baseUrl, openPage, useBrowser } from "./support/browser";
import {
  demoDocument,
  pageText,
  poll,
  publishLongPdf,
  viewerPage,
  waitForRenderedPage,
} from "./support/pdf";

// The bare /pdf?file= page — our own documents only — and the viewer's states:
// password, errors, byte-range loading, local files, annotations, print.
const browser = useBrowser();

let criteria: { url: string; title: string };
beforeAll(() => {
  criteria = demoDocument("criteria", { year: 2026, lang: "vi" });
});

async function openPdf(file: string, prefix = "") {
  const opened = await openPage(browser());
  const response = await opened.page.goto(`${prefix}/pdf?file=${encodeURIComponent(file)}`);
  return { ...opened, response };
}

const inTools = async (page: Page, name: string) => {
  await page.getByRole("button", { name: "Công cụ khác" }).click();
  await page.locator(".pdfv__tools-panel").getByRole("button", { name, exact: true }).click();
};

async function smallPdf(text: string): Promise<Buffer> {
  const { doc, done } = startPdf(findVietnameseFont());
  doc.font("bold").fontSize(24).text(text);
  doc.addPage();
  doc.font("body").fontSize(12).text(`${text} – trang 2`);
  doc.end();
  return done;
}

describe("the bare /pdf page", () => {
  test("shows one of our documents, titled, without header or footer", async () => {
    const { page, problems, response } = await openPdf(criteria.url);
    expect(response?.status()).toBe(200);
    await waitForRenderedPage(page, 1);
    expect(await pageText(page, 1)).toContain("Giải thưởng Sáng tạo Quảng cáo Vạn Xuân 2026");
    expect(await page.getByRole("banner").count()).toBe(0);
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(criteria.title);
    expect(await page.title()).toContain(criteria.title);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.csp).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    const violations = await seriousViolations(page);
    expect(violations, violations.join("\n\n")).toEqual([]);
  });

  test("refuses another host's file, and fetches nothing from it", async () => {
    for (const file of [
      "https://evil.example/tai-lieu/0123456789abcdef0123456789abcdef.pdf",
      "//evil.example/tai-lieu/0123456789abcdef0123456789abcdef.pdf",
    ]) {
      const { page } = await openPage(browser());
      const hosts = new Set<string>();
      page.on("request", (request) => hosts.add(new URL(request.url()).host));
      const response = await page.goto(`/pdf?file=${encodeURIComponent(file)}`, {
        waitUntil: "networkidle",
      });
      expect(response?.status(), file).toBe(400);
      const refusal = page.getByRole("alert");
      expect(await refusal.textContent(), file).toContain("Không mở được tài liệu này");
      expect(await refusal.textContent(), file).toContain(
        "chỉ mở tài liệu do website công bố, không mở tài liệu từ trang web khác",
      );
      expect(await page.locator(".pdf-viewer").count()).toBe(0);
      expect([...hosts], file).toEqual([new URL(baseUrl()).host]);
    }
    // Not one of our documents either: refused before anything is fetched.
    const { page, response } = await openPdf("/tai-lieu/../app.db", "/en");
    expect(response?.status()).toBe(400);
    expect(await page.getByRole("alert").textContent()).toContain(
      "This address is not a document of this website.",
    );
  });

  test("asks for the password, says when it is wrong, opens with the right one", async () => {
    const { url } = demoDocument(DEMO_SAMPLE_KINDS.protected);
    const { page } = await openPdf(url);
    const password = page.getByLabel("Tài liệu này cần mật khẩu để mở");
    await password.waitFor();
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await password.fill("sai-mat-khau");
    await password.press("Enter");
    const wrong = page.getByRole("alert").filter({ hasText: "Mật khẩu không đúng" });
    await wrong.waitFor();
    expect(await wrong.textContent()).toBe("Mật khẩu không đúng. Vui lòng thử lại");
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    await password.fill(DEMO_PDF_PASSWORD);
    await page.getByRole("button", { name: "Mở tài liệu" }).click();
    await waitForRenderedPage(page, 1);
    expect(await pageText(page, 1)).toContain("Tài liệu mẫu có mật khẩu");
    expect(await password.count()).toBe(0);
  });

  test("English: the same prompt in English", async () => {
    const { url } = demoDocument(DEMO_SAMPLE_KINDS.protected);
    const { page } = await openPdf(url, "/en");
    const password = page.getByLabel("This document requires a password to open");
    await password.waitFor();
    await password.fill("wrong");
    await page.getByRole("button", { name: "Open document" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "The password is wrong. Please try again" })
      .waitFor();
  });

  test("a corrupt PDF and a missing one each show their own error", async () => {
    const corrupt = demoDocument(DEMO_SAMPLE_KINDS.corrupt);
    for (const [file, prefix, title, message] of [
      [corrupt.url, "", "Không thể tải tài liệu", "Tệp PDF không hợp lệ hoặc đã bị hỏng."],
      [corrupt.url, "/en", "Cannot load document", "The PDF file is invalid or damaged."],
      [`/tai-lieu/${"0".repeat(32)}.pdf`, "", "Không thể tải tài liệu", "Không tìm thấy tệp PDF."],
      [
        `/tai-lieu/${"0".repeat(32)}.pdf`,
        "/en",
        "Cannot load document",
        "The PDF file was not found.",
      ],
    ] as const) {
      const { page } = await openPdf(file, prefix);
      const error = page.locator(".pdfv__overlay[role=alert]");
      await error.waitFor();
      expect(await error.locator(".pdfv__error-title").textContent(), file).toBe(title);
      expect(await error.textContent(), file).toContain(message);
    }
  });

  test("a 200-page PDF shows its first page before the whole file has been transferred", async () => {
    const long = publishLongPdf(200);
    expect(long.bytes).toBeGreaterThan(2_000_000);
    const { page } = await openPage(browser());
    // Bytes as the network delivered them (an aborted response counts what arrived).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const documentRequests = new Set<string>();
    let received = 0;
    const ranges: string[] = [];
    cdp.on("Network.requestWillBeSent", (event) => {
      if (new URL(event.request.url).pathname === long.url) documentRequests.add(event.requestId);
    });
    cdp.on("Network.dataReceived", (event) => {
      if (documentRequests.has(event.requestId)) received += event.encodedDataLength;
    });
    cdp.on("Network.responseReceived", (event) => {
      if (documentRequests.has(event.requestId) && event.response.status === 206) {
        ranges.push(
          String(
            event.response.headers["content-range"] ?? event.response.headers["Content-Range"],
          ),
        );
      }
    });
    await page.goto(`/pdf?file=${encodeURIComponent(long.url)}`);
    await waitForRenderedPage(page, 1, 30_000);
    const atFirstPage = received;
    expect(await page.locator(".pdfv__page-count").textContent()).toBe("/ 200");
    expect(ranges.length, "byte-range responses").toBeGreaterThan(0);
    for (const range of ranges)
      expect(range).toMatch(new RegExp(`^bytes \\d+-\\d+/${long.bytes}$`));
    expect(
      atFirstPage,
      `${atFirstPage} of ${long.bytes} bytes transferred when page 1 showed`,
    ).toBeLessThan(long.bytes / 2);

    // Later pages arrive when asked for.
    const input = page.getByRole("textbox", { name: "Số trang" });
    expect(await pageText(page, 1)).toContain("Chapter 1");
    await input.fill("150");
    await input.press("Enter");
    await waitForRenderedPage(page, 150, 30_000);
    expect(await pageText(page, 150)).toContain("Chapter 150");
  }, 90_000);

  test("opens a local .pdf file, and refuses any other kind", async () => {
    const { page } = await openPdf(criteria.url);
    await waitForRenderedPage(page, 1);
    let chooser = page.waitForEvent("filechooser");
    await inTools(page, "Mở tệp PDF trên máy");
    await (
      await chooser
    ).setFiles({
      name: "ghi-chu.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("không phải PDF"),
    });
    await page.getByRole("alert").filter({ hasText: "Chỉ mở được tệp có đuôi .pdf." }).waitFor();
    expect(await page.locator(".pdfv__page-count").textContent()).toBe("/ 6");

    chooser = page.waitForEvent("filechooser");
    await inTools(page, "Mở tệp PDF trên máy");
    await (
      await chooser
    ).setFiles({
      name: "Ghi chú của tôi.PDF",
      mimeType: "application/pdf",
      buffer: await smallPdf("Tệp trên máy"),
    });
    await poll(() => page.locator(".pdfv__page-count").textContent()).toBe("/ 2");
    await waitForRenderedPage(page, 1);
    expect(await pageText(page, 1)).toContain("Tệp trên máy");
    await inTools(page, "Thuộc tính tài liệu");
    await poll(() =>
      page.getByRole("dialog", { name: "Thuộc tính tài liệu" }).textContent(),
    ).toContain("Ghi chú của tôi.PDF");
  });

  test("draws with ink, adds an image within 75 % of the page, downloads the annotated copy", async () => {
    const { page } = await openPdf(criteria.url);
    await waitForRenderedPage(page, 1);

    // Ink: drag across page 1, then leave the drawing mode.
    const ink = page.getByRole("button", { name: "Vẽ tự do" });
    await ink.click();
    await poll(() => ink.getAttribute("aria-pressed")).toBe("true");
    const box = (await viewerPage(page, 1).boundingBox())!;
    const y = box.y + Math.min(box.height, 600) / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(box.x + box.width * (0.3 + step * 0.03), y + step * 4);
    }
    await page.mouse.up();
    await ink.click();
    await poll(() => ink.getAttribute("aria-pressed")).toBe("false");
    await viewerPage(page, 1).locator(".inkEditor").first().waitFor({ state: "attached" });

    // Stamp: the picker accepts the seed's image types; a large image is fitted.
    const png = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 3000;
      canvas.height = 1500;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#7a1f1f";
      context.fillRect(0, 0, 3000, 1500);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!)));
      return [...new Uint8Array(await blob.arrayBuffer())];
    });
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Chèn hình ảnh" }).click();
    const picker = await chooser;
    expect(await picker.element().getAttribute("accept")).toContain("image/png");
    await picker.setFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(png) });
    const stamp = page.locator(".stampEditor").first();
    await stamp.waitFor();
    const stampPage = stamp.locator("xpath=ancestor::div[contains(@class,'page')][1]");
    await poll(async () => {
      const [s, p] = await Promise.all([stamp.boundingBox(), stampPage.boundingBox()]);
      return s && p ? s.width / p.width : 1;
    }).toBeLessThanOrEqual(0.76);

    // The download now carries the annotations.
    const download = page.getByRole("button", { name: "Tải xuống bản có chú thích" });
    await download.waitFor();
    const saved = page.waitForEvent("download");
    await download.click();
    const file = await saved;
    expect(file.suggestedFilename()).toMatch(/^tieu-chi-cham-giai.*\.pdf$/);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.toString("latin1")).toMatch(/\/Subtype\s*\/Ink/);
    expect(bytes.toString("latin1")).toMatch(/\/Subtype\s*\/Stamp/);
  });

  test("prints every page drawn as an image, then clears up", async () => {
    const { page } = await openPdf(criteria.url);
    await waitForRenderedPage(page, 1);
    await page.evaluate(() => {
      const w = window as unknown as { printed?: number };
      window.print = () => {
        w.printed = document.querySelectorAll(".pdf-print-container img").length;
      };
    });
    await inTools(page, "In");
    await poll(() => page.evaluate(() => (window as { printed?: number }).printed)).toBe(6);
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    expect(await page.locator(".pdf-print-container").count()).toBe(0);
  });
});
