import { MEBIBYTE, fileProblem, type FileFacts, type FileRule } from "./upload-rules";

/**
 * Limits of an entry (seed §9, PRODUCT §3.2, §8), shared by the form (accept attributes,
 * counters, early checks) and the server (tus upload sizes, schemas). The server also checks
 * each finished upload's real type by content.
 */

export const GIBIBYTE = 1024 * MEBIBYTE;

/** Seed §9: at most 12 images per entry; at least one is required to submit. */
export const ENTRY_IMAGES_MIN = 1;
export const ENTRY_IMAGES_MAX = 12;

/**
 * Drafts one entrant may hold in a season. A large agency enters a few campaigns into several
 * categories each (a duplicate per category), which stays well under 50; the cap is there so
 * a script cannot fill the database with empty drafts, each of which could also hold files.
 */
export const ENTRY_DRAFTS_PER_SEASON_MAX = 50;

/**
 * Unfinished uploads at one time for one field of one entry: the images are picked several at
 * a time (up to the 12 an entry holds), every other field holds one file. A new upload beyond
 * that replaces the oldest unfinished one (choosing the file again after a stalled upload).
 */
export function liveUploadsPerField(field: EntryFileField): number {
  return field === "images" ? ENTRY_IMAGES_MAX : 1;
}

/**
 * The declared bytes of all of one entrant's unfinished uploads together: one full entry at a
 * time (a 1 GB video, 12 images of 20 MB, six 50 MB documents ≈ 1.5 GB) plus a video for a
 * second entry. Disk space for partial uploads is reserved by what is declared.
 */
export const ENTRANT_LIVE_UPLOAD_BYTES_MAX = 3 * GIBIBYTE;

/** Entry images: JPEG, PNG or WebP, each ≤ 20 MB (seed §9). */
export const ENTRY_IMAGE_RULES = {
  maxBytes: 20 * MEBIBYTE,
  mimeTypes: ["image/jpeg", "image/png", "image/webp"],
  extensions: [".jpg", ".jpeg", ".png", ".webp"],
} as const satisfies FileRule;

/** The entry video: MP4, MOV or WebM, ≤ 1 GB (seed §9). */
export const ENTRY_VIDEO_RULES = {
  maxBytes: GIBIBYTE,
  mimeTypes: ["video/mp4", "video/quicktime", "video/webm"],
  extensions: [".mp4", ".m4v", ".mov", ".webm"],
} as const satisfies FileRule;

/** Idea introduction articles and the legal and copyright commitments: PDF, ≤ 50 MB. */
export const ENTRY_DOCUMENT_RULES = {
  maxBytes: 50 * MEBIBYTE,
  mimeTypes: ["application/pdf"],
  extensions: [".pdf"],
} as const satisfies FileRule;

/** Slides: PDF or PowerPoint (PPTX), ≤ 50 MB. */
export const ENTRY_SLIDES_RULES = {
  maxBytes: 50 * MEBIBYTE,
  mimeTypes: [
    "application/pdf",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ],
  extensions: [".pdf", ".pptx"],
} as const satisfies FileRule;

/** Every file field of an entry. `images` holds up to 12 files; the others one each. */
export const ENTRY_FILE_FIELDS = [
  "images",
  "video",
  "ideaArticleVi",
  "ideaArticleEn",
  "slidesVi",
  "slidesEn",
  "legalCommitment",
  "copyrightCommitment",
] as const;
export type EntryFileField = (typeof ENTRY_FILE_FIELDS)[number];

/** The files a judge sees (PRODUCT §4): the work, never the entrant's signed commitments. */
export const JUDGED_FILE_FIELDS = [
  "images",
  "video",
  "ideaArticleVi",
  "ideaArticleEn",
  "slidesVi",
  "slidesEn",
] as const satisfies readonly EntryFileField[];

/** The documents among them (PDF, and PPTX for the slides). */
export const JUDGED_DOCUMENT_FIELDS = [
  "ideaArticleVi",
  "ideaArticleEn",
  "slidesVi",
  "slidesEn",
] as const satisfies readonly EntryFileField[];

/**
 * The judged files that reach judges as a copy without the metadata that can name the
 * entrant (author, company, editing history, place): the video and the documents. Pictures go
 * as their re-encoded variants instead.
 */
export const JUDGED_COPY_FIELDS = [
  "video",
  ...JUDGED_DOCUMENT_FIELDS,
] as const satisfies readonly EntryFileField[];

/** Why no judges' copy of a file could be made: judges then do not get the file at all. */
export const JUDGE_COPY_PROBLEMS = ["encrypted", "unreadable", "tooLarge", "tooComplex"] as const;
export type JudgeCopyProblem = (typeof JUDGE_COPY_PROBLEMS)[number];

/** Whether a file of this field reaches judges only as its judges' copy. */
export function judgedThroughCopy(field: string): boolean {
  return (JUDGED_COPY_FIELDS as readonly string[]).includes(field);
}

export const ENTRY_FILE_RULES: Readonly<Record<EntryFileField, FileRule>> = {
  images: ENTRY_IMAGE_RULES,
  video: ENTRY_VIDEO_RULES,
  ideaArticleVi: ENTRY_DOCUMENT_RULES,
  ideaArticleEn: ENTRY_DOCUMENT_RULES,
  slidesVi: ENTRY_SLIDES_RULES,
  slidesEn: ENTRY_SLIDES_RULES,
  legalCommitment: ENTRY_DOCUMENT_RULES,
  copyrightCommitment: ENTRY_DOCUMENT_RULES,
};

/**
 * Maximum lengths of the entry's text fields, in characters as `countCharacters` counts
 * them (the form's counter uses the same function). Descriptions are the seed's "maximum
 * character count"; 2,000 characters is about 300–400 words, a page for the jury.
 */
export const ENTRY_TEXT_MAX_LENGTH = {
  brandName: 200,
  campaignName: 200,
  descriptionVi: 2000,
  descriptionEn: 2000,
  creditName: 200,
  creditRole: 120,
} as const;

/** Credits as awards publish them: the companies and the people behind the work. */
export const ENTRY_CREDITS_MAX = { companies: 30, people: 100 } as const;

/** The implementation period's years: the awards judge recent work, never the far past. */
export const ENTRY_YEAR_MIN = 2000;
export const ENTRY_YEAR_MAX = 2100;

/**
 * Characters as a person counts them: Unicode code points of the NFC text, so "ữ" is one
 * character however it was typed and an emoji is one, not two UTF-16 units.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text.normalize("NFC")) count += 1;
  return count;
}

const IMAGE_MESSAGES = {
  empty: "validation.entryFileEmpty",
  tooLarge: "validation.entryImageTooLarge",
  type: "validation.entryImageType",
} as const;
const VIDEO_MESSAGES = {
  empty: "validation.entryFileEmpty",
  tooLarge: "validation.entryVideoTooLarge",
  type: "validation.entryVideoType",
} as const;
const DOCUMENT_MESSAGES = {
  empty: "validation.entryFileEmpty",
  tooLarge: "validation.entryDocumentTooLarge",
  type: "validation.entryDocumentType",
} as const;
const SLIDES_MESSAGES = { ...DOCUMENT_MESSAGES, type: "validation.entrySlidesType" } as const;

const FILE_MESSAGES: Readonly<Record<EntryFileField, Record<string, string>>> = {
  images: IMAGE_MESSAGES,
  video: VIDEO_MESSAGES,
  ideaArticleVi: DOCUMENT_MESSAGES,
  ideaArticleEn: DOCUMENT_MESSAGES,
  slidesVi: SLIDES_MESSAGES,
  slidesEn: SLIDES_MESSAGES,
  legalCommitment: DOCUMENT_MESSAGES,
  copyrightCommitment: DOCUMENT_MESSAGES,
};

/** The i18n key of the problem with a file chosen for a field, or null if it may be uploaded. */
export function entryFileProblemMessage(field: EntryFileField, file: FileFacts): string | null {
  const problem = fileProblem(ENTRY_FILE_RULES[field], file);
  return problem ? FILE_MESSAGES[field][problem]! : null;
}
