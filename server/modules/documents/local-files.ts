import { readdir, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { DOCUMENT_FILE_NAME } from "../../../core/pdf-document-url";
import type { StorageDriver } from "../storage";
import { documentKey } from "./service";

/** Where earlier versions kept public documents, on the local disk beside the database. */
export function legacyDocumentsDir(dataDir: string): string {
  return path.join(dataDir, "files", "documents");
}

/**
 * Moves documents an earlier version wrote straight to `DATA_DIR/files/documents` into
 * `Storage`, under the same names (their URLs do not change), then removes the folder once
 * it is empty. Cheap when there is nothing to move: one directory read. Returns how many
 * files were moved.
 */
export async function moveLocalDocumentsToStorage(
  dataDir: string,
  storage: StorageDriver,
): Promise<number> {
  const dir = legacyDocumentsDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let moved = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    // Half-written files (`.part`) of an interrupted upload are left over, never published.
    if (!DOCUMENT_FILE_NAME.test(name)) {
      if (name.endsWith(".part")) await rm(file, { force: true });
      continue;
    }
    const key = documentKey(name);
    if (!(await storage.stat(key))) {
      await storage.putFile(key, file, { contentType: "application/pdf", move: true });
      moved++;
    }
    await rm(file, { force: true });
  }
  await rmdir(dir).catch(() => {});
  return moved;
}
