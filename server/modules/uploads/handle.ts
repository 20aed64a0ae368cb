import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "@tus/server";
import { UPLOAD_FILE_ID_HEADER } from "../../../core/uploads";
import { checkNewUpload } from "./create-upload";
import { collectWhileStreaming } from "./body-memory";
import { ownUpload } from "./continue-upload";
import { removeUpload, type UploadState } from "./load";
import { deleteLiveUploads, isLiveUpload } from "./queries";
import { UploadRefused } from "./types";

/**
 * Serves one tus request for a signed-in user (null: nobody). Throws `UploadRefused`
 * before anything is stored; otherwise writes the response itself.
 */
export async function handleUploadRequest(
  state: UploadState,
  tus: Server,
  userId: string | null,
  uploadId: string | null,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = req.method ?? "GET";
  if (method === "OPTIONS") {
    await tus.handle(req, res);
    return;
  }
  if (!userId) throw new UploadRefused(401, "upload.signInRequired");
  if (method === "POST") {
    if (uploadId !== null) throw new UploadRefused(404, "upload.notFound");
    await checkNewUpload(state, userId, req.headers);
  } else if (method === "HEAD" || method === "PATCH" || method === "DELETE") {
    if (uploadId === null) throw new UploadRefused(404, "upload.notFound");
    const upload = await ownUpload(state, userId, uploadId, method);
    if (upload !== "open") {
      // Finished: HEAD replays the result; nothing else may change it.
      if (method !== "HEAD") throw new UploadRefused(409, "upload.badRequest");
      res.writeHead(200, {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": String(upload.size),
        "Upload-Length": String(upload.size),
        [UPLOAD_FILE_ID_HEADER]: upload.fileId,
        "Cache-Control": "no-store",
      });
      res.end();
      return;
    }
  } else {
    throw new UploadRefused(405, "upload.badRequest");
  }
  state.usersByRequest.set(req, userId);
  if (method === "PATCH" && uploadId !== null) {
    trackWriter(state, uploadId, req);
    collectWhileStreaming(req);
  }
  await tus.handle(req, res);
  const created = method === "POST" ? state.createdByRequest.get(req) : undefined;
  if (created && res.statusCode < 300) {
    // Replaced by a parallel creation (in this process or another) before tus had stored
    // it: stored now, so remove it. Replaced after this check, its bytes are found and removed.
    if (!(await isLiveUpload(state.options.db, created))) await removeUpload(state, created);
  } else if (created) {
    // Admitted, then not stored after all: it no longer counts.
    if (!(await state.partials.exists(created))) {
      await deleteLiveUploads(state.options.db.kysely, [created]);
    }
  } else if (method === "DELETE" && uploadId !== null && res.statusCode === 204) {
    await deleteLiveUploads(state.options.db.kysely, [uploadId]);
  }
}

/** Remembers a PATCH writing to an upload, so a newer upload of the same field can cut it. */
function trackWriter(state: UploadState, uploadId: string, req: IncomingMessage): void {
  const requests = state.writing.get(uploadId) ?? new Set<IncomingMessage>();
  requests.add(req);
  state.writing.set(uploadId, requests);
  req.once("close", () => {
    requests.delete(req);
    if (requests.size === 0 && state.writing.get(uploadId) === requests) {
      state.writing.delete(uploadId);
    }
  });
}
