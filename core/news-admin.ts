import { z } from "zod";
import { optionalDateTimeField } from "./date-fields";
import { cleanText, REQUIRED, TOO_LONG } from "./form-fields";
import { parseListQuery, type ListSpec } from "./list-query";
import { safeImageSrc, sanitizeBlocks, type Block } from "./rich-text";

/**
 * The back-office news form (PRODUCT §7 "News"): one schema for the browser
 * (react-hook-form) and the server action. Values arrive as form strings; messages are i18n
 * keys. Titles and summaries are plain text (cleaned, rendered escaped); bodies are JSON lists
 * of rich-text blocks, passed through the allow-list (`sanitizeBlocks`) here and again on save.
 */
export const NEWS_STATUSES = ["draft", "scheduled", "published"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_TITLE_MAX = 200;
export const NEWS_SUMMARY_MAX = 600;
export const NEWS_SLUG_MAX = 80;
/** The largest body we accept as JSON text (per language). */
export const NEWS_BODY_MAX_CHARS = 400_000;

export const NEWS_ERRORS = {
  slug: "adminNews.errors.slug",
  slugTaken: "adminNews.errors.slugTaken",
  body: "adminNews.errors.body",
  cover: "adminNews.errors.cover",
} as const;

/** A slug as stored: lowercase ASCII words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The actions of the edit form's submit buttons. */
export const NEWS_INTENTS = ["save", "publish", "unpublish"] as const;
export type NewsIntent = (typeof NEWS_INTENTS)[number];

/** Plain one-line or multi-line text: no control characters, NFC, at most `max` characters. */
function plainText(max: number, required: boolean, multiline = false) {
  const base = z
    .string()
    .default("")
    .overwrite((value) =>
      multiline
        ? value
            .normalize("NFC")
            .replace(/[^\S\n]+/g, " ")
            // eslint-disable-next-line no-control-regex
            .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "")
            .replace(/\n{3,}/g, "\n\n")
            .trim()
        : // eslint-disable-next-line no-control-regex
          cleanText(value.replace(/[\u0000-\u001f\u007f]/g, " ")),
    )
    .pipe(z.string().max(max, { message: TOO_LONG }));
  return required ? base.refine((v) => v.length > 0, { message: REQUIRED }) : base;
}

function slugField(required: boolean) {
  return z
    .string()
    .default("")
    .overwrite((value) => value.trim().toLowerCase())
    .refine((v) => !required || v.length > 0, { message: REQUIRED })
    .refine((v) => v === "" || (v.length <= NEWS_SLUG_MAX && SLUG_PATTERN.test(v)), {
      message: NEWS_ERRORS.slug,
    });
}

/** A body field: JSON text of blocks; anything outside the allow-list is dropped. */
const bodyField = z
  .string()
  .default("[]")
  .transform((text, ctx): Block[] => {
    if (text.length > NEWS_BODY_MAX_CHARS) {
      ctx.addIssue({ code: "custom", message: TOO_LONG });
      return z.NEVER;
    }
    if (text.trim() === "") return [];
    try {
      return sanitizeBlocks(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: "custom", message: NEWS_ERRORS.body });
      return z.NEVER;
    }
  });

export const newsFormSchema = z.object({
  titleVi: plainText(NEWS_TITLE_MAX, true),
  titleEn: plainText(NEWS_TITLE_MAX, false),
  summaryVi: plainText(NEWS_SUMMARY_MAX, false, true),
  summaryEn: plainText(NEWS_SUMMARY_MAX, false, true),
  slugVi: slugField(true),
  slugEn: slugField(false),
  bodyVi: bodyField,
  bodyEn: bodyField,
  coverImage: z
    .string()
    .default("")
    .overwrite((v) => v.trim())
    .refine((v) => v === "" || safeImageSrc(v) !== null, { message: NEWS_ERRORS.cover }),
  /** Empty (publish now / no date yet, null) or a date and time typed in Vietnam time (ISO UTC). */
  publishedAt: optionalDateTimeField(),
  intent: z.enum(NEWS_INTENTS).catch("save"),
});

/** What the form holds (all strings, as typed). */
export type NewsFormValues = z.input<typeof newsFormSchema>;
/** What the server stores from it. */
export type NewsFormData = z.output<typeof newsFormSchema>;

/** The status a save leads to: publishing with a future date schedules the article. */
export function statusAfter(
  intent: NewsIntent,
  current: NewsStatus,
  publishedAtIso: string | null,
  now: Date,
): NewsStatus {
  if (intent === "unpublish") return "draft";
  const wantsPublic = intent === "publish" || current !== "draft";
  if (!wantsPublic) return "draft";
  return publishedAtIso !== null && Date.parse(publishedAtIso) > now.getTime()
    ? "scheduled"
    : "published";
}

/** The back-office news list's query string: search, status filter, sort, page. */
export const NEWS_LIST_SPEC = {
  sorts: ["updated", "published", "title", "status"],
  defaultSort: "updated",
  defaultDir: "desc",
  defaultPageSize: 25,
  filters: { status: NEWS_STATUSES },
} as const satisfies ListSpec<string, "status">;

export type NewsListSort = (typeof NEWS_LIST_SPEC.sorts)[number];

export function parseNewsListQuery(params: URLSearchParams) {
  return parseListQuery<NewsListSort, "status">(params, NEWS_LIST_SPEC);
}
