import { z } from "zod";
import { MEDIA_PURPOSES } from "./media-image";

/**
 * `GET /api/media?purpose=&page=`: the library's list. An unknown purpose is refused; an
 * empty one means every purpose; a page that is not a small number is the first page.
 */
export const mediaLibraryQuery = z.object({
  purpose: z
    .union([z.literal(""), z.enum(MEDIA_PURPOSES)])
    .optional()
    .transform((purpose) => purpose || null),
  page: z
    .unknown()
    .optional()
    .transform((page) => (typeof page === "string" && /^\d{1,6}$/.test(page) ? Number(page) : 1)),
});

/**
 * The text fields of `POST /api/media` (beside its one `file`): a purpose that is not one of
 * ours files the image under `general`; the alt text is cut at 500 characters.
 */
export const mediaUploadFields = z.object({
  purpose: z.enum(MEDIA_PURPOSES).catch("general"),
  alt: z
    .string()
    .optional()
    .catch(undefined)
    .transform((alt) => (alt === undefined ? null : alt.slice(0, 500))),
});
