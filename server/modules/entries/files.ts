import { imageAdditionProblem, videoAdditionProblem } from "../../../core/entry-eligibility";
import {
  ENTRY_FILE_RULES,
  entryFileProblemMessage,
  type EntryFileField,
} from "../../../core/entry-limits";
import type { EntriesContext } from "./context";
import type { Loaded } from "./load";
import { countStorageKeyUses } from "./queries";
import { valuesOf } from "./values";

/**
 * What attaching, removing and uploading files share. A duplicated entry shares its files'
 * stored objects with the original (rows copied, storage keys reused), so an object is
 * deleted only when no entry file refers to it any more.
 */

const FILE_NAME_MAX_LENGTH = 200;

/**
 * An uploaded file's name, for display only: the last path segment, NFC, no control or
 * bidirectional-override characters, single spaces, at most 200 characters.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const chars = [...cleaned];
  if (chars.length <= FILE_NAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return chars.slice(0, FILE_NAME_MAX_LENGTH - extension.length).join("") + extension;
}

/** Checks of an upload or attachment that do not need the transaction. */
export function additionProblem(loaded: Loaded, field: EntryFileField): string | null {
  const values = valuesOf(loaded.row, loaded.files);
  if (field === "images") return imageAdditionProblem(values);
  // Past submission a new film replaces the video there, the old film or the link
  // (attach-file.ts), as a new document replaces the old one.
  if (field === "video") {
    return videoAdditionProblem(values, { replaces: loaded.row.status !== "draft" });
  }
  return null;
}

/** The size problem of a declared length, as the field's message key. */
export function sizeProblem(field: EntryFileField, bytes: number): string | null {
  // A name and type the rule accepts, so only the size is judged here.
  const rule = ENTRY_FILE_RULES[field];
  return entryFileProblemMessage(field, {
    name: `file${rule.extensions[0]}`,
    type: "",
    size: Number.isFinite(bytes) ? bytes : 0,
  });
}

/** Whether an entry file still refers to the stored object (the upload cleanup keeps it). */
export async function isStorageKeyInUse(ctx: EntriesContext, key: string): Promise<boolean> {
  return (await countStorageKeyUses(ctx.db.kysely, key)) > 0;
}

/** Deletes stored objects no entry file refers to any more (after the transaction). */
export async function releaseKeys(ctx: EntriesContext, keys: readonly string[]): Promise<void> {
  const { storage, logger } = ctx.deps;
  if (!storage) return;
  for (const key of new Set(keys)) {
    if (await isStorageKeyInUse(ctx, key)) continue;
    try {
      await storage.delete(key);
    } catch (error) {
      logger?.error({ err: error, key }, "entry file could not be deleted from storage");
    }
  }
}
