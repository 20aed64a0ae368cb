import type { Upload } from "@tus/server";
import { readDone, type UploadState } from "./load";
import { finishUpload } from "./finish";
import { isReplaced } from "./queries";
import { OWNER_KEY, UPLOAD_ID, UploadRefused, type DoneRecord } from "./types";

/**
 * The stored upload a continuing request (HEAD, PATCH, DELETE) names, if it is this user's:
 * "open" while bytes are still expected, or the record of the finished upload. Another
 * user's upload is "not found", never "forbidden".
 */
export async function ownUpload(
  state: UploadState,
  userId: string,
  id: string,
): Promise<"open" | DoneRecord> {
  if (!UPLOAD_ID.test(id)) throw new UploadRefused(404, "upload.notFound");
  // Whichever process admitted the newer upload: the row says so.
  if (await isReplaced(state.options.db, id, userId)) {
    throw new UploadRefused(410, "upload.replaced");
  }
  const done = await readDone(state, id);
  if (done) {
    if (done.ownerUserId !== userId) throw new UploadRefused(404, "upload.notFound");
    return done;
  }
  let upload: Upload;
  try {
    upload = await state.datastore.getUpload(id);
  } catch {
    throw new UploadRefused(404, "upload.notFound");
  }
  if (upload.metadata?.[OWNER_KEY] !== userId) throw new UploadRefused(404, "upload.notFound");
  // Complete but never attached (the server stopped while finishing): finish it now.
  if (upload.size !== undefined && upload.offset === upload.size) {
    const fileId = await finishUpload(state, upload);
    return {
      ownerUserId: userId,
      fileId,
      size: upload.size,
      finishedAt: state.now().toISOString(),
    };
  }
  return "open";
}
