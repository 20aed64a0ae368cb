import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";

export interface PdfFonts {
  regular: string;
  bold: string;
}

const require = createRequire(import.meta.url);

/**
 * A TrueType font with Vietnamese glyphs (pdfkit's built-in fonts have none): the
 * `dejavu-fonts-ttf` package when installed, else a system copy of DejaVu, Noto or
 * Liberation Sans. Null when none is found.
 */
export function findVietnameseFont(): PdfFonts | null {
  const candidates: PdfFonts[] = [];
  try {
    const dir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
    candidates.push({
      regular: path.join(dir, "DejaVuSans.ttf"),
      bold: path.join(dir, "DejaVuSans-Bold.ttf"),
    });
  } catch {
    // Not installed: fall back to the system's fonts.
  }
  for (const [dir, regular, bold] of [
    ["/usr/share/fonts/truetype/dejavu", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"],
    ["/usr/share/fonts/TTF", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"],
    ["/usr/share/fonts/dejavu-sans-fonts", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"],
    ["/usr/share/fonts/truetype/noto", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf"],
    [
      "/usr/share/fonts/truetype/liberation",
      "LiberationSans-Regular.ttf",
      "LiberationSans-Bold.ttf",
    ],
  ] as const) {
    candidates.push({ regular: path.join(dir, regular), bold: path.join(dir, bold) });
  }
  return candidates.find((c) => existsSync(c.regular) && existsSync(c.bold)) ?? null;
}

/** Without a Vietnamese font the text is written without diacritics, still readable. */
function withoutDiacritics(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/₫/g, "VND");
}

/** A pdfkit document with our fonts registered as `body` and `bold`, collected into a Buffer. */
export function startPdf(
  fonts: PdfFonts | null,
  options: PDFKit.PDFDocumentOptions = {},
): { doc: PDFKit.PDFDocument; done: Promise<Buffer>; text: (s: string) => string } {
  const doc = new PDFDocument({ size: "A4", margin: 64, bufferPages: true, ...options });
  if (fonts) {
    doc.registerFont("body", fonts.regular);
    doc.registerFont("bold", fonts.bold);
  } else {
    doc.registerFont("body", "Helvetica");
    doc.registerFont("bold", "Helvetica-Bold");
  }
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done, text: fonts ? (s) => s : withoutDiacritics };
}

/** Writes "page n / N" at the foot of every page (the document must buffer its pages). */
export function numberPages(
  doc: PDFKit.PDFDocument,
  label: (page: number, count: number) => string,
) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("body")
      .fontSize(9)
      .fillColor("#5b524c")
      .text(label(i + 1, count), doc.page.margins.left, doc.page.height - 40, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** A section heading in the award colour. */
export function heading(doc: PDFKit.PDFDocument, text: string, size = 18) {
  doc.font("bold").fontSize(size).fillColor("#7a1f1f").text(text, { paragraphGap: 10 });
  doc.fillColor("#1f1a17");
}

/** Paragraphs, and bullet lists for the blocks that are arrays. */
export function paragraphs(
  doc: PDFKit.PDFDocument,
  blocks: (string | string[])[],
  t: (s: string) => string,
) {
  doc.font("body").fontSize(11.5);
  for (const block of blocks) {
    if (Array.isArray(block)) {
      doc.list(block.map(t), { bulletRadius: 2, textIndent: 14, paragraphGap: 4 });
      doc.moveDown(0.6);
    } else {
      doc.text(t(block), { align: "justify", paragraphGap: 8, lineGap: 2 });
    }
  }
}
