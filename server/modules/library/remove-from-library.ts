import type { Q } from "./context";
import { mediaIdOf } from "./index-entry";

/**
 * Takes entries out of the library: their rows (and search documents) go, and their images
 * become private again unless another published entry shows the same stored picture (a
 * duplicated entry shares its files). Runs in the caller's transaction when given one;
 * returns the number of entries that were published.
 */
export async function removeFromLibrary(q: Q, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const unique = (
    await q
      .selectFrom("library_entries")
      .select("entry_id")
      .where("entry_id", "in", [...new Set(ids)])
      .execute()
  ).map((r) => r.entry_id);
  if (unique.length === 0) return 0;
  const images = await q
    .selectFrom("entry_files")
    .select(["storage_key", "variants"])
    .where("entry_id", "in", unique)
    .where("field", "=", "images")
    .execute();
  const result = await q
    .deleteFrom("library_entries")
    .where("entry_id", "in", unique)
    .executeTakeFirst();
  if (images.length > 0) {
    // Pictures another published entry still shows: the same stored file, or the same media
    // reference (copied rows and the demo's shared pictures keep the `variants` text as is).
    const stillShown = await q
      .selectFrom("entry_files as f")
      .innerJoin("library_entries as l", "l.entry_id", "f.entry_id")
      .select(["f.storage_key", "f.variants"])
      .where("f.field", "=", "images")
      .where((eb) =>
        eb.or([
          eb("f.storage_key", "in", [...new Set(images.map((i) => i.storage_key))]),
          eb("f.variants", "in", [...new Set(images.map((i) => i.variants))]),
        ]),
      )
      .execute();
    const keptKeys = new Set(stillShown.map((r) => r.storage_key));
    const keptMedia = new Set(stillShown.map((r) => mediaIdOf(r.variants)));
    const hidden = images
      .filter((i) => !keptKeys.has(i.storage_key))
      .map((i) => mediaIdOf(i.variants))
      .filter((id): id is number => id !== null && !keptMedia.has(id));
    if (hidden.length > 0) {
      await q
        .updateTable("media")
        .set({ visibility: "private" })
        .where("id", "in", [...new Set(hidden)])
        .execute();
    }
  }
  return Number(result.numDeletedRows);
}
