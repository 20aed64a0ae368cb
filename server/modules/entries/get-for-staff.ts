import type { EntriesContext } from "./context";
import { loadEntry, readView, withFreshImages } from "./load";
import type { EntryView } from "./types";

/** Any entry, for the back office (the route checks the staff role). */
export async function getEntryForStaff(
  ctx: EntriesContext,
  entryId: string,
): Promise<EntryView | null> {
  const loaded = await loadEntry(ctx, ctx.db.kysely, entryId);
  return loaded ? withFreshImages(ctx, await readView(ctx, ctx.db.kysely, loaded)) : null;
}
