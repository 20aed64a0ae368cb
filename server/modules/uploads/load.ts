import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { DataStore } from "@tus/server";
import { isEntryFileField } from "../../../core/uploads";
import { memoryUploadLocks, type UploadLocks } from "./locks";
import { diskPartials, type PartialUploads } from "./partials";
import { deleteLiveUploads, insertLiveUpload } from "./queries";
import { OWNER_KEY, type DoneRecord, type UploadLogger, type UploadServiceOptions } from "./types";

const silent: UploadLogger = { info() {}, warn() {}, error() {} };

/**
 * What the upload operations share in one process: the store of partial uploads, the locks
 * and what this process's own requests need (the quotas' count of unfinished uploads is in
 * the database, `live_uploads`, shared by every process).
 */
export interface UploadState {
  options: UploadServiceOptions;
  dir: string;
  log: UploadLogger;
  now: () => Date;
  /** Partial uploads: on the disk under `dir`, or in the bucket every process shares. */
  partials: PartialUploads;
  datastore: DataStore;
  locks: UploadLocks;
  /** Uploads in progress of being finished (an id → its promise): a HEAD arriving while the
   * final PATCH still moves the bytes waits for it rather than finishing twice. */
  finishing: Map<string, Promise<string>>;
  /** The signed-in user of each request, handed from the HTTP layer to the tus hooks. */
  usersByRequest: WeakMap<IncomingMessage, string>;
  /** The PATCH requests writing to each upload. */
  writing: Map<string, Set<IncomingMessage>>;
  /** The upload a POST created, by request. */
  createdByRequest: WeakMap<IncomingMessage, string>;
  /** Each entrant's admissions in this process, chained: one runs at a time (quotas.ts). */
  admitting: Map<string, Promise<void>>;
}

/** Where partial uploads live and how they are locked, when not this process's disk alone. */
export interface SharedUploads {
  partials?: PartialUploads;
  locks?: UploadLocks;
}

/** The upload state, with the unfinished uploads found in the store counted. */
export async function loadUploadState(
  options: UploadServiceOptions,
  shared?: SharedUploads,
): Promise<UploadState> {
  const dir = path.resolve(options.dir);
  const log = options.logger ?? silent;
  const partials = shared?.partials ?? diskPartials(dir, options.storage, log);
  const state: UploadState = {
    options,
    dir,
    log,
    now: options.clock ?? (() => new Date()),
    partials,
    datastore: partials.datastore,
    locks: shared?.locks ?? memoryUploadLocks(),
    finishing: new Map(),
    usersByRequest: new WeakMap(),
    writing: new Map(),
    createdByRequest: new WeakMap(),
    admitting: new Map(),
  };

  // Unfinished uploads on this disk count too: those of a version that kept the count in
  // memory get their row; those counted already keep theirs.
  for (const stored of partials.unfinishedAtStart()) {
    const field = stored.metadata.field;
    if (stored.size === undefined || !isEntryFileField(field)) continue;
    await insertLiveUpload(options.db.kysely, {
      id: stored.id,
      ownerUserId: String(stored.metadata[OWNER_KEY] ?? ""),
      entryId: String(stored.metadata.entryId ?? ""),
      field,
      size: stored.size,
    });
  }
  return state;
}

export function readDone(state: UploadState, id: string): Promise<DoneRecord | null> {
  return state.partials.readDone(id);
}

/**
 * Removes an upload's bytes and description; it no longer counts against the quotas (a
 * replaced one's row stays, answering late requests, until the expiry job deletes it).
 */
export async function removeUpload(state: UploadState, id: string): Promise<void> {
  await deleteLiveUploads(state.options.db.kysely, [id]);
  await state.partials.remove(id);
}
