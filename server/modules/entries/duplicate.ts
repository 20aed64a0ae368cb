import { randomUUID } from "node:crypto";
import type { EntryDraft } from "../../../core/entry";
import { draftQuotaProblem, drawnOrFreshCode, issueCode, resolveCatalogue } from "./catalogue";
import type { EntriesContext } from "./context";
import { loadOwned, viewOf } from "./load";
import { invalidField, notEntrant, notFound, windowProblem } from "./refusals";
import type { EntryFailure, EntryResult, EntryView } from "./types";
import { columnsOf, valuesOf } from "./values";

/**
 * A new draft copying the entry's texts, period, video link, credits and files into another
 * category of the same season (its track follows the category), with its own code. The
 * copied files share the original's stored objects: the rows are copied, the storage keys
 * reused (an object is deleted only when no entry file refers to it any more).
 */
export async function duplicateEntry(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
  target: { categoryId: string; trackId?: string },
): Promise<EntryResult<{ entry: EntryView }>> {
  const id = randomUUID();
  // The code is drawn before the transaction, as a new draft's is (create-draft.ts), from the
  // catalogue as it is now; the transaction checks everything again and draws another only if
  // the entry's season or the category's prefix changed in between.
  const drawn = await drawTargetCode(ctx, userId, entryId, target);
  const outcome = await ctx.db.kysely
    .transaction()
    .execute(async (trx): Promise<EntryFailure | null> => {
      const source = await loadOwned(ctx, trx, userId, entryId);
      if (!source) return notFound();
      const closed = windowProblem(source.season, ctx.clock());
      if (closed) return closed;
      const type = source.registrantType;
      if (!type) return notEntrant();
      const values: EntryDraft = {
        ...valuesOf(source.row, source.files),
        trackId: target.trackId ?? "",
        categoryId: String(target.categoryId ?? ""),
      };
      if (!values.categoryId) {
        return invalidField("categoryId", "validation.entryCategoryRequired");
      }
      const seasonId = Number(source.season.id);
      const quota = await draftQuotaProblem(ctx, trx, userId, seasonId);
      if (quota) return quota;
      const catalogue = await resolveCatalogue(trx, seasonId, values, type, source);
      if (!catalogue.ok) return catalogue;
      const stamp = ctx.now();
      const code = await drawnOrFreshCode(
        trx,
        drawn,
        source.season,
        catalogue.track!,
        catalogue.category!,
      );
      await trx
        .insertInto("entries")
        .values({
          id,
          owner_user_id: userId,
          season_id: seasonId,
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
  return { ok: true, entry: await viewOf(ctx, id) };
}

/** The copy's code, drawn ahead; null when the copy would be refused (the transaction says why). */
async function drawTargetCode(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
  target: { categoryId: string; trackId?: string },
): Promise<string | null> {
  const source = await loadOwned(ctx, ctx.db.kysely, userId, entryId);
  const type = source?.registrantType;
  if (!source || !type || !target.categoryId || windowProblem(source.season, ctx.clock())) {
    return null;
  }
  const catalogue = await resolveCatalogue(
    ctx.db.kysely,
    Number(source.season.id),
    {
      ...valuesOf(source.row, source.files),
      trackId: target.trackId ?? "",
      categoryId: String(target.categoryId),
    },
    type,
    source,
  );
  if (!catalogue.ok || !catalogue.track || !catalogue.category) return null;
  return issueCode(ctx.db.kysely, source.season, catalogue.track, catalogue.category);
}
