import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/database";
import type { StorageDriver } from "../storage";

/**
 * Private uploaded files (PRODUCT §8): type decided by content (magic bytes), never by name;
 * the uploaded name never reaches the file system; served only after an authorization check.
 * The bytes live in Storage (disk or S3) under `private/<2 hex>/<storage key>`; files saved
 * before that, directly under `DATA_DIR/files/private`, are still read from there.
 */
export interface StoredFile {
  id: string;
  mime: string;
  bytes: number;
}

export class FileRejected extends Error {
  constructor(
    /** An i18n key for the user. */
    readonly messageKey: string,
  ) {
    super(messageKey);
  }
}

export type FileStore = ReturnType<typeof createFileStore>;

/**
 * How long a file may stay without an owner: an upload made while registering is claimed by
 * the new account within the same request, so an hour is far more than any registration
 * takes; anything older was left by a registration that failed or was abandoned.
 */
export const UNOWNED_FILE_GRACE_MS = 60 * 60_000;

/** How often the sweep of unowned files runs in the server process. */
export const UNOWNED_FILE_SWEEP_INTERVAL_MS = 15 * 60_000;

export interface SweepLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function createFileStore(
  db: Db,
  dataDir: string,
  storage: StorageDriver,
  clock: () => Date = () => new Date(),
) {
  const legacyRoot = path.join(dataDir, "files", "private");

  const checked = (storageKey: string) => {
    if (!/^[a-f0-9]{32}$/.test(storageKey)) throw new Error("bad storage key");
    return storageKey;
  };
  const objectKey = (storageKey: string) =>
    `private/${checked(storageKey).slice(0, 2)}/${storageKey}`;
  const legacyPathOf = (storageKey: string) =>
    path.join(legacyRoot, checked(storageKey).slice(0, 2), storageKey);

  /** The row first, only while it is still unowned, then the stored bytes. */
  const removeUnowned = async (row: { id: string; storage_key: string }): Promise<boolean> => {
    const result = await db.kysely
      .deleteFrom("files")
      .where("id", "=", row.id)
      .where("owner_user_id", "is", null)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    if (/^[a-f0-9]{32}$/.test(row.storage_key)) {
      await storage.delete(objectKey(row.storage_key));
      await rm(legacyPathOf(row.storage_key), { force: true });
    }
    return true;
  };

  return {
    /**
     * Checks the content against the allowed types and the size limit, then stores it.
     * `ownerUserId` may be null for an upload made before the account exists (registration).
     */
    async save(input: {
      data: Uint8Array;
      purpose: string;
      ownerUserId: string | null;
      allowedMimes: readonly string[];
      maxBytes: number;
      tooLargeKey: string;
      wrongTypeKey: string;
    }): Promise<StoredFile> {
      if (input.data.byteLength === 0) throw new FileRejected(input.wrongTypeKey);
      if (input.data.byteLength > input.maxBytes) throw new FileRejected(input.tooLargeKey);
      const sniffed = await fileTypeFromBuffer(input.data);
      if (!sniffed || !input.allowedMimes.includes(sniffed.mime)) {
        throw new FileRejected(input.wrongTypeKey);
      }
      const storageKey = randomBytes(16).toString("hex");
      const id = randomBytes(16).toString("base64url");
      const key = objectKey(storageKey);
      await storage.put(key, Buffer.from(input.data), { contentType: sniffed.mime });
      try {
        await db.kysely
          .insertInto("files")
          .values({
            id,
            owner_user_id: input.ownerUserId,
            purpose: input.purpose,
            mime: sniffed.mime,
            bytes: input.data.byteLength,
            storage_key: storageKey,
            created_at: clock().toISOString(),
          })
          .execute();
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      return { id, mime: sniffed.mime, bytes: input.data.byteLength };
    },

    /** The Storage key of a file's bytes (for `storage.signedUrl`). */
    objectKey,

    async find(id: string) {
      return db.kysely.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Gives an unowned upload (made while registering) to the new account. */
    async claim(id: string, ownerUserId: string, purpose: string): Promise<boolean> {
      const result = await db.kysely
        .updateTable("files")
        .set({ owner_user_id: ownerUserId })
        .where("id", "=", id)
        .where("owner_user_id", "is", null)
        .where("purpose", "=", purpose)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Deletes the files no account owns (a failed or abandoned registration's licence, a
     * deleted account's files) that are older than `graceMs`: the row first — only while it
     * is still unowned, so a file claimed meanwhile stays — then the stored bytes. Returns how
     * many it removed.
     */
    async sweepUnowned(graceMs: number = UNOWNED_FILE_GRACE_MS): Promise<number> {
      const cutoff = new Date(clock().getTime() - graceMs).toISOString();
      let removed = 0;
      for (;;) {
        const rows = await db.kysely
          .selectFrom("files")
          .select(["id", "storage_key"])
          .where("owner_user_id", "is", null)
          .where("created_at", "<", cutoff)
          .orderBy("created_at")
          .limit(100)
          .execute();
        for (const row of rows) if (await removeUnowned(row)) removed += 1;
        if (rows.length < 100) return removed;
      }
    },

    /**
     * Deletes one upload no account owns, at once: a registration that stored a licence and
     * then lost its address to another at the same moment. A file claimed meanwhile stays.
     * Returns whether it was removed.
     */
    async discardUnowned(id: string): Promise<boolean> {
      const row = await db.kysely
        .selectFrom("files")
        .select(["id", "storage_key"])
        .where("id", "=", id)
        .where("owner_user_id", "is", null)
        .executeTakeFirst();
      return row ? removeUnowned(row) : false;
    },

    /** Runs `sweepUnowned` now and every `intervalMs`; returns the stop function. */
    startSweep(
      options: {
        intervalMs?: number;
        graceMs?: number;
        logger?: SweepLogger;
        /** Other stored things nobody refers to (entry images, judges' copies), same cutoff. */
        also?: (cutoff: Date) => Promise<number>;
        /** Runs each sweep so that one process at a time sweeps (an advisory lock). */
        exclusive?: (work: () => Promise<void>) => Promise<void>;
      } = {},
    ): () => void {
      let running = false;
      const sweep = async () => {
        const removed = await this.sweepUnowned(options.graceMs);
        if (removed > 0) options.logger?.info({ removed }, "unowned files removed");
        if (options.also) {
          const cutoff = new Date(clock().getTime() - (options.graceMs ?? UNOWNED_FILE_GRACE_MS));
          const images = await options.also(cutoff);
          if (images > 0)
            options.logger?.info(
              { removed: images },
              "unused entry images and judges' copies removed",
            );
        }
      };
      const tick = () => {
        if (running) return;
        running = true;
        void (options.exclusive ? options.exclusive(sweep) : sweep())
          .catch((error: unknown) =>
            options.logger?.error({ err: error }, "sweeping unowned files failed"),
          )
          .finally(() => {
            running = false;
          });
      };
      tick();
      const timer = setInterval(tick, options.intervalMs ?? UNOWNED_FILE_SWEEP_INTERVAL_MS);
      timer.unref();
      return () => clearInterval(timer);
    },

    async read(id: string): Promise<{ mime: string; data: Buffer } | null> {
      const row = await this.find(id);
      if (!row) return null;
      const object = await storage.get(objectKey(row.storage_key));
      if (!object) return { mime: row.mime, data: await readFile(legacyPathOf(row.storage_key)) };
      return { mime: row.mime, data: await buffer(object.body) };
    },
  };
}
