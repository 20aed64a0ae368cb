import type { IncomingMessage, ServerResponse } from "node:http";
import { expireUploads, startExpiry } from "./expire";
import { handleUploadRequest } from "./handle";
import { loadUploadState, type SharedUploads } from "./load";
import { uploadsInProgress } from "./quotas";
import { createTusServer } from "./tus-server";
import type { UploadServiceOptions } from "./types";

/**
 * Resumable uploads of entry files (DESIGN "Files"): the tus protocol with @tus/server and
 * its file store under DATA_DIR/uploads (or, given `shared`, the S3 bucket and PostgreSQL
 * locks every process shares: ./shared.ts), so partial uploads survive a restart and bytes
 * stream with constant memory; the quotas count unfinished uploads in the database, the same
 * for every process. Every request is checked before tus sees it: a
 * signed-in user who owns the entry (and, for an existing upload, who created it). When the
 * last byte arrives the content is inspected, the file moves into storage and is attached to
 * the entry field. The operations live one per file beside this one; this wires them to one
 * process's state.
 */
export async function createUploadService(options: UploadServiceOptions, shared?: SharedUploads) {
  const state = await loadUploadState(options, shared);
  const tus = createTusServer(state);
  const cleanupExpired = () => expireUploads(state);
  return {
    dir: state.dir,
    tus,
    handle: (
      userId: string | null,
      uploadId: string | null,
      req: IncomingMessage,
      res: ServerResponse,
    ) => handleUploadRequest(state, tus, userId, uploadId, req, res),
    /** The signed-in user's unfinished uploads (ids), oldest first, through any process. */
    inProgress: (userId: string) => uploadsInProgress(state, userId),
    cleanupExpired,
    /**
     * Runs `cleanupExpired` now and every `intervalMs` (through `exclusive`: once across
     * processes); returns the stop function.
     */
    startCleanup: (
      intervalMs: number,
      exclusive?: (work: () => Promise<number>) => Promise<unknown>,
    ) => startExpiry(state, cleanupExpired, intervalMs, exclusive),
    /** Lets go of the shared locks' connection (at shutdown). */
    close: () => state.locks.close(),
  };
}

export type UploadService = Awaited<ReturnType<typeof createUploadService>>;
