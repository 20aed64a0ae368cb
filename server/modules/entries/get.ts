import type { EntriesContext } from "./context";
import { loadOwned, readView, withFreshImages } from "./load";
import type { EntryView } from "./types";

/** The owner's entry, or null (someone else's entry is null too). */
export async function getEntry(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
): Promise<EntryView | null> {
  const loaded = await loadOwned(ctx, ctx.db.kysely, userId, entryId);
  return loaded ? withFreshImages(ctx, await readView(ctx, ctx.db.kysely, loaded)) : null;
}
