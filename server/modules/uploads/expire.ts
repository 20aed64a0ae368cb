import type { UploadState } from "./load";
import {
  deleteLiveUploads,
  deleteReplacedBefore,
  finishingSince,
  liveUploadsCreatedBefore,
} from "./queries";

/**
 * Deletes partial uploads that received no bytes for `expiryMs` (and the markers of
 * finished ones after the same time), the quotas' rows of uploads that no longer exist
 * (a process stopped between removing an upload and its row), and the rows of uploads
 * replaced longer than `expiryMs` ago (kept until then to answer late requests "replaced").
 * Returns how many uploads it removed.
 */
export async function expireUploads(state: UploadState): Promise<number> {
  const { db } = state.options;
  // Real time, not the injected clock: it is compared with the stored files' times.
  const cutoff = Date.now() - state.options.expiryMs;
  const cutoffTime = new Date(cutoff).toISOString();
  // Being finished here or, lately, by another process (a finish that stopped with its
  // process long ago holds nothing up).
  const finishingElsewhere = await finishingSince(db, cutoffTime);
  const removed = await state.partials.expire(
    cutoff,
    (id) => state.finishing.has(id) || finishingElsewhere.has(id),
  );
  await deleteLiveUploads(db.kysely, removed);
  const gone: string[] = [];
  for (const id of await liveUploadsCreatedBefore(db, cutoffTime)) {
    if (!state.finishing.has(id) && !(await state.partials.exists(id))) gone.push(id);
  }
  await deleteLiveUploads(db.kysely, gone);
  const replaced = await deleteReplacedBefore(db, cutoffTime);
  if (removed.length > 0) state.log.info({ removed: removed.length }, "abandoned uploads removed");
  if (gone.length > 0) state.log.info({ rows: gone.length }, "counts of vanished uploads removed");
  if (replaced > 0) state.log.info({ rows: replaced }, "rows of replaced uploads removed");
  return removed.length;
}

/**
 * Runs `expire` now and every `intervalMs` (never two at once; with `exclusive`, in one
 * process of several at a time); returns the stop function.
 */
export function startExpiry(
  state: UploadState,
  expire: () => Promise<number>,
  intervalMs: number,
  exclusive?: (work: () => Promise<number>) => Promise<unknown>,
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void (exclusive ? exclusive(expire) : expire())
      .catch((error: unknown) => state.log.error({ err: error }, "upload cleanup failed"))
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
