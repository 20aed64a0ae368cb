import { MemoryLocker, type Locker } from "@tus/server";

/**
 * Who may touch an upload at a time. `tus` is handed to @tus/server (one request writes an
 * upload at once; a newer request asks the holder to let go). `exclusive` runs the finish of
 * an upload (content check, move into storage, attach) alone, whichever process got its last
 * byte or a HEAD: it waits for another holder rather than finishing twice.
 */
export interface UploadLocks {
  tus: Locker;
  exclusive<T>(id: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** One process alone: tus's own in-memory locker; finishing is already one at a time per id. */
export function memoryUploadLocks(): UploadLocks {
  return {
    tus: new MemoryLocker(),
    exclusive: (_id, work) => work(),
    close: async () => {},
  };
}
