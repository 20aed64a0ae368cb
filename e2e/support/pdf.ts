import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Locator, Page } from "playwright-core";
import { inject } from "vitest";
import { documentUrl } from "../../core/pdf-document-url";
import { findVietnameseFont, numberPages, startPdf } from "../../server/db/demo-documents";

interface DocumentRow {
  storage_name: string;
  title: string;
  bytes: number;
}

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(inject("dbFile"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/** A demo document of the e2e server (server/db/demo-documents.ts), by kind. */
export function demoDocument(
  kind: string,
  where: { year?: number; lang?: "vi" | "en" } = {},
): { url: string; title: string; bytes: number } {
  const row = withDatabase((db) =>
    db
      .prepare<[string, string, number | null, number | null], DocumentRow>(
        `SELECT d.storage_name, d.title, d.bytes FROM documents d
           LEFT JOIN seasons s ON s.id = d.season_id
          WHERE d.kind = ? AND d.lang = ? AND (? IS NULL OR s.year = ?)
          ORDER BY d.id DESC LIMIT 1`,
      )
      .get(kind, where.lang ?? "vi", where.year ?? null, where.year ?? null),
  );
  if (!row) throw new Error(`No ${kind} document in the e2e database`);
  return { url: documentUrl(row.storage_name), title: row.title, bytes: Number(row.bytes) };
}

/**
 * Publishes a long PDF (uncompressed text, a few MB) straight into the e2e server's
 * documents folder and table, as an upload would.
 */
export async function publishLongPdf(pages: number): Promise<{ url: string; bytes: number }> {
  const { doc, done, text } = startPdf(findVietnameseFont(), {
    compress: false,
    info: { Title: `Tài liệu dài ${pages} trang` },
  });
  for (let page = 1; page <= pages; page++) {
    if (page > 1) doc.addPage();
    doc.font("bold").fontSize(20).text(text(`Chương ${page}`));
    doc
      .font("body")
      .fontSize(9)
      .text(
        text(
          `Trang ${page}: các bài dự thi được đánh giá theo ý tưởng sáng tạo, thông điệp, chất lượng hình ảnh và âm thanh. `.repeat(
            28,
          ),
        ),
      );
  }
  numberPages(doc, (page, count) => `${page} / ${count}`);
  doc.end();
  const data = await done;
  const storageName = `${randomBytes(16).toString("hex")}.pdf`;
  const dataDir = path.dirname(inject("dbFile"));
  const dir = path.join(dataDir, "files", "documents");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, storageName), data);
  withDatabase((db) =>
    db
      .prepare(
        "INSERT INTO documents (season_id, kind, lang, title, storage_name, bytes, created_at) VALUES (NULL, 'sample-long', 'vi', ?, ?, ?, ?)",
      )
      .run(`Tài liệu dài ${pages} trang`, storageName, data.length, new Date().toISOString()),
  );
  return { url: documentUrl(storageName), bytes: data.length };
}

export const viewerPage = (scope: Page | Locator, number: number) =>
  scope.locator(`.pdfViewer .page[data-page-number="${number}"]`);

/**
 * Waits until a page is drawn: its canvas is shown and has dark pixels (text) on it, and its
 * text layer holds the page's text.
 */
export async function waitForRenderedPage(page: Page, number: number, timeout = 15_000) {
  await page.waitForFunction(
    (n) => {
      const div = document.querySelector(`.pdfViewer .page[data-page-number="${n}"]`);
      const canvas = div?.querySelector<HTMLCanvasElement>(".canvasWrapper canvas");
      const text = div?.querySelector(".textLayer")?.textContent ?? "";
      if (!canvas || canvas.hidden || canvas.width === 0 || text.trim() === "") return false;
      const context = canvas.getContext("2d");
      if (!context) return false;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4 * 31) if ((data[i] ?? 255) < 160) return true;
      return false;
    },
    number,
    { timeout, polling: 100 },
  );
}

/**
 * The text the page's text layer holds (what a reader can select and a screen reader
 * reads), its lines joined by single spaces.
 */
export async function pageText(page: Page, number: number): Promise<string> {
  const text = await viewerPage(page, number)
    .locator(".textLayer")
    .evaluate((el) => (el as HTMLElement).innerText);
  return text.replace(/\s+/g, " ").trim();
}
