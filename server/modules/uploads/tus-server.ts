import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { ERRORS, Server } from "@tus/server";
import { ENTRY_FILE_RULES } from "../../../core/entry-limits";
import { isEntryFileField, UPLOAD_FILE_ID_HEADER, UPLOADS_PATH } from "../../../core/uploads";
import { createUpload } from "./create-upload";
import { finishUpload } from "./finish";
import type { UploadState } from "./load";
import { isReplaced } from "./queries";
import { UPLOAD_ID, UploadRefused } from "./types";

/** A refusal as tus sends it: the status and our JSON body `{ error: key }`. */
function tusRefusal(error: UploadRefused): { status_code: number; body: string } {
  return { status_code: error.status, body: JSON.stringify({ error: error.messageKey }) };
}

/**
 * The tus server over the upload state: creation goes through `createUpload`, the last byte
 * through `finishUpload`; tus's own refusals are answered with our i18n keys.
 */
export function createTusServer(state: UploadState): Server {
  const { datastore, log } = state;
  return new Server({
    path: UPLOADS_PATH,
    datastore,
    // One request writes an upload at a time, across processes when the locks are shared.
    locker: state.locks.tus,
    relativeLocation: true,
    // Our own cleanup decides on inactivity, not on age: a long upload is never cut off.
    disableTerminationForFinishedUploads: true,
    allowedOrigins: [new URL(state.options.publicUrl).origin],
    exposedHeaders: [UPLOAD_FILE_ID_HEADER],
    namingFunction: () => randomBytes(16).toString("hex"),
    // The server enforces the declared length while bytes arrive (and the field's limit).
    maxSize: async (_request, uploadId) => {
      if (uploadId && UPLOAD_ID.test(uploadId)) {
        try {
          const upload = await datastore.getUpload(uploadId);
          const field = upload.metadata?.field;
          if (isEntryFileField(field)) return ENTRY_FILE_RULES[field].maxBytes;
        } catch {
          // A new upload (POST): the field's limit was checked before.
        }
      }
      return ENTRY_FILE_RULES.video.maxBytes;
    },
    onUploadCreate: async (request, upload) => {
      const node = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node;
      try {
        return { metadata: await createUpload(state, node?.req, upload) };
      } catch (error) {
        if (error instanceof UploadRefused) throw tusRefusal(error);
        throw error;
      }
    },
    onUploadFinish: async (_request, upload) => {
      try {
        const fileId = await finishUpload(state, upload);
        return { status_code: 204, headers: { [UPLOAD_FILE_ID_HEADER]: fileId } };
      } catch (error) {
        if (error instanceof UploadRefused) throw tusRefusal(error);
        throw error;
      }
    },
    onResponseError: async (request, error) => {
      if (error instanceof Error && !("status_code" in error)) {
        log.error({ err: error }, "upload request failed");
        // A fault of ours, not a bad request: the form says so and the client may retry.
        return tusRefusal(new UploadRefused(500, "upload.serverError"));
      }
      const { status_code, body } = error as { status_code: number; body: string };
      if (body.startsWith("{")) return undefined;
      // tus's own refusals (wrong offset, size exceeded…) as keys the form can show.
      // Another request (perhaps through another process) kept the upload the whole wait.
      if (body === ERRORS.ERR_LOCK_TIMEOUT.body) {
        return tusRefusal(new UploadRefused(423, "upload.busy"));
      }
      if (status_code === 413) return tusRefusal(new UploadRefused(413, "upload.sizeExceeded"));
      if (status_code === 404 || status_code === 410) {
        // Gone under a request already writing it: replaced by a newer upload of its field
        // (through any process, the row says so), or really gone.
        const id = new URL(request.url).pathname.split("/").pop() ?? "";
        if (UPLOAD_ID.test(id) && (await isReplaced(state.options.db, id).catch(() => false))) {
          return tusRefusal(new UploadRefused(410, "upload.replaced"));
        }
        return tusRefusal(new UploadRefused(status_code, "upload.notFound"));
      }
      return undefined;
    },
  });
}
