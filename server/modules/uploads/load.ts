import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { isEntryFileField } from "../../../core/uploads";
import {
  DONE_SUFFIX,
  OWNER_KEY,
  type DoneRecord,
  type LiveUpload,
  type UploadLogger,
  type UploadServiceOptions,
} from "./types";

const silent: UploadLogger = { info() {}, warn() {}, error() {} };

/**
 * What the upload operations share in one process: the tus file store under `dir` and the
 * bookkeeping that must be synchronous (quotas are admitted without awaiting, so parallel
 * creations are counted one after another).
 */
export interface UploadState {
  options: UploadServiceOptions;
  dir: string;
  log: UploadLogger;
  now: () => Date;
  datastore: FileStore;
  /** Uploads in progress of being finished (an id → its promise): a HEAD arriving while the
   * final PATCH still moves the bytes waits for it rather than finishing twice. */
  finishing: Map<string, Promise<string>>;
  /** The signed-in user of each request, handed from the HTTP layer to the tus hooks. */
  usersByRequest: WeakMap<IncomingMessage, string>;
  /** Quotas (core/entry-limits.ts): the unfinished uploads by id. */
  live: Map<string, LiveUpload>;
  /** The PATCH requests writing to each upload. */
  writing: Map<string, Set<IncomingMessage>>;
  /** Uploads a newer one replaced (when), so their late requests are answered 410. */
  replaced: Map<string, number>;
  /** The upload a POST created, by request. */
  createdByRequest: WeakMap<IncomingMessage, string>;
  /** Creation order of live uploads, to replace the oldest first. */
  nextSeq(): number;
}

/** The state of the uploads under `options.dir`, with the unfinished ones found on disk. */
export function loadUploadState(options: UploadServiceOptions): UploadState {
  const dir = path.resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const state: UploadState = {
    options,
    dir,
    log: options.logger ?? silent,
    now: options.clock ?? (() => new Date()),
    datastore: new FileStore({ directory: dir }),
    finishing: new Map(),
    usersByRequest: new WeakMap(),
    live: new Map(),
    writing: new Map(),
    replaced: new Map(),
    createdByRequest: new WeakMap(),
    nextSeq: () => sequence++,
  };

  // Unfinished uploads from before a restart count too: their descriptions are on disk.
  for (const name of readdirSync(dir)) {
    const match = /^([a-f0-9]{32})\.json$/.exec(name);
    if (!match || existsSync(donePath(state, match[1]!))) continue;
    try {
      const stored = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as {
        size?: unknown;
        metadata?: Record<string, unknown>;
      };
      const metadata = stored.metadata ?? {};
      const field = metadata.field;
      if (typeof stored.size !== "number" || !isEntryFileField(field)) continue;
      state.live.set(match[1]!, {
        ownerUserId: String(metadata[OWNER_KEY] ?? ""),
        entryId: String(metadata.entryId ?? ""),
        field,
        size: stored.size,
        seq: state.nextSeq(),
      });
    } catch {
      // Unreadable: the cleanup removes it when it expires.
    }
  }
  return state;
}

/** Beside a finished upload: the attached file's id, so a lost final response can be replayed. */
export const donePath = (state: UploadState, id: string) => path.join(state.dir, id + DONE_SUFFIX);
/** The upload's bytes (tus writes its description beside them, `<id>.json`). */
export const dataPath = (state: UploadState, id: string) => path.join(state.dir, id);

export async function readDone(state: UploadState, id: string): Promise<DoneRecord | null> {
  try {
    return JSON.parse(await readFile(donePath(state, id), "utf8")) as DoneRecord;
  } catch {
    return null;
  }
}

/** Removes an upload's bytes and description; it no longer counts against the quotas. */
export async function removeUpload(state: UploadState, id: string): Promise<void> {
  state.live.delete(id);
  await rm(dataPath(state, id), { force: true });
  await rm(`${dataPath(state, id)}.json`, { force: true });
}
