import { z } from "zod";
import { ENTRY_FILE_FIELDS, type EntryFileField } from "./entry-limits";

/**
 * The resumable upload protocol between the entry form (tus-js-client) and the server
 * (@tus/server at /api/uploads), shared so both sides name things the same way.
 *
 * - Create: POST /api/uploads with `Upload-Length` (required; no deferred length) and
 *   `Upload-Metadata` carrying `entryId`, `field`, `filename`, `filetype`.
 * - Continue: HEAD / PATCH / DELETE on the returned Location, by the same signed-in owner.
 * - When the last byte arrives the server checks the content and attaches the file to the
 *   entry field; the response carries the new file's id in `Upload-File-Id` (also in a HEAD
 *   of a finished upload, so a client that lost the final response still learns it).
 * - A refusal's body is JSON `{ "error": "<i18n key>" }`.
 */
export const UPLOADS_PATH = "/api/uploads";
export const UPLOAD_FILE_ID_HEADER = "Upload-File-Id";

export interface UploadMetadata {
  entryId: string;
  field: EntryFileField;
  /** Display only: the server never uses it as a path. */
  filename: string;
  filetype: string;
}

/** A new upload's `Upload-Length`: a plain decimal count of bytes (no deferred length). */
export const uploadLengthHeader = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

/** The metadata a new upload must carry (decoded from `Upload-Metadata`); `filetype` may be absent. */
export const newUploadMetadata = z.object({
  entryId: z.string().min(1),
  field: z.enum(ENTRY_FILE_FIELDS),
  filename: z.string().min(1),
  filetype: z
    .string()
    .nullish()
    .transform((type) => type ?? ""),
});

/** Zero-width marks and the bidirectional controls (embeddings, overrides, isolates). */
const INVISIBLE_OR_REORDERING = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/**
 * A safe display name: no folders, no control characters, at most 200 characters. Nor the
 * marks that reorder or hide text (a right-to-left override shows "photo\u202Egpj.exe" as
 * "photoexe.jpg" to the staff member about to open it).
 */
export function displayFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = Array.from(base.normalize("NFC"))
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return (
        code >= 0x20 &&
        code !== 0x7f &&
        !(code >= 0x80 && code < 0xa0) &&
        !INVISIBLE_OR_REORDERING.test(char)
      );
    })
    .join("")
    .replace(/^[.\s]+/, "")
    .trim();
  const short = Array.from(clean).slice(0, 200).join("");
  return short === "" ? "file" : short;
}

export function isEntryFileField(value: unknown): value is EntryFileField {
  return typeof value === "string" && (ENTRY_FILE_FIELDS as readonly string[]).includes(value);
}

/** The seed §8 failure message for a field, shown when nothing more precise is known. */
export function uploadFailedMessage(field: EntryFileField): string {
  switch (field) {
    case "images":
      return "entry.upload.imageFailed";
    case "video":
      return "entry.upload.videoFailed";
    case "legalCommitment":
      return "entry.upload.legalCommitmentFailed";
    case "copyrightCommitment":
      return "entry.upload.copyrightCommitmentFailed";
    default:
      return "upload.documentFailed";
  }
}

/** Refusals after which uploading again cannot help: the entry can no longer take files. */
const FINAL_UPLOAD_REASONS: ReadonlySet<string> = new Set([
  "entry.problems.submissionClosed",
  "entry.problems.notEditable",
]);

/**
 * What a failed upload says (i18n keys): the field's failure message ("… please re-upload!")
 * and the server's reason when it gave one; only the reason when the entry no longer takes
 * files (the deadline passed during the upload), where uploading again cannot help.
 */
export function uploadFailure(
  field: EntryFileField,
  reason: string | undefined,
): { error: string; reason: string | undefined } {
  if (reason !== undefined && FINAL_UPLOAD_REASONS.has(reason)) {
    return { error: reason, reason: undefined };
  }
  return { error: uploadFailedMessage(field), reason };
}

/** The i18n key in a refusal's body, or the field's failure message when there is none. */
export function uploadErrorKey(body: string | null | undefined, field: EntryFileField): string {
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: unknown };
      if (typeof parsed.error === "string" && /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/.test(parsed.error)) {
        return parsed.error;
      }
    } catch {
      // Not ours (a proxy's page): the generic message.
    }
  }
  return uploadFailedMessage(field);
}
