import type { Db } from "../../db/database";

/**
 * Removes the entry images (media of purpose "entry": the private original and its variants)
 * that no entry file refers to any more — an image removed from an entry or replaced, or one
 * whose upload was refused after its variants were made — once older than the cutoff (an
 * upload in progress attaches its image within seconds). Duplicated entries share an image:
 * it stays while any entry file names it. Returns how many it removed.
 */
export async function sweepUnreferencedEntryImages(
  db: Db,
  media: { remove(id: number): Promise<boolean> },
  cutoff: Date,
): Promise<number> {
  const candidates = await db.kysely
    .selectFrom("media")
    .select("id")
    .where("purpose", "=", "entry")
    .where("created_at", "<", cutoff.toISOString())
    .execute();
  if (candidates.length === 0) return 0;
  const referenced = new Set<number>();
  const files = await db.kysely
    .selectFrom("entry_files")
    .select("variants")
    .where("field", "=", "images")
    .execute();
  for (const file of files) {
    try {
      const id = (JSON.parse(file.variants) as { mediaId?: unknown } | null)?.mediaId;
      if (typeof id === "number") referenced.add(id);
    } catch {
      // Unreadable variants name no image.
    }
  }
  let removed = 0;
  for (const { id } of candidates) {
    if (referenced.has(Number(id))) continue;
    // Checked again just before: an entry duplicated meanwhile may have picked it up.
    const again = await db.kysely
      .selectFrom("entry_files")
      .select("id")
      .where("field", "=", "images")
      .where("variants", "like", `%"mediaId":${Number(id)}%`)
      .limit(1)
      .executeTakeFirst();
    if (again) continue;
    if (await media.remove(Number(id))) removed += 1;
  }
  return removed;
}
