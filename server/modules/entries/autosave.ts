import type { EntriesContext } from "./context";
import { refusedSave, writeDraft } from "./save-draft";
import type { EntryPatch, EntryResult } from "./types";

/** What the form needs after its own save: the entry's new version and code, and when. */
export interface SavedDraft {
  id: string;
  version: number;
  code: string | null;
  updatedAt: string;
  /** Files the save took away (an uploaded film a video link replaced): the page reloads them. */
  removedFileIds: string[];
}

/**
 * The form's autosave: the rules of `saveDraft`, answered with only what the form goes on
 * from (the version its next save names, the code, the time) rather than the whole entry,
 * which it already shows — no summary of what is missing, no image links signed. A refused
 * save is answered as `saveDraft` answers it.
 */
export async function autosave(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
  patch: EntryPatch,
  options: { version?: number } = {},
): Promise<EntryResult<{ saved: SavedDraft }>> {
  const outcome = await writeDraft(ctx, userId, entryId, patch, options);
  if (!("saved" in outcome)) return refusedSave(ctx, entryId, outcome);
  const { row } = outcome.saved;
  return {
    ok: true,
    saved: {
      id: row.id,
      version: Number(row.version),
      code: row.code,
      updatedAt: row.updated_at,
      removedFileIds: outcome.replaced.map((f) => f.id),
    },
  };
}
