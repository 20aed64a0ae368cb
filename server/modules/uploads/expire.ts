import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { dataPath, removeUpload, type UploadState } from "./load";
import { DONE_SUFFIX, UPLOAD_ID } from "./types";

/**
 * Deletes partial uploads that received no bytes for `expiryMs` (and the markers of
 * finished ones after the same time). Returns how many uploads it removed.
 */
export async function expireUploads(state: UploadState): Promise<number> {
  const { dir, log } = state;
  // Real time, not the injected clock: it is compared with the files' modification times.
  const cutoff = Date.now() - state.options.expiryMs;
  for (const [id, at] of state.replaced) if (at < cutoff) state.replaced.delete(id);
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const id = name.replace(/(\.json|\.done)$/, "");
    if (!UPLOAD_ID.test(id) || state.finishing.has(id)) continue;
    try {
      const info = await stat(path.join(dir, name));
      if (info.mtimeMs >= cutoff) continue;
      if (name.endsWith(".json")) {
        // The data file's last write is the upload's last activity.
        const data = await stat(dataPath(state, id)).catch(() => null);
        if (data && data.mtimeMs >= cutoff) continue;
        await removeUpload(state, id);
        removed += 1;
      } else if (name.endsWith(DONE_SUFFIX)) {
        await rm(path.join(dir, name), { force: true });
      } else {
        const meta = await stat(`${dataPath(state, id)}.json`).catch(() => null);
        if (!meta) {
          // Bytes without their description (a crash between the two writes).
          await rm(path.join(dir, name), { force: true });
          removed += 1;
        }
      }
    } catch (error) {
      log.warn({ err: error, name }, "could not clean an upload");
    }
  }
  if (removed > 0) log.info({ removed }, "abandoned uploads removed");
  return removed;
}

/** Runs `expire` now and every `intervalMs` (never two at once); returns the stop function. */
export function startExpiry(
  state: UploadState,
  expire: () => Promise<number>,
  intervalMs: number,
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void expire()
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
