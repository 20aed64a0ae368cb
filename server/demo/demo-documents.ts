import { SAMPLE_DOCUMENT_KINDS } from "../../core/document-kinds";
import type { Lang } from "../../core/languages";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { createDocumentsService, documentKey } from "../modules/documents/service";
import { createStorageDriver } from "../modules/storage";
import { criteriaTitle, renderCriteriaPdf } from "./demo-criteria-pdf";
import {
  findVietnameseFont,
  heading,
  paragraphs,
  startPdf,
  type PdfFonts,
} from "../modules/exports/pdf";

/**
 * Demo documents: the criteria PDF of every demo season in Vietnamese and English,
 * a password-protected sample and a corrupt one (each listed in both languages), generated here rather than committed as
 * binaries. Idempotent: a document that is already there (row and file) is left alone.
 */
export const DEMO_DOCUMENT_YEARS = [2023, 2024, 2025, 2026] as const;
/** The password of the protected sample (its title says so, for people trying the demo). */
export const DEMO_PDF_PASSWORD = "vanxuan";
export const DEMO_SAMPLE_KINDS = SAMPLE_DOCUMENT_KINDS;

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
        title: criteriaTitle(year, lang),
        render: () => renderCriteriaPdf(year, lang, fonts),
      });
    }
  }
  // The samples in each language, as the criteria are: one row per language, so a page shows
  // the title in its own language. An install that has only the Vietnamese rows gets the
  // English ones at its next start (a missing row is added, an existing one kept).
  const samples: Record<"protected" | "corrupt", Record<Lang, string>> = {
    protected: {
      vi: `Tài liệu mẫu có mật khẩu (mật khẩu: ${DEMO_PDF_PASSWORD})`,
      en: `Password-protected sample document (password: ${DEMO_PDF_PASSWORD})`,
    },
    corrupt: { vi: "Tài liệu mẫu bị hỏng", en: "Corrupt sample document" },
  };
  for (const lang of ["vi", "en"] as const) {
    wanted.push({
      seasonYear: null,
      kind: DEMO_SAMPLE_KINDS.protected,
      lang,
      title: samples.protected[lang],
      render: () => renderProtectedPdf(fonts),
    });
    wanted.push({
      seasonYear: null,
      kind: DEMO_SAMPLE_KINDS.corrupt,
      lang,
      title: samples.corrupt[lang],
      render: async () => corruptPdf(),
    });
  }
  return wanted;
}

/**
 * Generates the demo documents into storage (the configured disk or S3) and lists them in
 * `documents`. A document whose row exists is kept; if its file went missing it is stored again.
 */
export async function seedDemoDocuments(
  db: Db,
  config: Pick<Config, "dataDir" | "storage">,
): Promise<"loaded" | "already present"> {
  const storage = createStorageDriver(config.storage, config.dataDir);
  const documents = createDocumentsService(db, { storage, onChange: () => {} });
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
      const key = documentKey(existing.storage_name);
      if (!(await storage.stat(key))) {
        await storage.put(key, await want.render(), { contentType: "application/pdf" });
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
