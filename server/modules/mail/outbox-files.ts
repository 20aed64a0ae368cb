import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import type { StorageDriver } from "../storage/index";

/** The two files of one outbox message: the RFC 822 message and its JSON summary. */
export type OutboxFileKind = "eml" | "json";

/**
 * Where the outbox's files live. One process: a folder (DATA_DIR/outbox). Several processes
 * (the `s3` storage driver): the shared bucket's `outbox/` folder, so the back office lists
 * the same messages whichever process sent them and whichever process it asks.
 */
export interface OutboxFiles {
  /** The ids of the messages whose summary is stored, in no particular order. */
  summaryIds(): Promise<string[]>;
  /** The file's bytes, or null when there is none. */
  read(id: string, kind: OutboxFileKind): Promise<Buffer | null>;
  /** Stores the file whole: a reader never sees half of it. */
  write(id: string, kind: OutboxFileKind, body: Buffer): Promise<void>;
}

/** Messages as `<id>.eml` and `<id>.json` in `directory`, readable by the app's user only. */
export function outboxFolder(directory: string): OutboxFiles {
  const fileOf = (id: string, kind: OutboxFileKind) => path.join(directory, `${id}.${kind}`);
  return {
    async summaryIds() {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
      return names.filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5));
    },
    async read(id, kind) {
      try {
        return await readFile(fileOf(id, kind));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async write(id, kind, body) {
      await mkdir(directory, { recursive: true });
      await writeAtomically(fileOf(id, kind), body);
    },
  };
}

const FOLDER = "outbox";

/**
 * Messages in storage under `outbox/`. A storage key holds one dot (before its extension), so
 * the dot of an id's milliseconds is written as `_` there (ids never contain `_`).
 */
export function outboxInStorage(storage: StorageDriver): OutboxFiles {
  const keyOf = (id: string, kind: OutboxFileKind) => `${FOLDER}/${id.replace(".", "_")}.${kind}`;
  return {
    async summaryIds() {
      return (await storage.list(FOLDER))
        .filter((key) => key.endsWith(".json"))
        .map((key) => key.slice(FOLDER.length + 1, -5).replace("_", "."));
    },
    async read(id, kind) {
      const object = await storage.get(keyOf(id, kind));
      return object ? buffer(object.body) : null;
    },
    async write(id, kind, body) {
      await storage.put(keyOf(id, kind), body, {
        contentType: kind === "eml" ? "message/rfc822" : "application/json",
        size: body.length,
      });
    },
  };
}

/** Readers never see a half-written file: write beside it, then rename over. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString("hex")}.tmp`,
  );
  try {
    // The messages hold sign-in links: readable by the app's user only.
    await writeFile(temp, data, { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}
