import { randomUUID } from "node:crypto";
import type { EntryDraft } from "../../../core/entry";
import { draftQuotaProblem, issueCode, resolveCatalogue } from "./catalogue";
import type { EntriesContext } from "./context";
import { viewOf } from "./load";
import { findRegistrantType, findSeasonByYear } from "./queries";
import { notEntrant, refuse, windowProblem } from "./refusals";
import type { EntryPatch, EntryResult, EntryView } from "./types";
import { columnsOf, mergeAndValidate } from "./values";

/**
 * A new draft in the current season, with `input` as its first save (validated the same
 * way; nothing is created when it is refused). Gets its code when a category is chosen.
 */
export async function createDraft(
  ctx: EntriesContext,
  userId: string,
  input?: EntryPatch,
): Promise<EntryResult<{ entry: EntryView }>> {
  const { db, deps } = ctx;
  const type = (await findRegistrantType(db.kysely, userId))?.type;
  if (!type) return notEntrant();
  const current = await deps.seasons.current();
  const season = current ? await findSeasonByYear(db.kysely, current.year) : undefined;
  if (!season) return refuse(403, "entry.problems.submissionNotOpen");
  const closed = windowProblem(season, ctx.clock());
  if (closed) return closed;
  const checked = mergeAndValidate({} as EntryDraft, input);
  if (!checked.ok) return checked;
  const id = randomUUID();
  const catalogue = await resolveCatalogue(db.kysely, Number(season.id), checked.values, type);
  if (!catalogue.ok) return catalogue;
  // The code is drawn before the draft's transaction, in a statement of its own: its counter
  // is one row per category, shared by every entrant in it, and drawn inside the transaction
  // it would stay locked until the commit, queueing each new draft of the category (and the
  // pooled connection it holds) behind the one before. A draft refused after the draw leaves
  // its number unused: codes are unique, not gapless.
  const code =
    catalogue.category && catalogue.track
      ? await issueCode(db.kysely, season, catalogue.track, catalogue.category)
      : null;
  const outcome = await db.kysely.transaction().execute(async (trx) => {
    const quota = await draftQuotaProblem(ctx, trx, userId, Number(season.id));
    if (quota) return quota;
    const stamp = ctx.now();
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
  return { ok: true, entry: await viewOf(ctx, id) };
}
