/**
 * Pictures chosen together in one file picker upload side by side, and the server attaches each
 * when its upload finishes, so they arrive in the order they finish. A batch remembers the order
 * they were chosen in; once attached, they are put back in it through the form's reorder.
 */
export interface UploadBatch {
  /** The uploads' keys, in the order the files were chosen. */
  keys: string[];
  /** The attached file of each upload that has finished. */
  fileIds: Map<string, string>;
  /** Uploads still able to finish (on their way, paused, or failed with "Continue" offered). */
  open: Set<string>;
}

export function newBatch(keys: string[]): UploadBatch {
  return { keys, fileIds: new Map(), open: new Set(keys) };
}

/** Forgets a file of the batch (removed by the person). */
export function dropFile(batch: UploadBatch, fileId: string): void {
  for (const [key, id] of batch.fileIds) if (id === fileId) batch.fileIds.delete(key);
}

/** The batch's files among `ids`, in the order they were chosen. */
function members(batch: UploadBatch, ids: readonly string[]): string[] {
  return batch.keys.flatMap((key) => {
    const id = batch.fileIds.get(key);
    return id !== undefined && ids.includes(id) ? [id] : [];
  });
}

/**
 * `ids` with each batch's files side by side in the order chosen, where the first of them is
 * now: a file chosen later (in another batch) that finished before one of the batch stays
 * after the whole batch. Files of no batch keep their places.
 */
export function arrangeBatches(ids: readonly string[], batches: readonly UploadBatch[]): string[] {
  let arranged = [...ids];
  for (const batch of batches) {
    const chosen = members(batch, arranged);
    if (chosen.length < 2) continue;
    const first = Math.min(...chosen.map((id) => arranged.indexOf(id)));
    const others = arranged.filter((id) => !chosen.includes(id));
    arranged = [...others.slice(0, first), ...chosen, ...others.slice(first)];
  }
  return arranged;
}

/**
 * Whether the batch has nothing left to do: every upload settled, and all its files listed in
 * `ids`, side by side in the order chosen.
 */
export function batchSettled(batch: UploadBatch, ids: readonly string[]): boolean {
  if (batch.open.size > 0) return false;
  const chosen = members(batch, ids);
  if (chosen.length < batch.fileIds.size) return false;
  const positions = chosen.map((id) => ids.indexOf(id));
  return positions.every((at, index) => index === 0 || at === positions[index - 1]! + 1);
}
