import { z } from "zod";
import { cleanMultilineText } from "./entry";
import { REQUIRED, TOO_LONG, checkbox, cleanText } from "./form-fields";
import { sanitizeBlocks, type Block } from "./rich-text";
import { VIDEO_LINK_MAX_LENGTH, parseVideoLink } from "./video-link";

/**
 * The back-office content forms (PRODUCT §7: pages and tracks, jury per year, winners per
 * year, documents): one zod schema per form, used by the browser (react-hook-form) and by
 * the server action. Values arrive as form strings (or booleans from a checkbox in the
 * browser); messages are i18n keys. Text is cleaned (NFC, single spaces), stored as plain
 * text and rendered by React (escaped), so markup typed into a field stays inert.
 */

export const CONTENT_YEAR_MIN = 2000;
export const CONTENT_YEAR_MAX = 2100;
export const NAME_MAX = 200;
export const LINE_MAX = 300;
export const BIO_MAX = 4000;
export const SUMMARY_MAX = 1000;

/** The editable pages: the introduction and the three track pages (keys of `content_pages`). */
export const CONTENT_PAGE_KEYS = [
  "award-introduction",
  "track:van-xuan",
  "track:van-xuan-classic",
  "track:van-xuan-stars",
] as const;
export type ContentPageKey = (typeof CONTENT_PAGE_KEYS)[number];

export function isContentPageKey(value: unknown): value is ContentPageKey {
  return typeof value === "string" && (CONTENT_PAGE_KEYS as readonly string[]).includes(value);
}

/** The prizes a winner can hold (labels under `winners.prize.*`). */
export const WINNER_PRIZES = [
  "grand_prix",
  "gold",
  "silver",
  "bronze",
  "first",
  "second",
  "third",
] as const;
export type WinnerPrize = (typeof WINNER_PRIZES)[number];

const E = {
  year: "adminContent.errors.year",
  prize: "adminContent.errors.prize",
  category: "adminContent.errors.category",
  video: "adminContent.errors.videoLink",
  image: "adminContent.errors.imagePath",
  id: "adminContent.errors.id",
  entryRef: "adminContent.errors.entryRef",
  pageKey: "adminContent.errors.pageKey",
  lang: "adminContent.errors.lang",
  order: "adminContent.errors.order",
  documentMissing: "adminContent.errors.documentMissing",
  documentEmpty: "adminContent.errors.documentEmpty",
  documentTooLarge: "adminContent.errors.documentTooLarge",
} as const;
export const CONTENT_ADMIN_ERRORS = E;

const text = (max: number) =>
  z
    .string({ message: REQUIRED })
    .optional()
    .transform((value) => cleanText(value ?? ""))
    .refine((value) => value.length <= max, { message: TOO_LONG });

const required = (max: number) =>
  z
    .string({ message: REQUIRED })
    .overwrite(cleanText)
    .min(1, { message: REQUIRED })
    .max(max, { message: TOO_LONG });

const multiline = (max: number) =>
  z
    .string({ message: REQUIRED })
    .optional()
    .transform((value) => cleanMultilineText(value ?? ""))
    .refine((value) => value.length <= max, { message: TOO_LONG });

/** A year from a select or a number. */
export const yearField = z
  .union([z.string(), z.number()], { message: E.year })
  .transform((value) => (typeof value === "number" ? value : Number(value.trim())))
  .refine(
    (value) => Number.isInteger(value) && value >= CONTENT_YEAR_MIN && value <= CONTENT_YEAR_MAX,
    { message: E.year },
  );

/** An optional positive integer id ("" or absent = none). */
const optionalId = (message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      const n = typeof value === "number" ? value : Number(value.trim());
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: "custom", message, input: value });
        return z.NEVER;
      }
      return n;
    });

/** An optional order number (0 … 100000), "" = at the end. */
const optionalOrder = z
  .union([z.string(), z.number(), z.null()], { message: E.order })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return null;
    const n = typeof value === "number" ? value : Number(value.trim());
    if (!Number.isInteger(n) || n < 0 || n > 100_000) {
      ctx.addIssue({ code: "custom", message: E.order, input: value });
      return z.NEVER;
    }
    return n;
  });

/**
 * An image kept before the media library: a same-site path (`/generated/…`, `/media/…`).
 * Anything with a scheme or another host is refused, so no script or foreign URL lands in `src`.
 */
export function safeImagePath(value: string): string | null {
  const path = value.trim();
  if (path === "") return "";
  if (path.length > 500) return null;
  return /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(path) && !path.includes("..")
    ? path
    : null;
}

const imagePath = z
  .string({ message: E.image })
  .optional()
  .transform((value, ctx) => {
    const path = safeImagePath(value ?? "");
    if (path === null) {
      ctx.addIssue({ code: "custom", message: E.image, input: value });
      return z.NEVER;
    }
    return path;
  });

/** A juror (PRODUCT §7 "jury per year, with photo, order, chair flag"). */
export const juryMemberSchema = z.object({
  year: yearField,
  name: required(NAME_MAX),
  titleVi: text(LINE_MAX),
  titleEn: text(LINE_MAX),
  organisation: text(LINE_MAX),
  bioVi: multiline(BIO_MAX),
  bioEn: multiline(BIO_MAX),
  photoMediaId: optionalId(E.id),
  photo: imagePath,
  isChair: checkbox,
  sortOrder: optionalOrder,
});
export type JuryMemberInput = z.output<typeof juryMemberSchema>;
export type JuryMemberFormValues = z.input<typeof juryMemberSchema>;

/** An entry id or code to link a winner to (opaque, URL-safe). */
export const ENTRY_REF_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A winner of a year: a legacy record (title, brand, agency, category from the tree or a
 * free bilingual label, prize, image, video link), optionally linked to an entry.
 */
export const winnerSchema = z
  .object({
    year: yearField,
    entryRef: z
      .string({ message: E.entryRef })
      .optional()
      .transform((value) => (value ?? "").trim())
      .refine((value) => value === "" || ENTRY_REF_PATTERN.test(value), {
        message: E.entryRef,
      }),
    title: required(LINE_MAX),
    brand: text(NAME_MAX),
    agency: text(NAME_MAX),
    categoryId: optionalId(E.category),
    categoryLabelVi: text(NAME_MAX),
    categoryLabelEn: text(NAME_MAX),
    prize: z.enum(WINNER_PRIZES, { message: E.prize }),
    imageMediaId: optionalId(E.id),
    image: imagePath,
    videoUrl: z
      .string({ message: E.video })
      .optional()
      .transform((value, ctx) => {
        const raw = (value ?? "").trim();
        if (raw === "") return null;
        const link = raw.length <= VIDEO_LINK_MAX_LENGTH ? parseVideoLink(raw) : null;
        if (!link) {
          ctx.addIssue({ code: "custom", message: E.video, input: value });
          return z.NEVER;
        }
        return link.canonicalUrl;
      }),
    sortOrder: optionalOrder,
  })
  .refine((w) => w.categoryId !== null || w.categoryLabelVi !== "", {
    message: E.category,
    path: ["categoryId"],
  });
export type WinnerInput = z.output<typeof winnerSchema>;
export type WinnerFormValues = z.input<typeof winnerSchema>;

/** A rich-text body from the editor: blocks, or their JSON as a posted form sends it. */
export const richTextField = z
  .union([z.string(), z.array(z.unknown())])
  .optional()
  .transform((value): Block[] => {
    if (value === undefined) return [];
    if (typeof value !== "string") return sanitizeBlocks(value);
    if (value.trim() === "") return [];
    try {
      return sanitizeBlocks(JSON.parse(value));
    } catch {
      return [];
    }
  });

/**
 * Whether a page has a title of its own. The introduction does; a track page is headed by the
 * track's name from the season's category tree (the name the menus, the home page's cards and
 * the entry form use), so its form has no title.
 */
export function pageHasTitle(key: ContentPageKey): boolean {
  return key === "award-introduction";
}

/**
 * The introduction page or a track page, both languages (PRODUCT §6 "editable bilingual
 * content"). Vietnamese is the site's first language: the introduction needs its Vietnamese
 * title (English falls back to it); a track page's posted title is dropped.
 */
export const contentPageSchema = z
  .object({
    key: z.enum(CONTENT_PAGE_KEYS, { message: E.pageKey }),
    titleVi: text(LINE_MAX),
    titleEn: text(LINE_MAX),
    summaryVi: multiline(SUMMARY_MAX),
    summaryEn: multiline(SUMMARY_MAX),
    bodyVi: richTextField,
    bodyEn: richTextField,
  })
  .superRefine((page, ctx) => {
    if (pageHasTitle(page.key) && page.titleVi === "") {
      ctx.addIssue({ code: "custom", message: REQUIRED, path: ["titleVi"] });
    }
  })
  .transform((page) => (pageHasTitle(page.key) ? page : { ...page, titleVi: "", titleEn: "" }));
export type ContentPageInput = z.output<typeof contentPageSchema>;
export type ContentPageFormValues = z.input<typeof contentPageSchema>;

/** The criteria PDF of a season in one language (the file is checked on the server). */
export const criteriaDocumentSchema = z.object({
  year: yearField,
  lang: z.enum(["vi", "en"], { message: E.lang }),
  title: text(LINE_MAX),
});
export type CriteriaDocumentInput = z.output<typeof criteriaDocumentSchema>;

/** A season's criteria document: a PDF of at most 50 MB (PRODUCT §8), checked by content on the server. */
export const CRITERIA_PDF_RULES = {
  maxBytes: 50 * 1024 * 1024,
  mimeTypes: ["application/pdf"],
  extensions: [".pdf"],
} as const;

/** A file of a posted form, as the browser's form data and the server's parsed body hold it. */
export interface ChosenFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

function isChosenFile(value: unknown): value is ChosenFile {
  if (typeof value !== "object" || value === null) return false;
  const file = value as Partial<ChosenFile>;
  return (
    typeof file.name === "string" &&
    typeof file.size === "number" &&
    typeof file.arrayBuffer === "function"
  );
}

/**
 * The criteria PDF as the upload form sends it. A file input left empty posts a part with no
 * name and no bytes: that is "choose a file", as is no part at all; a chosen file without bytes
 * is "empty"; over 50 MB "too large". Its type is checked by content on the server.
 */
export const criteriaPdfFile = z.custom<ChosenFile>().superRefine((value, ctx) => {
  const problem =
    !isChosenFile(value) || (value.name === "" && value.size === 0)
      ? E.documentMissing
      : value.size === 0
        ? E.documentEmpty
        : value.size > CRITERIA_PDF_RULES.maxBytes
          ? E.documentTooLarge
          : null;
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** The upload form of a criteria PDF: the document's details and the file itself. */
export const criteriaDocumentFormSchema = criteriaDocumentSchema.extend({ file: criteriaPdfFile });

/** Moving a juror one place up or down in the year's order. */
export const moveSchema = z.object({
  id: optionalId(E.id).refine((id) => id !== null, { message: E.id }),
  direction: z.enum(["up", "down"], { message: E.order }),
});
