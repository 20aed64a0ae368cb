import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { formatVnd } from "../../core/dates";
import { SAMPLE_DOCUMENT_KINDS } from "../../core/document-kinds";
import type { Lang } from "../../core/languages";
import { createDocumentsService, documentsDir } from "../modules/documents/service";
import type { Db } from "./database";
import { DEMO_TRACKS } from "./demo-data";

/**
 * Demo documents: the criteria PDF of every demo season in Vietnamese and English,
 * a password-protected sample and a corrupt one, generated here rather than committed as
 * binaries. Idempotent: a document that is already there (row and file) is left alone.
 */
export const DEMO_DOCUMENT_YEARS = [2023, 2024, 2025, 2026] as const;
/** The password of the protected sample (its title says so, for people trying the demo). */
export const DEMO_PDF_PASSWORD = "vanxuan";
export const DEMO_SAMPLE_KINDS = SAMPLE_DOCUMENT_KINDS;

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

interface CriteriaTexts {
  title: (year: number) => string;
  subtitle: string;
  organiser: string;
  issued: (year: number) => string;
  page: (page: number, count: number) => string;
  sections: { heading: string; body: (year: number) => (string | string[])[] }[];
  tracksHeading: string;
  fee: string;
  video: string;
}

const CRITERIA: Record<Lang, CriteriaTexts> = {
  vi: {
    title: (year) => `Giải thưởng Sáng tạo Quảng cáo Vạn Xuân ${year}`,
    subtitle: "Tiêu chí chấm giải và thể lệ tóm tắt",
    organiser: "Ban Tổ chức Giải thưởng Vạn Xuân",
    issued: (year) => `Phát hành tháng 7 năm ${year}`,
    page: (page, count) => `Trang ${page} / ${count}`,
    sections: [
      {
        heading: "1. Giới thiệu",
        body: (year) => [
          `Giải thưởng Sáng tạo Quảng cáo Vạn Xuân ${year} tôn vinh những ý tưởng, tác phẩm và chiến dịch quảng cáo sáng tạo nhất được thực hiện tại Việt Nam trong năm.`,
          "Tài liệu này trình bày các tiêu chí mà Hội đồng giám khảo sử dụng để đánh giá bài dự thi, bảng hạng mục cùng lệ phí, quy trình chấm giải và các quy định chung. Người dự thi nên đọc kỹ trước khi nộp bài.",
          "Mọi bài dự thi được đánh giá công bằng, độc lập và bảo mật: giám khảo không được biết danh tính người dự thi trong suốt quá trình chấm.",
        ],
      },
      {
        heading: "2. Tiêu chí chấm giải",
        body: () => [
          "Mỗi bài dự thi được chấm theo sáu tiêu chí dưới đây, mỗi tiêu chí từ 1 đến 10 điểm. Tổng điểm là tổng có trọng số của các tiêu chí:",
          [
            "Ý tưởng sáng tạo: mới, độc đáo, ấn tượng (30%).",
            "Thông điệp rõ ràng, dễ nhớ (20%).",
            "Chất lượng hình ảnh và âm thanh (15%).",
            "Khả năng ghi nhớ thương hiệu, sản phẩm (15%).",
            "Trách nhiệm với xã hội và môi trường (10%).",
            "Bản sắc văn hoá Việt Nam (10%).",
          ],
          "Giám khảo có thể ghi nhận xét cho từng bài. Điểm của một giám khảo chỉ được tính khi giám khảo đó không có xung đột lợi ích với bài dự thi.",
        ],
      },
      {
        heading: "4. Quy trình chấm giải",
        body: (year) => [
          `Vòng sơ khảo trực tuyến: các giám khảo được phân công chấm độc lập từng bài thuộc hạng mục của mình trên cổng chấm giải trực tuyến của mùa giải ${year}.`,
          "Vòng chung khảo: những bài có điểm cao nhất mỗi hạng mục được Hội đồng giám khảo thảo luận trực tiếp và bỏ phiếu chọn giải Vàng, Bạc, Đồng.",
          "Khi một bài có từ năm điểm trở lên, điểm cao nhất và thấp nhất được loại bỏ trước khi tính điểm trung bình. Mọi thay đổi điểm đều được lưu vết và kiểm toán.",
          "Giám khảo có xung đột lợi ích với một bài dự thi phải khai báo và không chấm bài đó.",
        ],
      },
      {
        heading: "5. Quy định chung",
        body: (year) => [
          `Tác phẩm dự thi phải được thực hiện hoặc công bố lần đầu tại Việt Nam trong khoảng thời gian của mùa giải ${year}.`,
          "Người dự thi cam kết là chủ sở hữu hợp pháp của tác phẩm hoặc đã được chủ sở hữu đồng ý cho dự thi, và chịu trách nhiệm về bản quyền của mọi hình ảnh, âm thanh được sử dụng.",
          "Ban Tổ chức có quyền sử dụng tác phẩm đạt giải cho mục đích truyền thông phi thương mại của giải thưởng, có ghi rõ tên tác giả.",
          "Mọi thắc mắc xin gửi về hộp thư của Ban Tổ chức. Quyết định của Hội đồng giám khảo là quyết định cuối cùng.",
        ],
      },
    ],
    tracksHeading: "3. Hạng mục và lệ phí",
    fee: "Lệ phí",
    video: "Bắt buộc có video.",
  },
  en: {
    title: (year) => `Van Xuan Creative Advertising Awards ${year}`,
    subtitle: "Judging criteria and rules in brief",
    organiser: "The Van Xuan Awards Organising Committee",
    issued: (year) => `Published in July ${year}`,
    page: (page, count) => `Page ${page} of ${count}`,
    sections: [
      {
        heading: "1. Introduction",
        body: (year) => [
          `The Van Xuan Creative Advertising Awards ${year} honour the most creative advertising ideas, works and campaigns produced in Vietnam during the year.`,
          "This document sets out the criteria the jury uses to judge entries, the categories and their fees, the judging process and the general rules. Please read it carefully before you submit.",
          "Every entry is judged fairly, independently and confidentially: judges never learn who entered a piece of work.",
        ],
      },
      {
        heading: "2. Judging criteria",
        body: () => [
          "Each entry is scored on the six criteria below, from 1 to 10 points each. The total is the weighted sum of the criteria:",
          [
            "Creative idea: new, unique, impressive (30%).",
            "A clear, memorable message (20%).",
            "Image and sound quality (15%).",
            "Brand and product recall (15%).",
            "Social and environmental responsibility (10%).",
            "Vietnamese cultural identity (10%).",
          ],
          "Judges may add a comment to each entry. A judge's score counts only when that judge has no conflict of interest with the entry.",
        ],
      },
      {
        heading: "4. Judging process",
        body: (year) => [
          `Preliminary online round: the assigned judges score every entry of their categories independently on the ${year} season's online judging portal.`,
          "Final round: the jury discusses the highest-scoring entries of each category in person and votes for the gold, silver and bronze awards.",
          "When an entry has five or more scores, the highest and the lowest are dropped before the mean is taken. Every change of a score is recorded and audited.",
          "A judge with a conflict of interest on an entry must declare it and does not score that entry.",
        ],
      },
      {
        heading: "5. General rules",
        body: (year) => [
          `Entries must have been produced or first published in Vietnam during the ${year} season.`,
          "Entrants confirm that they own the work or have the owner's consent to enter it, and are responsible for the rights to every image and sound it uses.",
          "The organisers may use winning work for the awards' non-commercial communication, always crediting its authors.",
          "Please send any question to the organisers' mailbox. The jury's decisions are final.",
        ],
      },
    ],
    tracksHeading: "3. Categories and fees",
    fee: "Fee",
    video: "A video is required.",
  },
};

function heading(doc: PDFKit.PDFDocument, text: string, size = 18) {
  doc.font("bold").fontSize(size).fillColor("#7a1f1f").text(text, { paragraphGap: 10 });
  doc.fillColor("#1f1a17");
}

function paragraphs(
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

/** The award criteria of a season: a cover and one page per section, with an outline. */
export async function renderCriteriaPdf(
  year: number,
  lang: Lang,
  fonts: PdfFonts | null,
): Promise<Buffer> {
  const c = CRITERIA[lang];
  const {
    doc,
    done,
    text: t,
  } = startPdf(fonts, {
    lang: lang === "vi" ? "vi-VN" : "en-GB",
    displayTitle: true,
    info: {
      Title: `${c.title(year)} – ${c.subtitle}`,
      Author: c.organiser,
      Subject: c.subtitle,
      Keywords:
        lang === "vi" ? "tiêu chí, giải thưởng, quảng cáo" : "criteria, awards, advertising",
      CreationDate: new Date(`${year}-07-01T09:00:00+07:00`),
    },
  });

  // Cover.
  doc.moveDown(8);
  doc
    .font("bold")
    .fontSize(28)
    .fillColor("#7a1f1f")
    .text(t(c.title(year)), { align: "center" });
  doc.moveDown(1);
  doc.font("body").fontSize(16).fillColor("#1f1a17").text(t(c.subtitle), { align: "center" });
  doc.moveDown(6);
  doc.fontSize(12).text(t(c.organiser), { align: "center" });
  doc.text(t(c.issued(year)), { align: "center" });

  const sections = [...c.sections];
  const tracksAt = 2;
  for (let i = 0; i <= sections.length; i++) {
    doc.addPage();
    if (i === tracksAt) {
      doc.outline.addItem(t(c.tracksHeading));
      heading(doc, t(c.tracksHeading));
      for (const track of DEMO_TRACKS) {
        heading(doc, t(lang === "vi" ? track.vi : track.en), 14);
        for (const group of track.groups) {
          for (const category of group.categories) {
            const name = lang === "vi" ? category.vi : category.en;
            const groupName = lang === "vi" ? group.vi : group.en;
            const description = lang === "vi" ? category.descVi : category.descEn;
            doc
              .font("bold")
              .fontSize(10.5)
              .text(t(`${category.code} – ${groupName}: ${name}`), { paragraphGap: 1 });
            doc
              .font("body")
              .fontSize(10)
              .text(
                t(
                  `${description} ${c.fee}: ${formatVnd(category.fee, lang)}.${category.video ? ` ${c.video}` : ""}`,
                ),
                { paragraphGap: 6 },
              );
          }
        }
      }
      continue;
    }
    const section = sections[i > tracksAt ? i - 1 : i];
    if (!section) continue;
    doc.outline.addItem(t(section.heading));
    heading(doc, t(section.heading));
    paragraphs(doc, section.body(year), t);
  }
  numberPages(doc, (page, count) => t(c.page(page, count)));
  doc.end();
  return done;
}

/** A short sample that opens only with DEMO_PDF_PASSWORD. */
export async function renderProtectedPdf(fonts: PdfFonts | null): Promise<Buffer> {
  const {
    doc,
    done,
    text: t,
  } = startPdf(fonts, {
    userPassword: DEMO_PDF_PASSWORD,
    ownerPassword: `${DEMO_PDF_PASSWORD}-owner`,
    pdfVersion: "1.7",
    info: { Title: "Tài liệu mẫu có mật khẩu" },
  });
  heading(doc, t("Tài liệu mẫu có mật khẩu / Password-protected sample"));
  paragraphs(
    doc,
    [
      "Tài liệu này chỉ mở được khi nhập đúng mật khẩu. Nó dùng để thử hộp nhập mật khẩu của trình xem tài liệu.",
      "This document opens only with the right password. It is there to try the document viewer's password prompt.",
    ],
    t,
  );
  doc.end();
  return done;
}

/** Looks like a PDF by its first bytes, but has no readable structure: the viewer's "invalid PDF" case. */
export function corruptPdf(): Buffer {
  const junk = Buffer.alloc(4096);
  for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 251;
  return Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), junk]);
}

interface WantedDocument {
  seasonYear: number | null;
  kind: string;
  lang: Lang;
  title: string;
  render: () => Promise<Buffer>;
}

function wantedDocuments(fonts: PdfFonts | null): WantedDocument[] {
  const wanted: WantedDocument[] = [];
  for (const year of DEMO_DOCUMENT_YEARS) {
    for (const lang of ["vi", "en"] as const) {
      wanted.push({
        seasonYear: year,
        kind: "criteria",
        lang,
        title: `${CRITERIA[lang].subtitle} ${year}`,
        render: () => renderCriteriaPdf(year, lang, fonts),
      });
    }
  }
  wanted.push({
    seasonYear: null,
    kind: DEMO_SAMPLE_KINDS.protected,
    lang: "vi",
    title: `Tài liệu mẫu có mật khẩu (mật khẩu: ${DEMO_PDF_PASSWORD})`,
    render: () => renderProtectedPdf(fonts),
  });
  wanted.push({
    seasonYear: null,
    kind: DEMO_SAMPLE_KINDS.corrupt,
    lang: "vi",
    title: "Tài liệu mẫu bị hỏng",
    render: async () => corruptPdf(),
  });
  return wanted;
}

/**
 * Generates the demo documents into DATA_DIR/files/documents and lists them in `documents`.
 * A document whose row exists is kept; if its file went missing it is written again.
 */
export async function seedDemoDocuments(
  db: Db,
  dataDir: string,
): Promise<"loaded" | "already present"> {
  const dir = documentsDir(dataDir);
  const documents = createDocumentsService(db, { dir, onChange: () => {} });
  const fonts = findVietnameseFont();
  let created = 0;
  for (const want of wantedDocuments(fonts)) {
    let query = db.kysely
      .selectFrom("documents")
      .select(["storage_name"])
      .where("kind", "=", want.kind)
      .where("lang", "=", want.lang);
    let seasonId: number | null = null;
    if (want.seasonYear !== null) {
      const season = await db.kysely
        .selectFrom("seasons")
        .select("id")
        .where("year", "=", want.seasonYear)
        .executeTakeFirst();
      if (!season) continue;
      seasonId = season.id;
      query = query.where("season_id", "=", season.id);
    } else {
      query = query.where("season_id", "is", null);
    }
    const existing = await query.executeTakeFirst();
    if (existing) {
      const file = path.join(dir, existing.storage_name);
      if (!existsSync(file)) {
        await mkdir(dir, { recursive: true });
        await writeFile(`${file}.part`, await want.render());
        await rename(`${file}.part`, file);
        created++;
      }
      continue;
    }
    if (created === 0 && !fonts) {
      console.warn(
        "Demo documents: no font with Vietnamese glyphs found (install the npm package " +
          "dejavu-fonts-ttf or a DejaVu/Noto font); writing the PDFs without diacritics.",
      );
    }
    await documents.add({
      seasonId,
      kind: want.kind,
      lang: want.lang,
      title: want.title,
      data: await want.render(),
    });
    created++;
  }
  return created > 0 ? "loaded" : "already present";
}
