import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { FileStore } from "@tus/file-store";
import type { DataStore } from "@tus/server";
import {
  DONE_SUFFIX,
  UPLOAD_ID,
  type DoneRecord,
  type UploadLogger,
  type UploadStorage,
} from "./types";

/** An unfinished upload's description as stored (tus's `Upload`, read back). */
export interface StoredUpload {
  id: string;
  size: number | undefined;
  metadata: Record<string, string | null | undefined>;
}

/**
 * Where partial uploads live until they are finished: tus's data store, the "done" markers
 * that let a lost final answer be replayed, and the moves out of it. On one machine the
 * disk under DATA_DIR/uploads (./partials.ts); with several processes the shared S3 bucket
 * (./partials-s3.ts), so an upload begun through one process continues through another.
 */
export interface PartialUploads {
  readonly datastore: DataStore;
  /**
   * The unfinished uploads on this disk at start, so the quotas count those without a row (a
   * version that counted in memory stored them). The shared store answers none: listing the
   * bucket at every start costs more than such uploads going uncounted until they finish or
   * expire (a lenient count, never a wrong refusal).
   */
  unfinishedAtStart(): StoredUpload[];
  /** Whether the upload's description is stored. */
  exists(id: string): Promise<boolean>;
  readDone(id: string): Promise<DoneRecord | null>;
  writeDone(id: string, record: DoneRecord): Promise<void>;
  /** Removes an upload's bytes and description (not its done marker). */
  remove(id: string): Promise<void>;
  /** The complete upload's bytes as a local file, for the content check, and its clean-up. */
  localFile(id: string): Promise<{ path: string; release(): Promise<void> }>;
  /**
   * Puts a complete upload's bytes into storage under `key`. Afterwards `restore` puts them
   * back if the finish fails later (a move on disk); the shared store copies, keeping its own.
   */
  moveToStorage(id: string, key: string, contentType: string, local: string): Promise<void>;
  restore(id: string, key: string, local: string): Promise<void>;
  /** Removes uploads idle since before `cutoff` (ms) and old done markers; the uploads' ids. */
  expire(cutoff: number, busy: (id: string) => boolean): Promise<string[]>;
}

/** Partial uploads as files under `dir`: `<id>` bytes, `<id>.json` description, `<id>.done`. */
export function diskPartials(
  directory: string,
  storage: UploadStorage,
  log: UploadLogger,
): PartialUploads {
  const dir = path.resolve(directory);
  mkdirSync(dir, { recursive: true });
  const dataPath = (id: string) => path.join(dir, id);
  const donePath = (id: string) => path.join(dir, id + DONE_SUFFIX);
  const remove = async (id: string) => {
    await rm(dataPath(id), { force: true });
    await rm(`${dataPath(id)}.json`, { force: true });
  };

  return {
    datastore: new FileStore({ directory: dir }),

    unfinishedAtStart() {
      const found: StoredUpload[] = [];
      for (const name of readdirSync(dir)) {
        const match = /^([a-f0-9]{32})\.json$/.exec(name);
        if (!match || existsSync(donePath(match[1]!))) continue;
        try {
          const stored = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as {
            size?: unknown;
            metadata?: Record<string, string | null>;
          };
          found.push({
            id: match[1]!,
            size: typeof stored.size === "number" ? stored.size : undefined,
            metadata: stored.metadata ?? {},
          });
        } catch {
          // Unreadable: the cleanup removes it when it expires.
        }
      }
      return found;
    },

    exists: async (id) => existsSync(`${dataPath(id)}.json`),

    async readDone(id) {
      try {
        return JSON.parse(await readFile(donePath(id), "utf8")) as DoneRecord;
      } catch {
        return null;
      }
    },

    writeDone: (id, record) => writeFile(donePath(id), JSON.stringify(record), { mode: 0o600 }),

    remove,

    localFile: async (id) => ({ path: dataPath(id), release: async () => {} }),

    async moveToStorage(_id, key, contentType, local) {
      // The upload's bytes are not needed afterwards: renamed into storage when it is local.
      await storage.putFile(key, local, { contentType, move: true });
    },

    async restore(_id, key, local) {
      if (existsSync(local)) return;
      const object = await storage.get(key);
      if (object) await pipeline(object.body, createWriteStream(local, { mode: 0o600 }));
    },

    async expire(cutoff, busy) {
      const removed: string[] = [];
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return removed;
      }
      for (const name of names) {
        const id = name.replace(/(\.json|\.done)$/, "");
        if (!UPLOAD_ID.test(id) || busy(id)) continue;
        try {
          const info = await stat(path.join(dir, name));
          if (info.mtimeMs >= cutoff) continue;
          if (name.endsWith(".json")) {
            // The data file's last write is the upload's last activity.
            const data = await stat(dataPath(id)).catch(() => null);
            if (data && data.mtimeMs >= cutoff) continue;
            await remove(id);
            removed.push(id);
          } else if (name.endsWith(DONE_SUFFIX)) {
            await rm(path.join(dir, name), { force: true });
          } else {
            const meta = await stat(`${dataPath(id)}.json`).catch(() => null);
            if (!meta) {
              // Bytes without their description (a crash between the two writes).
              await rm(path.join(dir, name), { force: true });
              removed.push(id);
            }
          }
        } catch (error) {
          log.warn({ err: error, name }, "could not clean an upload");
        }
      }
      return removed;
    },
  };
}
