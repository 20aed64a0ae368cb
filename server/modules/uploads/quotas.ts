import { sql } from "kysely";
import {
  ENTRANT_LIVE_UPLOAD_BYTES_MAX,
  liveUploadsPerField,
  type EntryFileField,
} from "../../../core/entry-limits";
import { removeUpload, type UploadState } from "./load";
import { advisoryKey } from "./advisory-key";
import { insertLiveUpload, liveUploadsOf, replaceUnlessFinishing } from "./queries";
import { UploadRefused } from "./types";

export interface NewUpload {
  id: string;
  ownerUserId: string;
  entryId: string;
  field: EntryFileField;
  size: number;
}

/**
 * Admits a new upload against the quotas, counted in the database so that every process sees
 * the same uploads: beyond the field's number of unfinished uploads the oldest ones (not those
 * being finished) are replaced (their rows marked, no longer counted); beyond the entrant's
 * total of declared bytes the new one is refused. One transaction per admission, one
 * entrant's at a time: on PostgreSQL under a transaction-scoped advisory lock on the entrant;
 * on SQLite the insert comes first, so the transaction holds the database's one write lock
 * before it reads anything.
 */
export async function admitUpload(state: UploadState, upload: NewUpload): Promise<void> {
  const victims = await oneAtATime(state, upload.ownerUserId, () => admit(state, upload));
  await Promise.all(victims.map((victimId) => replaceUpload(state, victimId)));
}

/**
 * Runs an entrant's admissions in this process one after another. They would anyway (the
 * entrant's lock), but each waiting inside its transaction holds a pooled connection: an
 * entrant picking twelve pictures at once would take the whole pool meanwhile, and every
 * other request of the process would wait for a connection. Queued here, they hold none.
 */
function oneAtATime<T>(state: UploadState, userId: string, work: () => Promise<T>): Promise<T> {
  const before = state.admitting.get(userId) ?? Promise.resolve();
  const run = before.then(work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  state.admitting.set(userId, settled);
  void settled.then(() => {
    if (state.admitting.get(userId) === settled) state.admitting.delete(userId);
  });
  return run;
}

/** One admission, in one transaction (see admitUpload); the ids of the uploads it replaced. */
async function admit(state: UploadState, upload: NewUpload): Promise<string[]> {
  const { db } = state.options;
  return db.kysely.transaction().execute(async (trx) => {
    if (db.kind === "postgres") {
      const key = advisoryKey(`upload-quota:${upload.ownerUserId}`);
      await sql`select pg_advisory_xact_lock(${key}::bigint)`.execute(trx);
    }
    await insertLiveUpload(trx, upload);
    const others = (await liveUploadsOf(trx, upload.ownerUserId)).filter(
      (other) => other.id !== upload.id,
    );
    const sameField = others.filter(
      (other) =>
        other.entryId === upload.entryId && other.field === upload.field && !other.finishing,
    );
    const replaced = sameField
      .slice(0, Math.max(0, sameField.length - (liveUploadsPerField(upload.field) - 1)))
      .map((other) => other.id);
    let total = upload.size;
    for (const other of others) if (!replaced.includes(other.id)) total += other.size;
    // Thrown inside the transaction: the new row goes with its rollback.
    if (total > ENTRANT_LIVE_UPLOAD_BYTES_MAX) {
      throw new UploadRefused(409, "upload.tooMuchInProgress");
    }
    // One a process began finishing since it was read stays (PostgreSQL reads without locks).
    // Real time, not the injected clock: the expiry compares it with real time.
    return replaceUnlessFinishing(trx, replaced, new Date().toISOString());
  });
}

/**
 * Ends an unfinished upload a newer one of the same field replaced (its row is marked
 * already): this process's requests writing it are cut and its bytes removed; a request
 * writing it through another process then finds it gone in the shared store, and any
 * process answers its late requests "replaced" from the row. Bytes no request holds open are
 * gone before the newer upload is acknowledged; those of a request being cut go once it has
 * closed.
 */
async function replaceUpload(state: UploadState, id: string): Promise<void> {
  const requests = [...(state.writing.get(id) ?? [])];
  state.log.info({ uploadId: id, cut: requests.length }, "upload replaced by a newer one");
  const remove = () => removeUpload(state, id).catch(() => undefined);
  if (requests.length === 0) {
    await remove();
    return;
  }
  // The bytes go once the requests writing them have closed (tus holds the file open).
  let open = requests.length;
  for (const request of requests) {
    request.once("close", () => {
      open -= 1;
      if (open === 0) void remove();
    });
    request.destroy();
  }
}

/** The user's unfinished uploads (ids), oldest first, whichever process created them. */
export async function uploadsInProgress(state: UploadState, userId: string): Promise<string[]> {
  return (await liveUploadsOf(state.options.db.kysely, userId)).map((upload) => upload.id);
}
