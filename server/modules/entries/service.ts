import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { pickLang } from "../../../core/category-tree";
import { formatDate } from "../../../core/dates";
import {
  categoryProblem,
  entryDraftSchema,
  entrySubmissionSchemaFor,
  imageAdditionProblem,
  missingItems,
  videoAdditionProblem,
  type EntryDraft,
} from "../../../core/entry";
import { formatEntryCode } from "../../../core/entry-code";
import {
  ENTRY_DRAFTS_PER_SEASON_MAX,
  ENTRY_FILE_FIELDS,
  ENTRY_FILE_RULES,
  entryFileProblemMessage,
  type EntryFileField,
} from "../../../core/entry-limits";
import {
  canTransition,
  isEditableByEntrant,
  isEntryStatus,
  type EntryStatus,
} from "../../../core/entry-status";
import { entryFeeAt, type FeeQuote } from "../../../core/fees";
import { localizePath, type Lang } from "../../../core/languages";
import type { RegistrantType } from "../../../core/registration";
import { submissionWindowState } from "../../../core/submission-window";
import type { Db } from "../../db/database";
import { currentPublicUrl } from "../../public-url";
import type {
  Database,
  EntryFileTable,
  EntryTable,
  SeasonTable as SeasonColumns,
} from "../../db/schema";

type SeasonTable = Selectable<SeasonColumns>;
import type { MailService } from "../mail/service";
import type { SeasonsService } from "../seasons/service";
import {
  countStorageKeyUses,
  findCategory,
  findEntry,
  findRegistrantType,
  findSeasonById,
  findSeasonByYear,
  findTrack,
  findUserContact,
  isEmailVerified,
  listEntryFiles,
  listSeasonCatalogue,
  nextCodeNumber,
  type CategoryRow,
} from "./queries";
import type {
  AttachFileInput,
  EntryCategoryRef,
  EntryErrorCode,
  EntryFailure,
  EntryFileView,
  EntryFormOptions,
  EntryPatch,
  EntryResult,
  EntrySummary,
  EntryTrackRef,
  EntryView,
  MissingItem,
} from "./types";

export type * from "./types";

/**
 * The entries domain (PRODUCT §3): drafts that save as the entrant types, entry codes,
 * files attached after their (tus) upload, submission with every seed §5 rule, withdrawal,
 * duplication into another category, and the entrant's dashboard.
 *
 * Rules the server holds whatever the browser does:
 * - only the owner reads or changes an entry; someone else's entry is "not found";
 * - every change (save, attach, remove, submit, duplicate) needs the season's submission
 *   window open — after the deadline entries are read-only; withdrawal stays possible
 *   before judging (the status machine decides);
 * - `version` guards the form's fields against a stale tab overwriting a newer save; files
 *   are added and removed one by one and do not move the version, so an upload finishing
 *   in the background never makes the form's next autosave a conflict;
 * - a duplicated entry shares its files' stored objects with the original (the rows are
 *   copied, the storage keys reused); an object is deleted only when no entry file refers
 *   to it any more.
 */

/** What the entries service needs of the file storage: removing an object no entry uses any more. */
export interface EntryFileStorage {
  delete(key: string): Promise<void>;
}

/**
 * What the entries service needs of the media module: an uploaded image's variants by media id,
 * private ones with freshly signed links (a stored link would expire while the form is open).
 */
export interface EntryImages {
  resolveMany(
    refs: readonly { mediaId: number }[],
  ): Promise<({ id: number | null; src: string; srcset: unknown } | null)[]>;
}

export interface EntriesDeps {
  seasons: Pick<SeasonsService, "current">;
  /** Signs image links each time an entry is read (without it, `variants` is as stored). */
  images?: EntryImages;
  mail: Pick<MailService, "send">;
  storage?: EntryFileStorage;
  clock?: () => Date;
  /** The site's address, for the dashboard link in the receipt. */
  publicUrl?: string;
  /** Where failures that must not fail the operation go (a receipt that could not be sent). */
  logger?: { error: (obj: object, msg: string) => void };
}

export type EntriesService = ReturnType<typeof createEntriesService>;

type Q = Kysely<Database>;

/** Form field of each file field (`images` → `imageIds`, `video` → `videoFileId`). */
const DRAFT_KEY_OF_FILE_FIELD: Readonly<Record<EntryFileField, keyof EntryDraft>> = {
  images: "imageIds",
  video: "videoFileId",
  ideaArticleVi: "ideaArticleViFileId",
  ideaArticleEn: "ideaArticleEnFileId",
  slidesVi: "slidesViFileId",
  slidesEn: "slidesEnFileId",
  legalCommitment: "legalCommitmentFileId",
  copyrightCommitment: "copyrightCommitmentFileId",
};
const FILE_DRAFT_KEYS = new Set<string>(Object.values(DRAFT_KEY_OF_FILE_FIELD));

/** The form field each `entry.missing.*` item links to (core/entry.ts REQUIREMENTS). */
const FIELD_OF_MISSING_ITEM: Readonly<Record<string, string>> = {
  track: "trackId",
  category: "categoryId",
  brandName: "brandName",
  campaignName: "campaignName",
  descriptionVi: "descriptionVi",
  descriptionEn: "descriptionEn",
  startMonth: "startMonth",
  startYear: "startYear",
  images: "imageIds",
  video: "videoFileId",
  ideaArticleOrSlides: "ideaArticleViFileId",
  legalCommitment: "legalCommitmentFileId",
  copyrightCommitment: "copyrightCommitmentFileId",
};

const EMPTY_CREDITS = { companies: [], people: [] };
const FILE_NAME_MAX_LENGTH = 200;

function fail(
  error: EntryErrorCode,
  messageKey: string,
  extra: Partial<EntryFailure> = {},
): EntryFailure {
  return { ok: false, error, messageKey, ...extra };
}
const notFound = () => fail("not_found", "entry.problems.notFound");

function isEntryFileField(value: unknown): value is EntryFileField {
  return typeof value === "string" && (ENTRY_FILE_FIELDS as readonly string[]).includes(value);
}

/** A catalogue id as the form sends it ("12") → the row id, or null. */
function catalogueId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

/** The season's window as a refusal, or null while submission is open. */
function windowProblem(season: SeasonTable, now: Date): EntryFailure | null {
  const state = submissionWindowState(
    {
      submissionOpensAt: season.submission_opens_at,
      submissionClosesAt: season.submission_closes_at,
    },
    now,
  ).state;
  if (state === "open") return null;
  return fail(
    "closed",
    state === "closed" ? "entry.problems.submissionClosed" : "entry.problems.submissionNotOpen",
  );
}

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

function parseJson(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

function toFileView(row: EntryFileTable): EntryFileView {
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
  };
}

/** The form's values of a stored entry and its files. */
function valuesOf(row: EntryTable, files: readonly EntryFileTable[]): EntryDraft {
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

/** What submit would still ask for, with the field to link to and its message. */
function missingOf(values: EntryDraft, videoRequired: boolean): MissingItem[] {
  const items = missingItems(values, { videoRequired });
  if (items.length === 0) return [];
  const parsed = entrySubmissionSchemaFor({ videoRequired }).safeParse(values);
  const messages = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (!messages.has(field)) messages.set(field, issue.message);
    }
  }
  return items.map((itemKey) => {
    const field = FIELD_OF_MISSING_ITEM[itemKey.replace(/^entry\.missing\./, "")] ?? "";
    return { field, messageKey: messages.get(field) ?? "validation.required", itemKey };
  });
}

function trackRef(row: {
  id: number;
  slug: string;
  code: string;
  name_vi: string;
  name_en: string;
}): EntryTrackRef {
  return {
    id: String(row.id),
    slug: row.slug,
    code: row.code,
    name: { vi: row.name_vi, en: row.name_en },
  };
}

function categoryRef(row: CategoryRow): EntryCategoryRef {
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

/** The category's prices. The catalogue has one price per category today: it is every tier's. */
function categoryFees(category: Pick<EntryCategoryRef, "feeVnd">) {
  return { standardVnd: category.feeVnd };
}

function feeQuoteOf(season: SeasonTable, category: EntryCategoryRef | null, now: Date) {
  if (!category || !season.submission_closes_at) return null;
  return entryFeeAt(
    {
      earlyBirdDeadline: season.early_bird_deadline,
      submissionClosesAt: season.submission_closes_at,
      lateDeadline: season.late_deadline,
    },
    categoryFees(category),
    now,
  );
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

function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

export function createEntriesService(db: Db, deps: EntriesDeps) {
  const clock = deps.clock ?? (() => new Date());
  const publicUrl = deps.publicUrl ?? "http://localhost:3000";
  const lockRows = db.kind === "postgres";

  interface Loaded {
    row: EntryTable;
    season: SeasonTable;
    files: EntryFileTable[];
    track: EntryTrackRef | null;
    category: EntryCategoryRef | null;
  }

  async function load(q: Q, entryId: string, lock = false): Promise<Loaded | null> {
    if (typeof entryId !== "string" || entryId.length > 64) return null;
    const row = await findEntry(q, entryId, lock && lockRows);
    if (!row) return null;
    const [season, files, track, category] = await Promise.all([
      findSeasonById(q, row.season_id),
      listEntryFiles(q, [row.id]),
      row.track_id === null ? undefined : findTrack(q, row.track_id),
      row.category_id === null ? undefined : findCategory(q, row.category_id),
    ]);
    if (!season) throw new Error(`Entry ${row.id} has no season`);
    return {
      row,
      season,
      files,
      track: track ? trackRef(track) : null,
      category: category ? categoryRef(category) : null,
    };
  }

  async function loadOwned(q: Q, userId: string, entryId: string, lock = false) {
    const loaded = await load(q, entryId, lock);
    return loaded && loaded.row.owner_user_id === userId ? loaded : null;
  }

  function toView(loaded: Loaded): EntryView {
    const { row, season, files, track, category } = loaded;
    const status: EntryStatus = isEntryStatus(row.status) ? row.status : "draft";
    const values = valuesOf(row, files);
    return {
      id: row.id,
      ownerUserId: row.owner_user_id,
      seasonYear: Number(season.year),
      code: row.code,
      status,
      version: Number(row.version),
      track,
      category,
      values,
      files: files.map(toFileView),
      missing: missingOf(values, category?.videoRequired ?? true),
      editable: isEditableByEntrant(status) && windowProblem(season, clock()) === null,
      submissionClosesAt: season.submission_closes_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      submittedAt: row.submitted_at,
      withdrawnAt: row.withdrawn_at,
    };
  }

  async function view(entryId: string): Promise<EntryView> {
    const loaded = await load(db.kysely, entryId);
    if (!loaded) throw new Error(`Entry ${entryId} vanished`);
    return withFreshImages(toView(loaded));
  }

  /**
   * The entry with its images' variants looked up by media id and signed now: only the id is
   * what counts in the stored `variants` (an older row's stored `src` is a link that expired).
   */
  async function withFreshImages(entry: EntryView): Promise<EntryView> {
    const mediaIdOf = (variants: unknown) => {
      const id = (variants as { mediaId?: unknown } | null)?.mediaId;
      return typeof id === "number" ? id : null;
    };
    const images = entry.files.filter((f) => f.field === "images" && mediaIdOf(f.variants));
    if (!deps.images || images.length === 0) return entry;
    const resolved = await deps.images.resolveMany(
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

  /** Refusal when the entrant may not change the entry now (status, then the season's window). */
  function writeProblem(loaded: Loaded): EntryFailure | null {
    const status = loaded.row.status as EntryStatus;
    if (!isEditableByEntrant(status)) return fail("not_editable", "entry.problems.notEditable");
    return windowProblem(loaded.season, clock());
  }

  /**
   * Refusal when the entrant already holds the season's maximum of drafts. Inside the
   * transaction that adds one; on PostgreSQL the user's row is locked so parallel creations
   * count one after another (SQLite runs one write transaction at a time anyway).
   */
  async function draftQuotaProblem(
    q: Q,
    userId: string,
    seasonId: number,
  ): Promise<EntryFailure | null> {
    if (lockRows) {
      await q.selectFrom("user").select("id").where("id", "=", userId).forUpdate().execute();
    }
    const { n } = await q
      .selectFrom("entries")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("owner_user_id", "=", userId)
      .where("season_id", "=", seasonId)
      .where("status", "=", "draft")
      .executeTakeFirstOrThrow();
    return Number(n) >= ENTRY_DRAFTS_PER_SEASON_MAX
      ? fail("invalid", "entry.problems.tooManyDrafts")
      : null;
  }

  async function registrantTypeOf(q: Q, userId: string): Promise<RegistrantType | null> {
    const row = await findRegistrantType(q, userId);
    return row ? row.type : null;
  }

  /**
   * Checks the track and category chosen in `values` against the season's catalogue and the
   * registrant's type; the category decides the track when none is chosen.
   */
  async function resolveCatalogue(
    q: Q,
    seasonId: number,
    values: EntryDraft,
    registrantType: RegistrantType,
  ): Promise<
    | { ok: true; trackId: number | null; categoryId: number | null; category: CategoryRow | null }
    | EntryFailure
  > {
    const invalid = (field: string, key: string) =>
      fail("invalid", key, { fieldErrors: { [field]: key } });
    let trackId: number | null = null;
    if (values.trackId) {
      trackId = catalogueId(values.trackId);
      const track = trackId === null ? undefined : await findTrack(q, trackId);
      if (!track || Number(track.season_id) !== seasonId)
        return invalid("trackId", "entry.problems.trackNotFound");
    }
    let category: CategoryRow | null = null;
    if (values.categoryId) {
      const id = catalogueId(values.categoryId);
      category = (id === null ? undefined : await findCategory(q, id)) ?? null;
      if (!category) return invalid("categoryId", "entry.problems.categoryNotInTrack");
      const categoryTrack = Number(category.track_id);
      if (trackId === null) {
        const track = await findTrack(q, categoryTrack);
        if (!track || Number(track.season_id) !== seasonId)
          return invalid("categoryId", "entry.problems.categoryNotInTrack");
        trackId = categoryTrack;
      } else if (categoryTrack !== trackId) {
        return invalid("categoryId", "entry.problems.categoryNotInTrack");
      }
      const problem = categoryProblem(
        {
          allowIndividual: Boolean(Number(category.allow_individual)),
          allowEnterprise: Boolean(Number(category.allow_enterprise)),
        },
        registrantType,
      );
      if (problem) return invalid("categoryId", problem);
    }
    return { ok: true, trackId, categoryId: category ? Number(category.id) : null, category };
  }

  /** A fresh entry code for the season, track and category, numbered inside the transaction. */
  async function issueCode(
    q: Q,
    season: SeasonTable,
    trackId: number,
    category: CategoryRow,
  ): Promise<string> {
    const track = await findTrack(q, trackId);
    if (!track) throw new Error(`No track ${trackId}`);
    const yy = String(Number(season.year) % 100).padStart(2, "0");
    const prefix = `${track.code}${yy}-${category.code}`;
    const sequence = await nextCodeNumber(q, Number(season.id), prefix);
    return formatEntryCode({
      trackCode: track.code,
      seasonYear: Number(season.year),
      categoryCode: category.code,
      sequence,
    });
  }

  /** The prefix of a code (`VX26-TVC`), to tell whether a new category needs a new code. */
  const codePrefix = (code: string) => code.slice(0, code.lastIndexOf("-"));

  /** Stored columns of validated values. */
  function columnsOf(values: EntryDraft) {
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

  /** Validates `patch` over the stored values (files included, for the cross-field rules). */
  function mergeAndValidate(
    base: EntryDraft,
    patch: EntryPatch | undefined,
  ): { ok: true; values: EntryDraft } | EntryFailure {
    const merged = { ...base, ...normalisePatch(patch) };
    const parsed = entryDraftSchema.safeParse(merged);
    if (!parsed.success) {
      return fail("invalid", "entry.problems.invalid", {
        fieldErrors: fieldErrorsOf(parsed.error.issues),
      });
    }
    return { ok: true, values: parsed.data };
  }

  /** Deletes stored objects no entry file refers to any more (after the transaction). */
  async function releaseKeys(keys: readonly string[]): Promise<void> {
    if (!deps.storage) return;
    for (const key of new Set(keys)) {
      if ((await countStorageKeyUses(db.kysely, key)) > 0) continue;
      try {
        await deps.storage.delete(key);
      } catch (error) {
        deps.logger?.error({ err: error, key }, "entry file could not be deleted from storage");
      }
    }
  }

  const now = () => clock().toISOString();

  async function sendReceipt(entry: EntryView): Promise<boolean> {
    const user = await findUserContact(db.kysely, entry.ownerUserId);
    if (!user) return false;
    const lang: Lang = user.lang === "en" ? "en" : "vi";
    try {
      await deps.mail.send("entryReceipt", user.email, lang, {
        name: user.name,
        url: `${currentPublicUrl(publicUrl)}${localizePath("/tai-khoan", lang)}`,
        code: entry.code ?? "",
        title: entry.values.campaignName ?? "",
        category: entry.category ? pickLang(entry.category.name, lang) : "",
        submittedAt: formatDate(entry.submittedAt ?? now(), lang),
        deadline: entry.submissionClosesAt ? formatDate(entry.submissionClosesAt, lang) : "—",
      });
      return true;
    } catch (error) {
      deps.logger?.error({ err: error, entryId: entry.id }, "entry receipt could not be sent");
      return false;
    }
  }

  /** Checks of an upload or attachment that do not need the transaction. */
  function additionProblem(loaded: Loaded, field: EntryFileField): string | null {
    const values = valuesOf(loaded.row, loaded.files);
    if (field === "images") return imageAdditionProblem(values);
    if (field === "video") return videoAdditionProblem(values);
    return null;
  }

  /** The size problem of a declared length, as the field's message key. */
  function sizeProblem(field: EntryFileField, bytes: number): string | null {
    // A name and type the rule accepts, so only the size is judged here.
    const rule = ENTRY_FILE_RULES[field];
    return entryFileProblemMessage(field, {
      name: `file${rule.extensions[0]}`,
      type: "",
      size: Number.isFinite(bytes) ? bytes : 0,
    });
  }

  return {
    /** The current season, its window and the tracks/categories open to this registrant. */
    async formOptions(userId: string): Promise<EntryResult<{ options: EntryFormOptions }>> {
      const type = await registrantTypeOf(db.kysely, userId);
      if (!type) return fail("not_entrant", "entry.problems.notEntrant");
      const current = await deps.seasons.current();
      const season = current ? await findSeasonByYear(db.kysely, current.year) : undefined;
      if (!season) return fail("closed", "entry.problems.submissionNotOpen");
      const rows = await listSeasonCatalogue(db.kysely, Number(season.id));
      const tracks: EntryFormOptions["tracks"] = [];
      for (const row of rows) {
        let track = tracks.find((t) => t.id === String(row.track_id));
        if (!track) {
          track = {
            id: String(row.track_id),
            slug: row.track_slug,
            code: row.track_code,
            name: { vi: row.track_name_vi, en: row.track_name_en },
            groups: [],
          };
          tracks.push(track);
        }
        if (row.group_slug === null || row.category_id === null) continue;
        const open =
          categoryProblem(
            {
              allowIndividual: Boolean(Number(row.allow_individual)),
              allowEnterprise: Boolean(Number(row.allow_enterprise)),
            },
            type,
          ) === null;
        if (!open) continue;
        let group = track.groups.find((g) => g.slug === row.group_slug);
        if (!group) {
          group = {
            slug: row.group_slug,
            name: { vi: row.group_name_vi ?? "", en: row.group_name_en ?? "" },
            categories: [],
          };
          track.groups.push(group);
        }
        group.categories.push({
          id: String(row.category_id),
          slug: row.category_slug ?? "",
          code: row.category_code ?? "",
          name: { vi: row.category_name_vi ?? "", en: row.category_name_en ?? "" },
          description: {
            vi: row.category_description_vi ?? "",
            en: row.category_description_en ?? "",
          },
          feeVnd: Number(row.fee_vnd ?? 0),
          videoRequired: Boolean(Number(row.video_required)),
        });
      }
      return {
        ok: true,
        options: {
          seasonYear: Number(season.year),
          submission: submissionWindowState(
            {
              submissionOpensAt: season.submission_opens_at,
              submissionClosesAt: season.submission_closes_at,
            },
            clock(),
          ),
          registrantType: type,
          tracks,
        },
      };
    },

    /**
     * A new draft in the current season, with `input` as its first save (validated the same
     * way; nothing is created when it is refused). Gets its code when a category is chosen.
     */
    async createDraft(
      userId: string,
      input?: EntryPatch,
    ): Promise<EntryResult<{ entry: EntryView }>> {
      const type = await registrantTypeOf(db.kysely, userId);
      if (!type) return fail("not_entrant", "entry.problems.notEntrant");
      const current = await deps.seasons.current();
      const season = current ? await findSeasonByYear(db.kysely, current.year) : undefined;
      if (!season) return fail("closed", "entry.problems.submissionNotOpen");
      const closed = windowProblem(season, clock());
      if (closed) return closed;
      const checked = mergeAndValidate({} as EntryDraft, input);
      if (!checked.ok) return checked;
      const id = randomUUID();
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const quota = await draftQuotaProblem(trx, userId, Number(season.id));
        if (quota) return quota;
        const catalogue = await resolveCatalogue(trx, Number(season.id), checked.values, type);
        if (!catalogue.ok) return catalogue;
        const stamp = now();
        const code =
          catalogue.category && catalogue.trackId !== null
            ? await issueCode(trx, season, catalogue.trackId, catalogue.category)
            : null;
        await trx
          .insertInto("entries")
          .values({
            id,
            owner_user_id: userId,
            season_id: Number(season.id),
            track_id: catalogue.trackId,
            category_id: catalogue.categoryId,
            code,
            status: "draft",
            ...columnsOf(checked.values),
            version: 1,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        return null;
      });
      if (outcome) return outcome;
      return { ok: true, entry: await view(id) };
    },

    /** The owner's entry, or null (someone else's entry is null too). */
    async get(userId: string, entryId: string): Promise<EntryView | null> {
      const loaded = await loadOwned(db.kysely, userId, entryId);
      return loaded ? withFreshImages(toView(loaded)) : null;
    },

    /** Any entry, for the back office (the route checks the staff role). */
    async getForStaff(entryId: string): Promise<EntryView | null> {
      const loaded = await load(db.kysely, entryId);
      return loaded ? withFreshImages(toView(loaded)) : null;
    },

    /**
     * Autosave: applies `patch` (any subset of the form's fields; file ids are ignored — files
     * are attached and removed on their own — except `imageIds` holding exactly the entry's
     * images in a new order, which reorders them) over the stored values, validated with the
     * draft schema. With `version`, a save over a newer version is refused as a conflict carrying the
     * entry as it is now. The first save with a category issues the code; while still a draft,
     * moving to a category with another code issues a new one. After submission the track and
     * category no longer change (the fee and the code depend on them).
     */
    async saveDraft(
      userId: string,
      entryId: string,
      patch: EntryPatch,
      options: { version?: number } = {},
    ): Promise<EntryResult<{ entry: EntryView }>> {
      const type = await registrantTypeOf(db.kysely, userId);
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const loaded = await loadOwned(trx, userId, entryId, true);
        if (!loaded) return notFound();
        const refused = writeProblem(loaded);
        if (refused) return refused;
        if (!type) return fail("not_entrant", "entry.problems.notEntrant");
        const { row, season } = loaded;
        if (options.version !== undefined && options.version !== Number(row.version)) {
          return fail("conflict", "entry.problems.versionConflict", { entry: toView(loaded) });
        }
        const checked = mergeAndValidate(valuesOf(row, loaded.files), patch);
        if (!checked.ok) return checked;
        const catalogue = await resolveCatalogue(trx, Number(season.id), checked.values, type);
        if (!catalogue.ok) return catalogue;
        const catalogueChanged =
          catalogue.trackId !== row.track_id || catalogue.categoryId !== row.category_id;
        if (catalogueChanged && row.status !== "draft") {
          return fail("invalid", "entry.problems.categoryLocked", {
            fieldErrors: { categoryId: "entry.problems.categoryLocked" },
          });
        }
        let code = row.code;
        if (catalogue.category && catalogue.trackId !== null) {
          const track = await findTrack(trx, catalogue.trackId);
          const yy = String(Number(season.year) % 100).padStart(2, "0");
          const wanted = `${track?.code ?? ""}${yy}-${catalogue.category.code}`;
          if (code === null || (row.status === "draft" && codePrefix(code) !== wanted)) {
            code = await issueCode(trx, season, catalogue.trackId, catalogue.category);
          }
        }
        const order = patch?.imageIds;
        const images = loaded.files.filter((f) => f.field === "images");
        if (
          Array.isArray(order) &&
          order.length === images.length &&
          new Set(order).size === order.length &&
          images.every((f) => order.includes(f.id))
        ) {
          for (const [index, fileId] of order.entries()) {
            await trx
              .updateTable("entry_files")
              .set({ sort_order: index })
              .where("id", "=", fileId)
              .where("entry_id", "=", row.id)
              .execute();
          }
        }
        const result = await trx
          .updateTable("entries")
          .set({
            ...columnsOf(checked.values),
            track_id: catalogue.trackId,
            category_id: catalogue.categoryId,
            code,
            version: Number(row.version) + 1,
            updated_at: now(),
          })
          .where("id", "=", row.id)
          .where("version", "=", row.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) {
          return fail("conflict", "entry.problems.versionConflict");
        }
        return null;
      });
      if (outcome) {
        if (outcome.error === "conflict") {
          return {
            ...outcome,
            entry: outcome.entry ? await withFreshImages(outcome.entry) : await view(entryId),
          };
        }
        return outcome;
      }
      return { ok: true, entry: await view(entryId) };
    },

    /**
     * Whether the owner may start (or continue) an upload of `declaredBytes` to the field: null,
     * or the i18n key of the reason (the tus plugin asks before accepting any byte). With
     * `declared`, the name and type the browser declared are checked too.
     */
    async uploadAllowed(
      userId: string,
      entryId: string,
      field: EntryFileField,
      declaredBytes: number,
      declared?: { name?: string; mime?: string },
    ): Promise<string | null> {
      if (!isEntryFileField(field)) return "entry.problems.invalid";
      const loaded = await loadOwned(db.kysely, userId, entryId);
      if (!loaded) return "entry.problems.notFound";
      const refused = writeProblem(loaded);
      if (refused) return refused.messageKey;
      const size = sizeProblem(field, declaredBytes);
      if (size) return size;
      if (declared?.name !== undefined) {
        const problem = entryFileProblemMessage(field, {
          name: declared.name,
          type: declared.mime ?? "",
          size: declaredBytes,
        });
        if (problem) return problem;
      }
      return additionProblem(loaded, field);
    },

    /**
     * Attaches a stored file (after the tus upload finished and its content was checked) to
     * the field. Images: at most 12. Video: refused while a video file or link is there
     * ("remove it first"). Other fields hold one file: a new one replaces the old. Attaching
     * the same storage key to the same field again returns the file already attached, so a
     * retried completion never adds a copy. On refusal the caller deletes the stored object.
     */
    async attachFile(
      userId: string,
      entryId: string,
      field: EntryFileField,
      file: AttachFileInput,
    ): Promise<EntryResult<{ file: EntryFileView; entry: EntryView }>> {
      if (!isEntryFileField(field)) {
        return fail("invalid", "entry.problems.invalid", {
          fieldErrors: { form: "entry.problems.invalid" },
        });
      }
      const formField = DRAFT_KEY_OF_FILE_FIELD[field];
      const invalid = (key: string) => fail("invalid", key, { fieldErrors: { [formField]: key } });
      const rule = ENTRY_FILE_RULES[field];
      const size = sizeProblem(field, Number(file.bytes));
      if (size) return invalid(size);
      if (!rule.mimeTypes.includes(String(file.mime).toLowerCase())) {
        return invalid(
          entryFileProblemMessage(field, { name: "file.unknown", type: "", size: 1 }) ??
            "entry.problems.invalid",
        );
      }
      if (typeof file.key !== "string" || file.key === "" || file.key.length > 512) {
        return invalid("entry.problems.invalid");
      }
      const name = cleanFileName(String(file.name ?? ""));
      if (name === "") return invalid("entry.problems.fileName");

      const released: string[] = [];
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const loaded = await loadOwned(trx, userId, entryId, true);
        if (!loaded) return notFound();
        const refused = writeProblem(loaded);
        if (refused) return refused;
        const again = loaded.files.find((f) => f.field === field && f.storage_key === file.key);
        if (again) return { id: again.id };
        const problem = additionProblem(loaded, field);
        if (problem) return invalid(problem);
        if (field !== "images") {
          const replaced = loaded.files.filter((f) => f.field === field);
          for (const old of replaced) {
            await trx.deleteFrom("entry_files").where("id", "=", old.id).execute();
            released.push(old.storage_key);
          }
        }
        const order =
          field === "images"
            ? Math.max(
                0,
                ...loaded.files
                  .filter((f) => f.field === field)
                  .map((f) => Number(f.sort_order) + 1),
              )
            : 0;
        const id = randomUUID();
        const stamp = now();
        await trx
          .insertInto("entry_files")
          .values({
            id,
            entry_id: loaded.row.id,
            field,
            storage_key: file.key,
            original_name: name,
            mime: String(file.mime).toLowerCase(),
            bytes: Number(file.bytes),
            width: file.width ?? null,
            height: file.height ?? null,
            duration_seconds: file.durationSeconds ?? null,
            variants: JSON.stringify(file.variants ?? null),
            sort_order: order,
            created_at: stamp,
          })
          .execute();
        await trx
          .updateTable("entries")
          .set({ updated_at: stamp })
          .where("id", "=", loaded.row.id)
          .execute();
        return { id };
      });
      if ("ok" in outcome) return outcome;
      await releaseKeys(released);
      const entry = await view(entryId);
      const attached = entry.files.find((f) => f.id === outcome.id);
      if (!attached) throw new Error(`Attached file ${outcome.id} vanished`);
      return { ok: true, file: attached, entry };
    },

    /** Removes a file from the owner's entry; its stored object goes when no entry uses it. */
    async removeFile(
      userId: string,
      entryId: string,
      fileId: string,
    ): Promise<EntryResult<{ entry: EntryView; removed: EntryFileView }>> {
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const loaded = await loadOwned(trx, userId, entryId, true);
        if (!loaded) return notFound();
        const refused = writeProblem(loaded);
        if (refused) return refused;
        const file = loaded.files.find((f) => f.id === fileId);
        if (!file) return fail("not_found", "entry.problems.fileNotFound");
        await trx.deleteFrom("entry_files").where("id", "=", file.id).execute();
        await trx
          .updateTable("entries")
          .set({ updated_at: now() })
          .where("id", "=", loaded.row.id)
          .execute();
        return file;
      });
      if ("ok" in outcome) return outcome;
      await releaseKeys([outcome.storage_key]);
      return { ok: true, entry: await view(entryId), removed: toFileView(outcome) };
    },

    /**
     * Submits a draft (or an entry sent back for changes): every seed §5 rule with the
     * category's video requirement; refused with the list of what is missing. Sends the
     * receipt in the entrant's language; a receipt that cannot be sent is logged and
     * reported as `receiptSent: false`, the submission stands.
     */
    async submit(
      userId: string,
      entryId: string,
    ): Promise<EntryResult<{ entry: EntryView; receiptSent: boolean }>> {
      const type = await registrantTypeOf(db.kysely, userId);
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const loaded = await loadOwned(trx, userId, entryId, true);
        if (!loaded) return notFound();
        const status = loaded.row.status as EntryStatus;
        if (!canTransition(status, "submitted", "entrant")) {
          return fail(
            "not_editable",
            status === "submitted" || status === "paid"
              ? "entry.problems.alreadySubmitted"
              : "entry.problems.notEditable",
          );
        }
        const closed = windowProblem(loaded.season, clock());
        if (closed) return closed;
        if (!type) return fail("not_entrant", "entry.problems.notEntrant");
        // Drafts may start before the address is confirmed; submitting needs it (PRODUCT §1).
        if (!(await isEmailVerified(trx, userId))) {
          return fail("unverified", "entry.problems.emailUnverified");
        }
        const values = valuesOf(loaded.row, loaded.files);
        const missing = missingOf(values, loaded.category?.videoRequired ?? true);
        if (missing.length > 0) {
          return fail("incomplete", "entry.problems.incomplete", {
            missing,
            fieldErrors: Object.fromEntries(missing.map((m) => [m.field, m.messageKey])),
          });
        }
        // The rules may have changed since the last save: check them all again.
        const parsed = entrySubmissionSchemaFor({
          videoRequired: loaded.category?.videoRequired ?? true,
        }).safeParse(values);
        if (!parsed.success) {
          return fail("invalid", "entry.problems.invalid", {
            fieldErrors: fieldErrorsOf(parsed.error.issues),
          });
        }
        const catalogue = await resolveCatalogue(trx, Number(loaded.season.id), values, type);
        if (!catalogue.ok) return catalogue;
        const stamp = now();
        await trx
          .updateTable("entries")
          .set({
            status: "submitted",
            submitted_at: stamp,
            updated_at: stamp,
            version: Number(loaded.row.version) + 1,
          })
          .where("id", "=", loaded.row.id)
          .execute();
        return null;
      });
      if (outcome) return outcome;
      const entry = await view(entryId);
      const receiptSent = await sendReceipt(entry);
      return { ok: true, entry, receiptSent };
    },

    /** Withdraws the owner's entry (any state before judging, deadline or not). */
    async withdraw(userId: string, entryId: string): Promise<EntryResult<{ entry: EntryView }>> {
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const loaded = await loadOwned(trx, userId, entryId, true);
        if (!loaded) return notFound();
        if (!canTransition(loaded.row.status as EntryStatus, "withdrawn", "entrant")) {
          return fail("not_editable", "entry.problems.cannotWithdraw");
        }
        const stamp = now();
        await trx
          .updateTable("entries")
          .set({
            status: "withdrawn",
            withdrawn_at: stamp,
            updated_at: stamp,
            version: Number(loaded.row.version) + 1,
          })
          .where("id", "=", loaded.row.id)
          .execute();
        return null;
      });
      if (outcome) return outcome;
      return { ok: true, entry: await view(entryId) };
    },

    /**
     * A new draft copying the entry's texts, period, video link, credits and files into another
     * category of the same season (its track follows the category), with its own code. The
     * copied files share the original's stored objects (see the module comment).
     */
    async duplicate(
      userId: string,
      entryId: string,
      target: { categoryId: string; trackId?: string },
    ): Promise<EntryResult<{ entry: EntryView }>> {
      const type = await registrantTypeOf(db.kysely, userId);
      const id = randomUUID();
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const source = await loadOwned(trx, userId, entryId);
        if (!source) return notFound();
        const closed = windowProblem(source.season, clock());
        if (closed) return closed;
        if (!type) return fail("not_entrant", "entry.problems.notEntrant");
        const values: EntryDraft = {
          ...valuesOf(source.row, source.files),
          trackId: target.trackId ?? "",
          categoryId: String(target.categoryId ?? ""),
        };
        if (!values.categoryId) {
          const key = "validation.entryCategoryRequired";
          return fail("invalid", key, { fieldErrors: { categoryId: key } });
        }
        const quota = await draftQuotaProblem(trx, userId, Number(source.season.id));
        if (quota) return quota;
        const catalogue = await resolveCatalogue(trx, Number(source.season.id), values, type);
        if (!catalogue.ok) return catalogue;
        const stamp = now();
        const code = await issueCode(trx, source.season, catalogue.trackId!, catalogue.category!);
        await trx
          .insertInto("entries")
          .values({
            id,
            owner_user_id: userId,
            season_id: Number(source.season.id),
            track_id: catalogue.trackId,
            category_id: catalogue.categoryId,
            code,
            status: "draft",
            ...columnsOf(values),
            version: 1,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        for (const file of source.files) {
          await trx
            .insertInto("entry_files")
            .values({ ...file, id: randomUUID(), entry_id: id, created_at: stamp })
            .execute();
        }
        return null;
      });
      if (outcome) return outcome;
      return { ok: true, entry: await view(id) };
    },

    /** The entrant's entries, most recently changed first, with what is missing and the fee due. */
    async listForEntrant(userId: string): Promise<EntrySummary[]> {
      const rows = await db.kysely
        .selectFrom("entries")
        .selectAll()
        .where("owner_user_id", "=", userId)
        .orderBy("updated_at", "desc")
        .orderBy("created_at", "desc")
        .execute();
      if (rows.length === 0) return [];
      const files = await listEntryFiles(
        db.kysely,
        rows.map((r) => r.id),
      );
      const seasons = new Map<number, SeasonTable>();
      const tracks = new Map<number, EntryTrackRef | null>();
      const categories = new Map<number, EntryCategoryRef | null>();
      const at = clock();
      const summaries: EntrySummary[] = [];
      for (const row of rows) {
        const seasonId = Number(row.season_id);
        if (!seasons.has(seasonId)) {
          const season = await findSeasonById(db.kysely, seasonId);
          if (season) seasons.set(seasonId, season);
        }
        const season = seasons.get(seasonId)!;
        if (row.track_id !== null && !tracks.has(row.track_id)) {
          const track = await findTrack(db.kysely, row.track_id);
          tracks.set(row.track_id, track ? trackRef(track) : null);
        }
        if (row.category_id !== null && !categories.has(row.category_id)) {
          const category = await findCategory(db.kysely, row.category_id);
          categories.set(row.category_id, category ? categoryRef(category) : null);
        }
        const track = row.track_id === null ? null : (tracks.get(row.track_id) ?? null);
        const category =
          row.category_id === null ? null : (categories.get(row.category_id) ?? null);
        const status: EntryStatus = isEntryStatus(row.status) ? row.status : "draft";
        const values = valuesOf(
          row,
          files.filter((f) => f.entry_id === row.id),
        );
        const missing = missingOf(values, category?.videoRequired ?? true);
        const fee: FeeQuote | null = feeQuoteOf(season, category, at);
        const owes = status === "draft" || status === "submitted";
        summaries.push({
          id: row.id,
          code: row.code,
          seasonYear: Number(season.year),
          title: row.campaign_name,
          brandName: row.brand_name,
          status,
          track: track ? { id: track.id, name: track.name } : null,
          category: category ? { id: category.id, name: category.name } : null,
          missing,
          missingCount: missing.length,
          fee,
          feeDueVnd: owes && fee ? fee.amountVnd : 0,
          editable: isEditableByEntrant(status) && windowProblem(season, at) === null,
          updatedAt: row.updated_at,
          submittedAt: row.submitted_at,
        });
      }
      return summaries;
    },

    /** Whether an entry file still refers to the stored object (the upload cleanup keeps it). */
    async isStorageKeyInUse(key: string): Promise<boolean> {
      return (await countStorageKeyUses(db.kysely, key)) > 0;
    },
  };
}

/** The HTTP status of a refusal, for routes and the tus plugin. */
export function entryErrorStatus(failure: Pick<EntryFailure, "error">): number {
  switch (failure.error) {
    case "not_found":
      return 404;
    case "closed":
    case "not_entrant":
    case "unverified":
      return 403;
    case "not_editable":
    case "conflict":
      return 409;
    case "invalid":
    case "incomplete":
      return 422;
  }
}
