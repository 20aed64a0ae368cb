import type { Kysely, Transaction } from "kysely";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import type { LiveUpload } from "./types";

// The unfinished uploads the quotas count (`live_uploads`, migration 0017).

type Q = Kysely<Database> | Transaction<Database>;

/** An entrant's unfinished uploads, oldest first. */
export async function liveUploadsOf(q: Q, ownerUserId: string): Promise<LiveUpload[]> {
  const rows = await q
    .selectFrom("live_uploads")
    .select(["id", "owner_user_id", "entry_id", "field", "size", "finishing_since"])
    .where("owner_user_id", "=", ownerUserId)
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

export async function deleteLiveUploads(q: Q, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await q.deleteFrom("live_uploads").where("id", "in", ids).execute();
}

/** Deletes the rows of uploads no process is finishing among `ids`; the ids deleted. */
export async function deleteUnlessFinishing(q: Q, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .deleteFrom("live_uploads")
    .where("id", "in", ids)
    .where("finishing_since", "is", null)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

export async function isLiveUpload(db: Db, id: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("live_uploads")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks an upload as being finished (`at`) or, with null, no longer. */
export async function markFinishing(db: Db, id: string, at: string | null): Promise<void> {
  await db.kysely
    .updateTable("live_uploads")
    .set({ finishing_since: at })
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

/** The ids of uploads counted since before `before` (ISO time). */
export async function liveUploadsCreatedBefore(db: Db, before: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom("live_uploads")
    .select("id")
    .where("created_at", "<", before)
    .execute();
  return rows.map((row) => row.id);
}
