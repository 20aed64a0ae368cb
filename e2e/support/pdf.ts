import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { e2eServer } from "./server";
import { documentUrl } from "../../core/pdf-document-url";
import { documentKey } from "../../server/modules/documents/service";
import { diskStorageRoot } from "../../server/modules/storage";
import { withDatabase } from "./db";

interface DocumentRow {
  storage_name: string;
  title: string;
  bytes: number;
}

/** A demo document of the e2e server (server/demo/demo-documents.ts), by kind. */
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
 * A long PDF written by hand: a balanced page tree (as most PDF producers write it) with
 * every page dictionary near the start and each page's uncompressed text after them, so a
 * page needs only its own bytes. (pdf.js walks a flat /Kids array page by page when it
 * opens a document, which would fetch most of the file whatever the transport.)
 */
export function longPdf(pages: number): Buffer {
  const perNode = 10;
  const nodes = Math.ceil(pages / perNode);
  const catalog = 1;
  const root = 2;
  const node = (n: number) => 3 + n;
  const font = 3 + nodes;
  const page = (p: number) => font + 1 + p;
  const content = (p: number) => font + 1 + pages + p;
  const objects: string[] = [];
  objects[catalog] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[root] =
    `<< /Type /Pages /Kids [${Array.from({ length: nodes }, (_, n) => `${node(n)} 0 R`).join(" ")}] /Count ${pages} >>`;
  for (let n = 0; n < nodes; n++) {
    const kids = Array.from({ length: perNode }, (_, k) => n * perNode + k).filter(
      (p) => p < pages,
    );
    objects[node(n)] =
      `<< /Type /Pages /Parent ${root} 0 R /Kids [${kids.map((p) => `${page(p)} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  }
  objects[font] =
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  for (let p = 0; p < pages; p++) {
    objects[page(p)] =
      `<< /Type /Page /Parent ${node(Math.floor(p / perNode))} 0 R /MediaBox [0 0 595 842] ` +
      `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content(p)} 0 R >>`;
    const lines = [`BT /F1 22 Tf 56 780 Td (Chapter ${p + 1}) Tj ET`];
    for (let line = 0; line < 60; line++) {
      lines.push(
        `BT /F1 8 Tf 56 ${750 - line * 11} Td (Page ${p + 1}, line ${line + 1}: entries are judged on their creative idea, message and craft.) Tj ET`,
      );
    }
    const stream = lines.join("\n").repeat(3);
    objects[content(p)] =
      `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`;
  }
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let offset = parts[0]!.length;
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = offset;
    const part = Buffer.from(`${id} 0 obj\n${objects[id]}\nendobj\n`, "latin1");
    parts.push(part);
    offset += part.length;
  }
  const xref = [`xref\n0 ${objects.length}\n0000000000 65535 f \n`];
  for (let id = 1; id < objects.length; id++) {
    xref.push(`${String(offsets[id]).padStart(10, "0")} 00000 n \n`);
  }
  xref.push(
    `trailer\n<< /Size ${objects.length} /Root ${catalog} 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
  );
  parts.push(Buffer.from(xref.join(""), "latin1"));
  return Buffer.concat(parts);
}

/** Publishes a long PDF straight into the e2e server's documents folder and table, as an upload would. */
export function publishLongPdf(pages: number): { url: string; bytes: number } {
  const data = longPdf(pages);
  const storageName = `${randomBytes(16).toString("hex")}.pdf`;
  const dataDir = path.dirname(e2eServer().dbFile);
  const file = path.join(diskStorageRoot(dataDir), documentKey(storageName));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
  withDatabase((db) =>
    db
      .prepare(
        "INSERT INTO documents (season_id, kind, lang, title, storage_name, bytes, created_at) VALUES (NULL, 'sample-long', 'en', ?, ?, ?, ?)",
      )
      .run(`A ${pages}-page document`, storageName, data.length, new Date().toISOString()),
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

/** `expect.poll` with room for a busy machine (its own default waits one second). */
export const poll = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 10_000, interval: 100 });
