import type { Upload } from "@tus/server";
import { readDone, type UploadState } from "./load";
import { finishUpload } from "./finish";
import { uploadRowState } from "./queries";
import { OWNER_KEY, UPLOAD_ID, UploadRefused, type DoneRecord } from "./types";

/**
 * The stored upload a continuing request (HEAD, PATCH, DELETE) names, if it is this user's:
 * "open" while bytes are still expected, or the record of the finished upload. Another
 * user's upload is "not found", never "forbidden". A PATCH or DELETE of an upload whose row
 * says it is this user's and counted goes straight on (tus reads the upload itself, under its
 * lock, and finishes it when its last byte is in); a HEAD, which a resuming browser sends
 * first, also finishes an upload that is complete but was never attached.
 */
export async function ownUpload(
  state: UploadState,
  userId: string,
  id: string,
  method: "HEAD" | "PATCH" | "DELETE",
): Promise<"open" | DoneRecord> {
  if (!UPLOAD_ID.test(id)) throw new UploadRefused(404, "upload.notFound");
  // Whichever process admitted the newer upload: the row says so.
  const row = await uploadRowState(state.options.db, id, userId);
  if (row === "replaced") throw new UploadRefused(410, "upload.replaced");
  if (row === "live" && method !== "HEAD") return "open";
  // A counted upload is not finished yet (its finished record comes an instant before its row
  // goes): only an upload without a row needs the record read here.
  const done = row === "live" ? null : await readDone(state, id);
  if (done) return ownDone(done, userId);
  let upload: Upload;
  try {
    upload = await state.datastore.getUpload(id);
  } catch {
    // Finished by another request since its row was read: its bytes are gone, its record stays.
    const finished = row === "live" ? await readDone(state, id) : null;
    if (finished) return ownDone(finished, userId);
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

function ownDone(done: DoneRecord, userId: string): DoneRecord {
  if (done.ownerUserId !== userId) throw new UploadRefused(404, "upload.notFound");
  return done;
}
