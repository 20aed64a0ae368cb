import type { Selectable } from "kysely";
import { entryLocksAt } from "../../../core/entry-lock";
import {
  entrantMayWithdraw,
  isEditableByEntrant,
  isEntryStatus,
  type EntryStatus,
} from "../../../core/entry-status";
import type { RegistrantType } from "../../../core/registration";
import { lastSubmissionDeadline, submittedAfterDeadline } from "../../../core/submission-window";
import type { EntryFileTable, EntryRow, SeasonTable, TrackTable } from "../../db/schema";
import type { EntriesContext, Q } from "./context";
import { findEntryWithCatalogue, listEntryFiles, type CategoryRow } from "./queries";
import { entryWindowProblem, windowOf } from "./refusals";
import type { ChangesRequested, EntryCategoryRef, EntryTrackRef, EntryView } from "./types";
import { unjudgeableFileIds } from "./judged-files";
import { missingOf, removalBreaks, toFileView, valuesOf, videoRequiredOf } from "./values";

/** The season's facts the entries rules read: its year, window and fee deadlines. */
export type SeasonFacts = Pick<
  Selectable<SeasonTable>,
  | "id"
  | "year"
  | "submission_opens_at"
  | "submission_closes_at"
  | "early_bird_deadline"
  | "late_deadline"
>;

export type TrackRow = Pick<
  Selectable<TrackTable>,
  "id" | "season_id" | "slug" | "code" | "name_vi" | "name_en"
>;

/** An entry with everything an operation on it reads, loaded once and passed down. */
export interface Loaded {
  row: EntryRow;
  season: SeasonFacts;
  files: EntryFileTable[];
  track: TrackRow | null;
  category: CategoryRow | null;
  /** The owner's registrant type; null for an account without a registrant profile. */
  registrantType: RegistrantType | null;
  /** The reason of the latest move to needs_changes, if any. */
  changesReason: string | null;
  /** A round of the entry's season has opened (no longer a draft). */
  judgingBegun: boolean;
}

/**
 * The entry and its files in two statements (the entry joined with its season, track,
 * category and owner's registrant type; then its files). With `lock`, the entry's row is
 * held for the rest of the transaction on PostgreSQL.
 */
export async function loadEntry(
  ctx: EntriesContext,
  q: Q,
  entryId: string,
  lock = false,
): Promise<Loaded | null> {
  if (typeof entryId !== "string" || entryId.length > 64) return null;
  const found = await findEntryWithCatalogue(q, entryId, lock && ctx.lockRows);
  if (!found) return null;
  const files = await listEntryFiles(q, [found.id]);
  return loadedOf(found, files);
}

/** The caller's own entry, or null (someone else's entry is null too). */
export async function loadOwned(
  ctx: EntriesContext,
  q: Q,
  userId: string,
  entryId: string,
  lock = false,
): Promise<Loaded | null> {
  const loaded = await loadEntry(ctx, q, entryId, lock);
  return loaded && loaded.row.owner_user_id === userId ? loaded : null;
}

function loadedOf(
  found: NonNullable<Awaited<ReturnType<typeof findEntryWithCatalogue>>>,
  files: EntryFileTable[],
): Loaded {
  const row: EntryRow = {
    id: found.id,
    owner_user_id: found.owner_user_id,
    season_id: found.season_id,
    track_id: found.track_id,
    category_id: found.category_id,
    code: found.code,
    status: found.status,
    brand_name: found.brand_name,
    campaign_name: found.campaign_name,
    description_vi: found.description_vi,
    description_en: found.description_en,
    start_month: found.start_month,
    start_year: found.start_year,
    end_month: found.end_month,
    end_year: found.end_year,
    video_link: found.video_link,
    credits: found.credits,
    version: found.version,
    created_at: found.created_at,
    updated_at: found.updated_at,
    submitted_at: found.submitted_at,
    withdrawn_at: found.withdrawn_at,
    status_version: found.status_version,
    changes_due_at: found.changes_due_at,
  };
  const track: TrackRow | null =
    found.track_id === null || found.t_code === null
      ? null
      : {
          id: found.track_id,
          season_id: found.t_season_id!,
          slug: found.t_slug!,
          code: found.t_code,
          name_vi: found.t_name_vi!,
          name_en: found.t_name_en!,
        };
  const category: CategoryRow | null =
    found.category_id === null || found.c_code === null
      ? null
      : {
          id: found.category_id,
          slug: found.c_slug!,
          code: found.c_code,
          name_vi: found.c_name_vi!,
          name_en: found.c_name_en!,
          description_vi: found.c_description_vi!,
          description_en: found.c_description_en!,
          fee_vnd: found.c_fee_vnd!,
          early_bird_fee_vnd: found.c_early_bird_fee_vnd,
          late_fee_vnd: found.c_late_fee_vnd,
          video_required: found.c_video_required!,
          allow_individual: found.c_allow_individual!,
          allow_enterprise: found.c_allow_enterprise!,
          track_id: found.c_track_id!,
          group_slug: found.g_slug!,
          group_name_vi: found.g_name_vi!,
          group_name_en: found.g_name_en!,
        };
  return {
    row,
    season: {
      id: found.season_id,
      year: found.s_year,
      submission_opens_at: found.s_submission_opens_at,
      submission_closes_at: found.s_submission_closes_at,
      early_bird_deadline: found.s_early_bird_deadline,
      late_deadline: found.s_late_deadline,
    },
    files,
    track,
    category,
    registrantType: found.registrant_type,
    changesReason: found.changes_reason ?? null,
    // SQLite answers 0/1, PostgreSQL a boolean.
    judgingBegun: Boolean(Number(found.judging_begun)),
  };
}

/**
 * What the entrant is asked to fix and until when, while the entry needs changes: the date
 * staff gave, and the moment editing ends at `now` with the season's window counted.
 */
export function changesRequestedOf(
  row: Pick<EntryRow, "status" | "changes_due_at">,
  reason: string | null,
  season: Pick<SeasonFacts, "submission_opens_at" | "submission_closes_at" | "late_deadline">,
  now: Date,
): ChangesRequested | null {
  if (row.status !== "needs_changes" || !row.changes_due_at) return null;
  const lock = entryLocksAt(
    { status: row.status, changesDueAt: row.changes_due_at },
    windowOf(season),
    now,
  );
  return {
    reason: reason ?? "",
    dueAt: row.changes_due_at,
    editableUntil: lock ?? { at: row.changes_due_at, by: "changesDue" },
  };
}

export function trackRef(row: TrackRow): EntryTrackRef {
  return {
    id: String(row.id),
    slug: row.slug,
    code: row.code,
    name: { vi: row.name_vi, en: row.name_en },
  };
}

export function categoryRef(row: CategoryRow): EntryCategoryRef {
  return {
    id: String(row.id),
    slug: row.slug,
    code: row.code,
    name: { vi: row.name_vi, en: row.name_en },
    groupName: { vi: row.group_name_vi, en: row.group_name_en },
    feeVnd: Number(row.fee_vnd),
    videoRequired: Boolean(Number(row.video_required)),
  };
}

/**
 * The entry as its owner sees it, from what was loaded and the ids of its files judges cannot
 * receive (`unjudgeableFileIds`, judged-files.ts; `readView` reads them): what is missing and
 * which files may be removed follow the rules submission and removal apply.
 */
export function toView(
  ctx: EntriesContext,
  loaded: Loaded,
  unjudgeable: readonly string[],
): EntryView {
  const { row, season, files, track, category } = loaded;
  const status: EntryStatus = isEntryStatus(row.status) ? row.status : "draft";
  const values = valuesOf(row, files);
  const categoryView = category ? categoryRef(category) : null;
  const options = { videoRequired: videoRequiredOf(loaded), unjudgeableFileIds: unjudgeable };
  const removable = (fileId: string) =>
    Object.keys(removalBreaks(row, files, fileId, options)).length === 0;
  return {
    id: row.id,
    ownerUserId: row.owner_user_id,
    seasonYear: Number(season.year),
    code: row.code,
    status,
    version: Number(row.version),
    statusVersion: Number(row.status_version),
    changesRequested: changesRequestedOf(row, loaded.changesReason, season, ctx.clock()),
    track: track ? trackRef(track) : null,
    category: categoryView,
    values,
    files: files.map((file) => toFileView(file, removable(file.id))),
    missing: missingOf(values, options.videoRequired, unjudgeable),
    unjudgeableFileIds: [...unjudgeable],
    editable: isEditableByEntrant(status) && entryWindowProblem(row, season, ctx.clock()) === null,
    withdrawable: entrantMayWithdraw(status, loaded.judgingBegun),
    judgingBegun: loaded.judgingBegun,
    deletable: status === "draft" && row.submitted_at === null,
    entriesCloseAt: season.submission_closes_at
      ? lastSubmissionDeadline({
          submissionClosesAt: season.submission_closes_at,
          lateDeadline: season.late_deadline,
        })
      : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    submittedLate: submittedAfterDeadline(row.submitted_at, windowOf(season)),
    withdrawnAt: row.withdrawn_at,
  };
}

/** `toView` with the files judges cannot receive read through `q` (images not signed). */
export async function readView(ctx: EntriesContext, q: Q, loaded: Loaded): Promise<EntryView> {
  return toView(ctx, loaded, await unjudgeableFileIds(q, loaded.files));
}

/** The entry as it is now in the database, images signed (after a change was committed). */
export async function viewOf(ctx: EntriesContext, entryId: string): Promise<EntryView> {
  const loaded = await loadEntry(ctx, ctx.db.kysely, entryId);
  if (!loaded) throw new Error(`Entry ${entryId} vanished`);
  return withFreshImages(ctx, await readView(ctx, ctx.db.kysely, loaded));
}

/**
 * The entry with its images' variants looked up by media id and signed now: only the id is
 * what counts in the stored `variants` (an older row's stored `src` is a link that expired).
 */
export async function withFreshImages(ctx: EntriesContext, entry: EntryView): Promise<EntryView> {
  const mediaIdOf = (variants: unknown) => {
    const id = (variants as { mediaId?: unknown } | null)?.mediaId;
    return typeof id === "number" ? id : null;
  };
  const images = entry.files.filter((f) => f.field === "images" && mediaIdOf(f.variants));
  if (!ctx.deps.images || images.length === 0) return entry;
  const resolved = await ctx.deps.images.resolveMany(
    images.map((f) => ({ mediaId: mediaIdOf(f.variants)! })),
  );
  const fresh = new Map(images.map((f, i) => [f.id, resolved[i] ?? null]));
  return {
    ...entry,
    files: entry.files.map((file) => {
      if (!fresh.has(file.id)) return file;
      const image = fresh.get(file.id);
      const mediaId = mediaIdOf(file.variants)!;
      return {
        ...file,
        variants: image ? { mediaId, src: image.src, srcset: image.srcset } : { mediaId },
      };
    }),
  };
}
