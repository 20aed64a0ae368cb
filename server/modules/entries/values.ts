import {
  DRAFT_KEY_OF_FILE_FIELD,
  entryDraftSchema,
  entrySubmissionSchemaFor,
  missingRequirements,
  newlyMissing,
  type EntryDraft,
  type SubmissionOptions,
} from "../../../core/entry";
import {
  ENTRY_FILE_FIELDS,
  judgedThroughCopy,
  type EntryFileField,
} from "../../../core/entry-limits";
import type { EntryFileTable, EntryRow } from "../../db/schema";
import { firstIssueByField } from "../../../core/refusal";
import { invalid } from "./refusals";
import type { EntryFailure, EntryFileView, EntryPatch, MissingItem } from "./types";

/**
 * Between stored rows and the form's values: an entry's columns and files read as the draft
 * schema's values, and validated values written back as columns.
 */

const FILE_DRAFT_KEYS = new Set<string>(Object.values(DRAFT_KEY_OF_FILE_FIELD));

const EMPTY_CREDITS = { companies: [], people: [] };

export function isEntryFileField(value: unknown): value is EntryFileField {
  return typeof value === "string" && (ENTRY_FILE_FIELDS as readonly string[]).includes(value);
}

function parseJson(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

export function toFileView(row: EntryFileTable, removable: boolean): EntryFileView {
  return {
    id: row.id,
    field: row.field as EntryFileField,
    storageKey: row.storage_key,
    name: row.original_name,
    mime: row.mime,
    bytes: Number(row.bytes),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    variants: parseJson(row.variants, null),
    sortOrder: Number(row.sort_order),
    createdAt: row.created_at,
    removable,
  };
}

/** The form's values of a stored entry and its files. */
export function valuesOf(row: EntryRow, files: readonly EntryFileTable[]): EntryDraft {
  const values: Record<string, unknown> = {
    trackId: row.track_id === null ? "" : String(row.track_id),
    categoryId: row.category_id === null ? "" : String(row.category_id),
    brandName: row.brand_name,
    campaignName: row.campaign_name,
    descriptionVi: row.description_vi,
    descriptionEn: row.description_en,
    videoLink: row.video_link,
    credits: parseJson(row.credits, EMPTY_CREDITS),
    imageIds: files.filter((f) => f.field === "images").map((f) => f.id),
  };
  const numbers = {
    startMonth: row.start_month,
    startYear: row.start_year,
    endMonth: row.end_month,
    endYear: row.end_year,
  };
  for (const [key, value] of Object.entries(numbers)) {
    if (value !== null) values[key] = Number(value);
  }
  for (const field of ENTRY_FILE_FIELDS) {
    if (field === "images") continue;
    const file = files.find((f) => f.field === field);
    if (file) values[DRAFT_KEY_OF_FILE_FIELD[field]] = file.id;
  }
  return values as EntryDraft;
}

/**
 * What submit would still ask for, with the field to link to and its message (a field's own
 * problem, such as a link that is not YouTube or Vimeo, before its being missing).
 */
export function missingOf(
  values: EntryDraft,
  videoRequired: boolean,
  unjudgeableFileIds: readonly string[] = [],
): MissingItem[] {
  const items = missingRequirements(values, { videoRequired, unjudgeableFileIds });
  if (items.length === 0) return [];
  const parsed = entrySubmissionSchemaFor({ videoRequired }).safeParse(values);
  const messages = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (!messages.has(field)) messages.set(field, issue.message);
    }
  }
  return items.map(({ field, messageKey, itemKey }) => ({
    field,
    messageKey: messages.get(field) ?? messageKey,
    itemKey,
  }));
}

/**
 * The ids of the entry's films and documents judges cannot receive: those whose storage key
 * the judges'-copy job refused (`unjudgeableKeys`, from `judge_copies`).
 */
export function unjudgeableFileIdsOf(
  files: readonly Pick<EntryFileTable, "id" | "field" | "storage_key">[],
  unjudgeableKeys: ReadonlySet<string>,
): string[] {
  return files
    .filter((f) => judgedThroughCopy(f.field) && unjudgeableKeys.has(f.storage_key))
    .map((f) => f.id);
}

/** Whether the entry's category asks for a video (a category not chosen yet: as most do). */
export function videoRequiredOf(loaded: { category: { video_required: unknown } | null }) {
  return loaded.category ? Boolean(Number(loaded.category.video_required)) : true;
}

/** Stored columns of validated values. */
export function columnsOf(values: EntryDraft) {
  return {
    brand_name: values.brandName ?? "",
    campaign_name: values.campaignName ?? "",
    description_vi: values.descriptionVi ?? "",
    description_en: values.descriptionEn ?? "",
    start_month: values.startMonth ?? null,
    start_year: values.startYear ?? null,
    end_month: values.endMonth ?? null,
    end_year: values.endYear ?? null,
    video_link: values.videoLink ?? "",
    credits: JSON.stringify(values.credits ?? EMPTY_CREDITS),
  };
}

/** A patch as the form sends it: null means "cleared"; file ids are not the form's to set. */
function normalisePatch(patch: EntryPatch | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!patch || typeof patch !== "object") return out;
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (FILE_DRAFT_KEYS.has(key) || value === undefined) continue;
    if (value === null) {
      if (key !== "credits") out[key] = "";
      continue;
    }
    out[key] = value;
  }
  return out;
}

/**
 * Validates `patch` over the stored values (files included, for the cross-field rules). With
 * `keepComplete` (an entry already submitted), a patch that would leave unmet a requirement
 * the entry meets (`before`: the stored values, files included, when `base` leaves out a file
 * the save takes away) is refused, each such field with its message.
 */
export function mergeAndValidate(
  base: EntryDraft,
  patch: EntryPatch | undefined,
  keepComplete?: SubmissionOptions,
  before: EntryDraft = base,
): { ok: true; values: EntryDraft } | EntryFailure {
  const merged = { ...base, ...normalisePatch(patch) };
  const parsed = entryDraftSchema.safeParse(merged);
  if (!parsed.success) return invalid(firstIssueByField(parsed.error.issues, "form"));
  if (keepComplete) {
    const broken = newlyMissing(before, parsed.data, keepComplete);
    if (Object.keys(broken).length > 0) return invalid(broken, "entry.problems.staysComplete");
  }
  return { ok: true, values: parsed.data };
}

/**
 * What removing the file would leave unmet that the entry meets now, by field with its
 * message; empty when it may go. A draft's files always may; once submitted, the entry stays
 * as complete as it is (core `newlyMissing`), so its last picture, legal commitment or film
 * judges can play is replaced rather than removed (attach-file.ts). `options` are the
 * submission's: the category's video rule and the files judges cannot receive.
 */
export function removalBreaks(
  row: EntryRow,
  files: readonly EntryFileTable[],
  fileId: string,
  options: SubmissionOptions,
): Record<string, string> {
  if (row.status === "draft") return {};
  return newlyMissing(
    valuesOf(row, files),
    valuesOf(
      row,
      files.filter((f) => f.id !== fileId),
    ),
    options,
  );
}

/**
 * The uploaded film a save takes away: once submitted, a valid video link saved over an
 * entry holding a film replaces it, as a new upload replaces the film (attach-file.ts). An
 * entry holds one or the other (core/entry.ts), and a submitted entry's only film cannot be
 * removed first when its category requires a video. A draft keeps the rule of removing the
 * film before giving a link. Whether the link is valid is the draft schema's to say.
 */
export function filmsReplacedByLink(
  row: EntryRow,
  files: readonly EntryFileTable[],
  patch: EntryPatch | undefined,
): EntryFileTable[] {
  if (row.status === "draft" || !patch || typeof patch !== "object") return [];
  const link = (patch as Record<string, unknown>).videoLink;
  if (typeof link !== "string" || link.trim() === "") return [];
  return files.filter((f) => f.field === "video");
}
