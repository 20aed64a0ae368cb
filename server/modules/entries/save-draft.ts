import { entryCodePrefixOf } from "../../../core/entry-code";
import { codePrefixFor, issueCode, resolveCatalogue } from "./catalogue";
import type { EntriesContext } from "./context";
import { loadOwned, toView, viewOf, withFreshImages, type Loaded } from "./load";
import { invalidField, notEntrant, notFound, refuse, writeProblem } from "./refusals";
import type { EntryFailure, EntryPatch, EntryResult, EntryView } from "./types";
import { columnsOf, mergeAndValidate, valuesOf } from "./values";

const versionConflict = (entry?: EntryView): EntryFailure => ({
  ...refuse(409, "entry.problems.versionConflict"),
  ...(entry ? { entry } : {}),
});

/** Whether a refusal is a stale `version` (the form offers to reload what is saved now). */
export function isVersionConflict(failure: EntryFailure): boolean {
  return failure.status === 409 && failure.formError === "entry.problems.versionConflict";
}

/**
 * Autosave: applies `patch` (any subset of the form's fields; file ids are ignored — files
 * are attached and removed on their own — except `imageIds` holding exactly the entry's
 * images in a new order, which reorders them) over the stored values, validated with the
 * draft schema. With `version`, a save over a newer version is refused as a conflict carrying
 * the entry as it is now. The first save with a category issues the code; while still a draft,
 * moving to a category with another code issues a new one. After submission the track and
 * category no longer change (the fee and the code depend on them).
 *
 * It runs on every pause in typing, so it reads the entry once (with its season, track,
 * category and the owner's registrant type), reads the catalogue again only for a changed
 * choice, and answers with the entry built from what it wrote rather than reading it back.
 */
export async function saveDraft(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
  patch: EntryPatch,
  options: { version?: number } = {},
): Promise<EntryResult<{ entry: EntryView }>> {
  const outcome = await ctx.db.kysely
    .transaction()
    .execute(async (trx): Promise<EntryFailure | { saved: Loaded }> => {
      const loaded = await loadOwned(ctx, trx, userId, entryId, true);
      if (!loaded) return notFound();
      const refused = writeProblem(loaded, ctx.clock());
      if (refused) return refused;
      const type = loaded.registrantType;
      if (!type) return notEntrant();
      const { row, season } = loaded;
      if (options.version !== undefined && options.version !== Number(row.version)) {
        return versionConflict(toView(ctx, loaded));
      }
      const checked = mergeAndValidate(valuesOf(row, loaded.files), patch);
      if (!checked.ok) return checked;
      const catalogue = await resolveCatalogue(
        trx,
        Number(season.id),
        checked.values,
        type,
        loaded,
      );
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
          code = await issueCode(trx, season, catalogue.track, catalogue.category);
        }
      }
      const files = await reorderImages(trx, loaded, patch?.imageIds);
      const columns = {
        ...columnsOf(checked.values),
        track_id: catalogue.trackId,
        category_id: catalogue.categoryId,
        code,
        version: Number(row.version) + 1,
        updated_at: ctx.now(),
      };
      const result = await trx
        .updateTable("entries")
        .set(columns)
        .where("id", "=", row.id)
        .where("version", "=", row.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return versionConflict();
      return {
        saved: {
          ...loaded,
          row: { ...row, ...columns },
          files,
          track: catalogue.track,
          category: catalogue.category,
        },
      };
    });
  if ("saved" in outcome) {
    return { ok: true, entry: await withFreshImages(ctx, toView(ctx, outcome.saved)) };
  }
  if (isVersionConflict(outcome)) {
    return {
      ...outcome,
      entry: outcome.entry ? await withFreshImages(ctx, outcome.entry) : await viewOf(ctx, entryId),
    };
  }
  return outcome;
}

/**
 * Stores a new order of the entry's images when `order` names exactly them, and gives the
 * files in the order a read would (other fields' files stay where they are).
 */
async function reorderImages(
  trx: EntriesContext["db"]["kysely"],
  loaded: Loaded,
  order: unknown,
): Promise<Loaded["files"]> {
  const images = loaded.files.filter((f) => f.field === "images");
  if (
    !Array.isArray(order) ||
    order.length !== images.length ||
    new Set(order).size !== order.length ||
    !images.every((f) => order.includes(f.id))
  ) {
    return loaded.files;
  }
  const ids = order as string[];
  for (const [index, fileId] of ids.entries()) {
    await trx
      .updateTable("entry_files")
      .set({ sort_order: index })
      .where("id", "=", fileId)
      .where("entry_id", "=", loaded.row.id)
      .execute();
  }
  const byId = new Map(images.map((f) => [f.id, f]));
  const reordered = ids.map((id, index) => ({ ...byId.get(id)!, sort_order: index }));
  let next = 0;
  return loaded.files.map((f) => (f.field === "images" ? reordered[next++]! : f));
}
