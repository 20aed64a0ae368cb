import { entryCodePrefixOf } from "../../../core/entry-code";
import { codePrefixFor, drawnOrFreshCode, issueCode, resolveCatalogue } from "./catalogue";
import type { EntriesContext, Q } from "./context";
import type { EntryFileTable } from "../../db/schema";
import { releaseKeys } from "./files";
import {
  loadOwned,
  readView,
  viewOf,
  withFreshImages,
  type Loaded,
  type SeasonFacts,
  type TrackRow,
} from "./load";
import type { CategoryRow } from "./queries";
import { invalidField, notEntrant, notFound, refuse, writeProblem } from "./refusals";
import type { EntryFailure, EntryPatch, EntryResult, EntryView } from "./types";
import {
  columnsOf,
  filmsReplacedByLink,
  mergeAndValidate,
  valuesOf,
  videoRequiredOf,
} from "./values";

const versionConflict = (entry?: EntryView): EntryFailure => ({
  ...refuse(409, "entry.problems.versionConflict"),
  ...(entry ? { entry } : {}),
});

/** Whether a refusal is a stale `version` (the form offers to reload what is saved now). */
export function isVersionConflict(failure: EntryFailure): boolean {
  return failure.status === 409 && failure.formError === "entry.problems.versionConflict";
}

/** The entry as a save wrote it: what was loaded, with the written columns, files and catalogue. */
export interface WrittenDraft {
  saved: Loaded;
  /** The uploaded film a video link replaced in this save (`filmsReplacedByLink`), if any. */
  replaced: EntryFileTable[];
}

/** A save that must run again inside a transaction holding the entry's row. */
const UNDER_LOCK = Symbol("under lock");

/** The catalogue a save under the lock will issue a code for, as the first try found it. */
interface CodeWanted {
  wanted: { season: SeasonFacts; track: TrackRow; category: CategoryRow };
}

/**
 * Applies `patch` (any subset of the form's fields; file ids are ignored — files are attached
 * and removed on their own — except `imageIds` holding exactly the entry's images in a new
 * order, which reorders them) over the stored values, validated with the draft schema. With
 * `version`, a save over a newer version is refused as a conflict carrying the entry as it is
 * now. The first save with a category issues the code; while still a draft, moving to a
 * category with another code issues a new one. After submission the track and category no
 * longer change (the fee and the code depend on them), and no save may leave unmet a
 * requirement of submission the entry meets (core `newlyMissing`): the entrant edits until
 * the deadline, but a submitted entry never loses its description, period or video link.
 * Once submitted, a valid video link saved over an uploaded film replaces it: the film is
 * detached in the same save and its stored object released when no entry uses it, as a
 * removal does (the entry holds a film or a link; a draft removes its film first).
 *
 * It runs on every pause in typing, so most saves read the entry once (with its season, track,
 * category and the owner's registrant type) without a transaction and write once, the write
 * naming the version and status version read: anything that changed the entry in between
 * makes it match no row. A save that issues a code or reorders images, or whose write matched
 * nothing, runs again in a transaction that holds the entry's row (PostgreSQL), so its answer
 * is the one a save made alone would get. A code is drawn before that transaction, as a new
 * draft's is (create-draft.ts): the category's counter row is not held while the save runs.
 */
export async function writeDraft(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
  patch: EntryPatch,
  options: { version?: number } = {},
): Promise<EntryFailure | WrittenDraft> {
  const quick = await applyPatch(ctx, ctx.db.kysely, userId, entryId, patch, options, false);
  if (quick !== UNDER_LOCK && !("wanted" in quick)) return quick;
  // Unused when the save under the lock finds the code issued meanwhile (codes are unique,
  // not gapless).
  const drawn =
    quick !== UNDER_LOCK
      ? await issueCode(
          ctx.db.kysely,
          quick.wanted.season,
          quick.wanted.track,
          quick.wanted.category,
        )
      : undefined;
  const locked = await ctx.db.kysely
    .transaction()
    .execute((trx) => applyPatch(ctx, trx, userId, entryId, patch, options, true, drawn));
  // Under the row's lock nothing else writes it (the versioned write always matches), and a
  // code is issued there, never asked for.
  if (locked === UNDER_LOCK || "wanted" in locked) return versionConflict();
  if ("saved" in locked && locked.replaced.length > 0) {
    await releaseKeys(
      ctx,
      locked.replaced.map((f) => f.storage_key),
    );
  }
  return locked;
}

/**
 * One try at a save: `locked` inside a transaction holding the row (it may issue a code, the
 * one `drawn` when its prefix is still the one wanted, and reorder images); otherwise outside
 * one, answering `UNDER_LOCK` (or the code it wants) for anything it must not do there.
 */
async function applyPatch(
  ctx: EntriesContext,
  q: Q,
  userId: string,
  entryId: string,
  patch: EntryPatch,
  options: { version?: number },
  locked: boolean,
  drawn?: string,
): Promise<EntryFailure | WrittenDraft | CodeWanted | typeof UNDER_LOCK> {
  const loaded = await loadOwned(ctx, q, userId, entryId, locked);
  if (!loaded) return notFound();
  const refused = writeProblem(loaded, ctx.clock());
  if (refused) return refused;
  const type = loaded.registrantType;
  if (!type) return notEntrant();
  const { row, season } = loaded;
  if (options.version !== undefined && options.version !== Number(row.version)) {
    return versionConflict(await readView(ctx, q, loaded));
  }
  // Once submitted, a save keeps the entry complete by the rules its submission passed; a
  // link given over the uploaded film takes its place.
  const replaced = filmsReplacedByLink(row, loaded.files, patch);
  const kept = loaded.files.filter((f) => !replaced.includes(f));
  const checked = mergeAndValidate(
    valuesOf(row, kept),
    patch,
    row.status === "draft" ? undefined : { videoRequired: videoRequiredOf(loaded) },
    valuesOf(row, loaded.files),
  );
  if (!checked.ok) return checked;
  const catalogue = await resolveCatalogue(q, Number(season.id), checked.values, type, loaded);
  if (!catalogue.ok) return catalogue;
  const catalogueChanged =
    catalogue.trackId !== row.track_id || catalogue.categoryId !== row.category_id;
  if (catalogueChanged && row.status !== "draft") {
    return invalidField("categoryId", "entry.problems.categoryLocked");
  }
  let code = row.code;
  if (catalogue.category && catalogue.track) {
    const wanted = codePrefixFor(season, catalogue.track, catalogue.category);
    if (code === null || (row.status === "draft" && entryCodePrefixOf(code) !== wanted)) {
      if (!locked) {
        return { wanted: { season, track: catalogue.track, category: catalogue.category } };
      }
      code = await drawnOrFreshCode(q, drawn, season, catalogue.track, catalogue.category);
    }
  }
  const order = newImageOrder(loaded, patch?.imageIds);
  if ((order || replaced.length > 0) && !locked) return UNDER_LOCK;
  const files = (order ? await writeImageOrder(q, loaded, order) : loaded.files).filter(
    (f) => !replaced.some((film) => film.id === f.id),
  );
  const columns = {
    ...columnsOf(checked.values),
    track_id: catalogue.trackId,
    category_id: catalogue.categoryId,
    code,
    version: Number(row.version) + 1,
    updated_at: ctx.now(),
  };
  const result = await q
    .updateTable("entries")
    .set(columns)
    .where("id", "=", row.id)
    .where("version", "=", row.version)
    .where("status_version", "=", row.status_version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return locked ? versionConflict() : UNDER_LOCK;
  for (const film of replaced) {
    await q.deleteFrom("entry_files").where("id", "=", film.id).execute();
  }
  return {
    replaced,
    saved: {
      ...loaded,
      row: { ...row, ...columns },
      files,
      track: catalogue.track,
      category: catalogue.category,
    },
  };
}

/**
 * A refused save as the form gets it: a version conflict carries the entry as it is now (with
 * its image links signed for the page).
 */
export async function refusedSave(
  ctx: EntriesContext,
  entryId: string,
  failure: EntryFailure,
): Promise<EntryFailure> {
  if (!isVersionConflict(failure)) return failure;
  return {
    ...failure,
    entry: failure.entry ? await withFreshImages(ctx, failure.entry) : await viewOf(ctx, entryId),
  };
}

/** Autosave with the whole entry as the answer, as a fresh read would give it. */
export async function saveDraft(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
  patch: EntryPatch,
  options: { version?: number } = {},
): Promise<EntryResult<{ entry: EntryView }>> {
  const outcome = await writeDraft(ctx, userId, entryId, patch, options);
  if ("saved" in outcome) {
    return {
      ok: true,
      entry: await withFreshImages(ctx, await readView(ctx, ctx.db.kysely, outcome.saved)),
    };
  }
  return refusedSave(ctx, entryId, outcome);
}

/**
 * The images' new order when `order` names exactly the entry's images in another order;
 * null otherwise (nothing to write).
 */
function newImageOrder(loaded: Loaded, order: unknown): string[] | null {
  const images = loaded.files.filter((f) => f.field === "images");
  if (
    !Array.isArray(order) ||
    order.length !== images.length ||
    new Set(order).size !== order.length ||
    !images.every((f) => order.includes(f.id))
  ) {
    return null;
  }
  const ids = order as string[];
  return ids.some((id, index) => images[index]!.id !== id) ? ids : null;
}

/** Stores the images' new order and gives the files in the order a read would. */
async function writeImageOrder(q: Q, loaded: Loaded, ids: string[]): Promise<Loaded["files"]> {
  for (const [index, fileId] of ids.entries()) {
    await q
      .updateTable("entry_files")
      .set({ sort_order: index })
      .where("id", "=", fileId)
      .where("entry_id", "=", loaded.row.id)
      .execute();
  }
  const images = loaded.files.filter((f) => f.field === "images");
  const byId = new Map(images.map((f) => [f.id, f]));
  const reordered = ids.map((id, index) => ({ ...byId.get(id)!, sort_order: index }));
  let next = 0;
  return loaded.files.map((f) => (f.field === "images" ? reordered[next++]! : f));
}
