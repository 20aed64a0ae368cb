import type { UploadState } from "./load";

/**
 * Deletes partial uploads that received no bytes for `expiryMs` (and the markers of
 * finished ones after the same time). Returns how many uploads it removed.
 */
export async function expireUploads(state: UploadState): Promise<number> {
  // Real time, not the injected clock: it is compared with the stored files' times.
  const cutoff = Date.now() - state.options.expiryMs;
  for (const [id, at] of state.replaced) if (at < cutoff) state.replaced.delete(id);
  const removed = await state.partials.expire(cutoff, (id) => state.finishing.has(id));
  for (const id of removed) state.live.delete(id);
  if (removed.length > 0) state.log.info({ removed: removed.length }, "abandoned uploads removed");
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
