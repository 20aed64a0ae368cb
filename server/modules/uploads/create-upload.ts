import type { IncomingMessage } from "node:http";
import { Metadata, type Upload } from "@tus/server";
import { ENTRY_FILE_RULES, entryFileProblemMessage } from "../../../core/entry-limits";
import { fileProblem } from "../../../core/upload-rules";
import { isEntryFileField, newUploadMetadata, uploadLengthHeader } from "../../../core/uploads";
import type { UploadState } from "./load";
import { admitUpload } from "./quotas";
import { OWNER_KEY, UploadRefused } from "./types";

/**
 * Checks a new upload (`POST`) before tus stores anything, after the sign-in check (so a
 * stranger learns nothing of the protocol): a declared length (no deferred length, no
 * concatenation) and the metadata the form sends, by the `core/uploads.ts` schemas; the
 * field's type and size rules; and an entry of this user that takes the file now.
 */
export async function checkNewUpload(
  state: UploadState,
  userId: string,
  headers: IncomingMessage["headers"],
): Promise<void> {
  if (headers["upload-defer-length"] !== undefined || headers["upload-concat"] !== undefined) {
    throw new UploadRefused(400, "upload.lengthRequired");
  }
  const length = uploadLengthHeader.safeParse(headers["upload-length"]);
  if (!length.success) throw new UploadRefused(400, "upload.lengthRequired");
  let decoded: Record<string, string | null>;
  try {
    decoded = Metadata.parse(
      typeof headers["upload-metadata"] === "string" ? headers["upload-metadata"] : undefined,
    );
  } catch {
    throw new UploadRefused(400, "upload.badRequest");
  }
  const metadata = newUploadMetadata.safeParse(decoded);
  if (!metadata.success) throw new UploadRefused(400, "upload.badRequest");
  const { entryId, field, filename, filetype } = metadata.data;
  const facts = { name: filename, size: length.data, type: filetype };
  const problem = entryFileProblemMessage(field, facts);
  if (problem) {
    const tooLarge = fileProblem(ENTRY_FILE_RULES[field], facts) === "tooLarge";
    throw new UploadRefused(tooLarge ? 413 : 422, problem);
  }
  const { entries } = state.options;
  const entry = await entries.get(userId, entryId);
  if (!entry) throw new UploadRefused(404, "upload.notFound");
  const refusal = await entries.uploadAllowed(userId, entryId, field, length.data);
  if (refusal) {
    const status = refusal.endsWith("TooLarge") ? 413 : refusal.endsWith(".notFound") ? 404 : 422;
    throw new UploadRefused(status, refusal);
  }
}

/**
 * Creates the upload tus is about to store (its `onUploadCreate`): admitted against the
 * quotas, owned by the signed-in user whatever the browser sent. Returns the metadata to keep.
 */
export async function createUpload(
  state: UploadState,
  req: IncomingMessage | undefined,
  upload: Upload,
): Promise<Record<string, string | null>> {
  const userId = req ? state.usersByRequest.get(req) : undefined;
  if (!userId) throw new UploadRefused(401, "upload.signInRequired");
  const field = upload.metadata?.field;
  if (!isEntryFileField(field) || upload.size === undefined) {
    throw new UploadRefused(400, "upload.badRequest");
  }
  await admitUpload(state, {
    id: upload.id,
    ownerUserId: userId,
    entryId: upload.metadata?.entryId ?? "",
    field,
    size: upload.size,
  });
  if (req) state.createdByRequest.set(req, upload.id);
  return { ...upload.metadata, [OWNER_KEY]: userId };
}
