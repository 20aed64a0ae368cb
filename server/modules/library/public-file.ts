import type { LibraryContext } from "./context";
import { LIBRARY_SERVED_FIELDS } from "./get-library-entry";

const EXTENSIONS: Record<string, string> = {
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
};

export interface PublicEntryFile {
  key: string;
  mime: string;
  /** Named after the entry code and the field (`VX25-TVC-001-video.mp4`), never the upload's name. */
  downloadName: string;
}

/**
 * A file a visitor may open: the entry is published and the file belongs to one of its public
 * fields (video, idea articles, slides). Null otherwise, whatever the reason.
 */
export async function publicEntryFile(
  ctx: LibraryContext,
  entryId: string,
  fileId: string,
): Promise<PublicEntryFile | null> {
  const row = await ctx.db.kysely
    .selectFrom("entry_files as f")
    .innerJoin("library_entries as l", "l.entry_id", "f.entry_id")
    .select(["f.storage_key", "f.mime", "f.field", "l.code"])
    .where("f.id", "=", fileId)
    .where("f.entry_id", "=", entryId)
    .where("f.field", "in", [...LIBRARY_SERVED_FIELDS])
    .executeTakeFirst();
  if (!row) return null;
  const ext = EXTENSIONS[row.mime] ?? "bin";
  const base = `${row.code || "entry"}-${row.field}`.replace(/[^A-Za-z0-9_-]/g, "-");
  return { key: row.storage_key, mime: row.mime, downloadName: `${base}.${ext}` };
}
