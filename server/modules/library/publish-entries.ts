import { isPublishableStatus, type PublishEntriesInput } from "../../../core/library";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { LibraryContext } from "./context";
import { indexEntries } from "./index-entry";
import { removeFromLibrary } from "./remove-from-library";

/** Entry codes written into an audit summary at most. */
const AUDIT_CODES_MAX = 50;

/**
 * Staff publish entries to the library or take them out (one entry or a selection). Only
 * entries that took part in the competition (PUBLISHABLE_STATUSES) can be published: a
 * selection holding any other is refused whole, so nothing half happens. Publishing an entry
 * already published refreshes its row; unpublishing one that is not is a no-op. One audit
 * entry per action; the anonymous HTML cache is cleared.
 */
export async function publishEntries(
  ctx: LibraryContext,
  actor: Actor,
  input: PublishEntriesInput,
): Promise<Outcome<{ intent: PublishEntriesInput["intent"]; count: number }>> {
  const ids = [...new Set(input.ids)];
  const entries = await ctx.db.kysely
    .selectFrom("entries")
    .select(["id", "code", "status", "category_id"])
    .where("id", "in", ids)
    .execute();
  if (entries.length !== ids.length) {
    return { ...refusal(404, "library.errors.entry"), code: "notFound" };
  }
  if (
    input.intent === "publish" &&
    entries.some((e) => !isPublishableStatus(e.status) || e.category_id === null)
  ) {
    return { ...refusal(409, "library.errors.notPublishable"), code: "notAllowed" };
  }
  const count = await ctx.db.kysely
    .transaction()
    .execute((trx) =>
      input.intent === "publish"
        ? indexEntries(trx, ids, { at: ctx.now(), publishedBy: actor.id })
        : removeFromLibrary(trx, ids),
    );
  ctx.deps.onContentChange?.();
  const codes = entries.map((e) => e.code ?? e.id).sort();
  await ctx.deps.audit?.record(
    actor,
    input.intent === "publish" ? "library.publish" : "library.unpublish",
    ids.length === 1 ? { type: "entry", id: ids[0]! } : { type: "entry" },
    {
      entries: ids.length,
      changed: count,
      codes: codes.slice(0, AUDIT_CODES_MAX),
    },
  );
  return { ok: true, intent: input.intent, count: input.intent === "publish" ? ids.length : count };
}
