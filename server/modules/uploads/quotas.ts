import { ENTRANT_LIVE_UPLOAD_BYTES_MAX, liveUploadsPerField } from "../../../core/entry-limits";
import { removeUpload, type UploadState } from "./load";
import { UploadRefused, type LiveUpload } from "./types";

/**
 * Admits a new upload against the quotas, synchronously (no await: parallel creations are
 * counted one after another). Beyond the field's number of unfinished uploads the oldest
 * ones are replaced; beyond the entrant's total of declared bytes the new one is refused.
 */
export function admitUpload(state: UploadState, id: string, upload: Omit<LiveUpload, "seq">): void {
  const sameField = [...state.live.entries()]
    .filter(
      ([otherId, other]) =>
        other.ownerUserId === upload.ownerUserId &&
        other.entryId === upload.entryId &&
        other.field === upload.field &&
        !state.finishing.has(otherId),
    )
    .sort((a, b) => a[1].seq - b[1].seq);
  const victims = sameField
    .slice(0, Math.max(0, sameField.length - (liveUploadsPerField(upload.field) - 1)))
    .map(([victimId]) => victimId);
  let total = upload.size;
  for (const [otherId, other] of state.live) {
    if (other.ownerUserId === upload.ownerUserId && !victims.includes(otherId)) {
      total += other.size;
    }
  }
  if (total > ENTRANT_LIVE_UPLOAD_BYTES_MAX) {
    throw new UploadRefused(409, "upload.tooMuchInProgress");
  }
  for (const victimId of victims) replaceUpload(state, victimId);
  state.live.set(id, { ...upload, seq: state.nextSeq() });
}

/** Ends an unfinished upload a newer one of the same field replaces: requests cut, bytes gone. */
function replaceUpload(state: UploadState, id: string): void {
  state.live.delete(id);
  state.replaced.set(id, Date.now());
  // Remembered for a late request's clear answer; bounded however many are replaced.
  if (state.replaced.size > 10_000) state.replaced.delete(state.replaced.keys().next().value!);
  const requests = [...(state.writing.get(id) ?? [])];
  state.log.info({ uploadId: id, cut: requests.length }, "upload replaced by a newer one");
  const remove = () => void removeUpload(state, id).catch(() => undefined);
  if (requests.length === 0) {
    remove();
    return;
  }
  // The bytes go once the requests writing them have closed (tus holds the file open).
  let open = requests.length;
  for (const request of requests) {
    request.once("close", () => {
      open -= 1;
      if (open === 0) remove();
    });
    request.destroy();
  }
}

/** The user's unfinished uploads (ids), oldest first. */
export function uploadsInProgress(state: UploadState, userId: string): string[] {
  return [...state.live.entries()]
    .filter(([, upload]) => upload.ownerUserId === userId)
    .sort((a, b) => a[1].seq - b[1].seq)
    .map(([id]) => id);
}
