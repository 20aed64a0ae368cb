import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "./config";

/**
 * Makes sure DATA_DIR is a folder the server can write, creating it (and its missing parents)
 * one level at a time; refuses with one line naming DATA_DIR otherwise. One level at a time
 * because Node's recursive mkdir never returns under a folder that answers ENOENT to every
 * mkdir (/proc): the server would wait without a word.
 */
export function ensureDataDir(dataDir: string): void {
  const dir = path.resolve(dataDir);
  try {
    const missing: string[] = [];
    let at = dir;
    while (!statSync(at, { throwIfNoEntry: false })) {
      missing.unshift(at);
      const parent = path.dirname(at);
      if (parent === at) break;
      at = parent;
    }
    for (const folder of missing) mkdirSync(folder);
    if (!statSync(dir).isDirectory()) {
      throw Object.assign(new Error(`${dir} is a file, not a folder`), { code: "ENOTDIR" });
    }
    // Permissions alone do not tell (root, read-only mounts): a file is written and removed.
    const probe = path.join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, "");
    rmSync(probe);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `Cannot use DATA_DIR=${dir} (${reason}). Check DATA_DIR: it must be a folder the server can create and write.`,
    );
  }
}
