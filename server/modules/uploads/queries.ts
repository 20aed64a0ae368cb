import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import type { LiveUpload } from "./types";

// The unfinished uploads the quotas count (`live_uploads`, migration 0017). A replaced
// upload's row stays, marked, so that any process answers its late requests "replaced"; it
// no longer counts, and the expiry job deletes it.

type Q = Kysely<Database> | Transaction<Database>;

/** An entrant's unfinished uploads (not replaced), oldest first. */
export async function liveUploadsOf(q: Q, ownerUserId: string): Promise<LiveUpload[]> {
  const rows = await q
    .selectFrom("live_uploads")
    .select(["id", "owner_user_id", "entry_id", "field", "size", "finishing_since"])
    .where("owner_user_id", "=", ownerUserId)
    .where("replaced_at", "is", null)
    .orderBy("seq")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ownerUserId: row.owner_user_id,
    entryId: row.entry_id,
    field: row.field,
    size: Number(row.size),
    finishing: row.finishing_since !== null,
  }));
}

/** Counts an upload (again: one already counted keeps its place). */
export async function insertLiveUpload(q: Q, upload: Omit<LiveUpload, "finishing">): Promise<void> {
  await q
    .insertInto("live_uploads")
    .values({
      id: upload.id,
      owner_user_id: upload.ownerUserId,
      entry_id: upload.entryId,
      field: upload.field,
      size: upload.size,
      // Real time, not the injected clock: the expiry compares it with the stored files' times.
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
}

/** Deletes the rows of uploads gone; a replaced one's row stays until the expiry job. */
export async function deleteLiveUploads(q: Q, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await q
    .deleteFrom("live_uploads")
    .where("id", "in", ids)
    .where("replaced_at", "is", null)
    .execute();
}

/**
 * Marks as replaced (`at`, ISO time) the uploads among `ids` that no process is finishing;
 * the ids marked. The condition is evaluated on the row when it is written, so a finish
 * marking the same row meanwhile (`startFinishing`) and this never both win.
 */
export async function replaceUnlessFinishing(
  q: Q,
  ids: readonly string[],
  at: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .updateTable("live_uploads")
    .set({ replaced_at: at })
    .where("id", "in", ids)
    .where("finishing_since", "is", null)
    .where("replaced_at", "is", null)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * What the upload's row says: "replaced" by a newer one of its field, "live" (still counted:
 * unfinished, or being finished), or null when there is no row (finished and attached,
 * removed) — with `ownerUserId`, also when the upload is someone else's.
 */
export async function uploadRowState(
  db: Db,
  id: string,
  ownerUserId?: string,
): Promise<"replaced" | "live" | null> {
  let query = db.kysely.selectFrom("live_uploads").select("replaced_at").where("id", "=", id);
  if (ownerUserId !== undefined) query = query.where("owner_user_id", "=", ownerUserId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return row.replaced_at === null ? "live" : "replaced";
}

/** Whether the upload is counted (it has a row, not replaced). */
export async function isLiveUpload(db: Db, id: string): Promise<boolean> {
  return (await uploadRowState(db, id)) === "live";
}

/** Whether a newer upload of its field replaced the upload (its row says so). */
export async function isReplaced(db: Db, id: string): Promise<boolean> {
  return (await uploadRowState(db, id)) === "replaced";
}

/**
 * Marks an upload as being finished since `at` unless it was replaced; false when it was.
 * An upload without a row (stored by a version that counted in memory) is finished too.
 */
export async function startFinishing(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable("live_uploads")
    .set({ finishing_since: at })
    .where("id", "=", id)
    .where("replaced_at", "is", null)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return true;
  // No row, or a replaced one: a row without the mark cannot gain it now (admission marks
  // only rows it counted, and this one is not counted).
  return !(await isReplaced(db, id));
}

/** An upload is no longer being finished (its finish failed; it may be retried). */
export async function stopFinishing(db: Db, id: string): Promise<void> {
  await db.kysely
    .updateTable("live_uploads")
    .set({ finishing_since: null })
    .where("id", "=", id)
    .execute();
}

/** Uploads a process began finishing at or after `since` (ISO time). */
export async function finishingSince(db: Db, since: string): Promise<Set<string>> {
  const rows = await db.kysely
    .selectFrom("live_uploads")
    .select("id")
    .where("finishing_since", ">=", since)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The ids of uploads counted (not replaced) since before `before` (ISO time). */
export async function liveUploadsCreatedBefore(db: Db, before: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom("live_uploads")
    .select("id")
    .where("created_at", "<", before)
    .where("replaced_at", "is", null)
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the rows of uploads replaced before `before` (ISO time); how many. */
export async function deleteReplacedBefore(db: Db, before: string): Promise<number> {
  const result = await db.kysely
    .deleteFrom("live_uploads")
    .where("replaced_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
