import { chmod, copyFile, mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Config } from "../../config";
import { createStorageDriver, diskStorageRoot, isSafeKey } from "../storage";
import { DATA_FILES_DIR, listFiles, OBJECTS_DIR, type BackupManifest } from "./manifest";
import { placeDatabase } from "./place-database";
import { readBackupArchive } from "./read-archive";

export interface RestoreBackupInput {
  /** Where to restore: the database, DATA_DIR and the store the configuration names. */
  config: Pick<Config, "database" | "dataDir" | "storage">;
  archive: string;
  /** Replace what the target already holds, instead of refusing. */
  force?: boolean;
}

export type RestoreResult =
  | {
      ok: true;
      manifest: BackupManifest;
      restored: {
        database: string;
        tables: number;
        rows: number;
        objects: number;
        dataFiles: number;
      };
    }
  /** Refused or failed: the target holds what it held before. */
  | { ok: false; reason: string };

/**
 * Brings a backup back: checks the whole archive first (`readBackupArchive`), then, into an
 * empty target only unless `force`, the database (`placeDatabase`: counted against the
 * manifest before the old one is let go), the objects through the configured store, and the
 * data directory's own files. Until all of it is in place, what the target held (database,
 * disk store, data files) is kept aside and put back on a failure. Meant for a stopped site or a fresh place.
 */
export async function restoreBackup(input: RestoreBackupInput): Promise<RestoreResult> {
  const { config } = input;
  const dataDir = path.resolve(config.dataDir);
  await mkdir(dataDir, { recursive: true });
  // Inside DATA_DIR, so objects and files are moved into place without copying.
  const staging = await mkdtemp(path.join(dataDir, ".restore-"));
  try {
    const opened = await readBackupArchive(path.resolve(input.archive), staging);
    if (!opened.ok) return opened;
    const { manifest } = opened;
    const staged = (archivePath: string) => path.join(staging, ...archivePath.split("/"));

    if (manifest.database.kind !== config.database.kind) {
      return {
        ok: false,
        reason:
          `the backup holds a ${manifest.database.kind} database and the target is ` +
          `${config.database.kind}: set DATABASE_URL to a database of the same kind`,
      };
    }
    const objects = manifest.files.filter((f) => f.path.startsWith(`${OBJECTS_DIR}/`));
    const dataFiles = manifest.files.filter((f) => f.path.startsWith(`${DATA_FILES_DIR}/`));
    const dataTarget = (archivePath: string) =>
      path.join(dataDir, ...archivePath.split("/").slice(1));
    const keyOf = (archivePath: string) => archivePath.slice(OBJECTS_DIR.length + 1);

    if (!input.force) {
      const problems = await targetProblems(
        input,
        objects.map((f) => keyOf(f.path)),
        () => dataFiles.map((f) => dataTarget(f.path)),
      );
      if (problems.length > 0) {
        return {
          ok: false,
          reason: `the target is not empty (${problems.join("; ")}); restore into an empty one, or pass --force to replace it`,
        };
      }
    }

    const database = await placeDatabase(
      config.database,
      staged(manifest.database.path),
      manifest.database.tables,
      moveFile,
    );
    if (!database.ok) return database;

    // What the disk store held is set aside beside it, and dropped only once all is in place.
    const storeRoot = diskStorageRoot(dataDir);
    const storeAside =
      input.force && config.storage.driver === "disk" && (await stat(storeRoot).catch(() => null))
        ? `${storeRoot}.before-restore-${Date.now()}`
        : null;
    const placedData = dataFilesPlacement(`.before-restore-${Date.now()}`);
    try {
      if (storeAside) await rename(storeRoot, storeAside);
      const storage = createStorageDriver(config.storage, dataDir);
      for (const file of objects) {
        await storage.putFile(keyOf(file.path), staged(file.path), {
          contentType: file.contentType ?? "application/octet-stream",
          move: true,
        });
      }
      for (const file of dataFiles) {
        await placedData.place(staged(file.path), dataTarget(file.path));
      }
    } catch (error) {
      await placedData.undo();
      await database.placed.undo();
      if (storeAside) {
        await rm(storeRoot, { recursive: true, force: true });
        await rename(storeAside, storeRoot);
      }
      throw error;
    }
    await database.placed.keep();
    if (storeAside) await rm(storeAside, { recursive: true, force: true });
    await placedData.keep();

    const counts = Object.values(database.tables);
    return {
      ok: true,
      manifest,
      restored: {
        database:
          config.database.kind === "sqlite" ? config.database.file : "PostgreSQL (DATABASE_URL)",
        tables: counts.length,
        rows: counts.reduce((a, b) => a + b, 0),
        objects: objects.length,
        dataFiles: dataFiles.length,
      },
    };
  } finally {
    // A damaged archive stops the extraction while files it began are still being written:
    // removing the folder retries until those writes have ended.
    await rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** What the target already holds that a restore would replace (empty when nothing). */
async function targetProblems(
  input: RestoreBackupInput,
  objectKeys: string[],
  dataTargets: () => string[],
): Promise<string[]> {
  const { config } = input;
  const problems: string[] = [];
  if (config.database.kind === "sqlite") {
    const info = await stat(config.database.file).catch(() => null);
    if (info && info.size > 0) problems.push(`the database file ${config.database.file} exists`);
  } else {
    const client = new pg.Client({ connectionString: config.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from pg_tables where schemaname = 'public'",
      );
      const tables = Number(rows[0]!.n);
      if (tables > 0) problems.push(`the PostgreSQL database has ${tables} tables`);
    } finally {
      await client.end();
    }
  }
  if (config.storage.driver === "disk") {
    const stored = (await listFiles(diskStorageRoot(config.dataDir))).filter(isSafeKey).length;
    if (stored > 0) problems.push(`the file store holds ${stored} objects`);
  } else {
    // A bucket cannot be listed through Storage: each key the backup brings must be free.
    const storage = createStorageDriver(config.storage, config.dataDir);
    for (const key of objectKeys) {
      if (await storage.stat(key)) {
        problems.push(`the bucket already holds ${key}`);
        break;
      }
    }
  }
  for (const target of dataTargets()) {
    if (await stat(target).catch(() => null)) {
      problems.push(`${path.relative(config.dataDir, target)} exists in DATA_DIR`);
      break;
    }
  }
  return problems;
}

/**
 * The data directory's own files (the auth secret, the outbox) put in place one by one: a file
 * the target already held is renamed aside first (`suffix`), so a restore that fails later
 * puts every one back, and the site keeps the secret its judges' codes and signed links need.
 */
function dataFilesPlacement(suffix: string) {
  const placed: { target: string; aside: string | null }[] = [];
  return {
    async place(source: string, target: string): Promise<void> {
      await mkdir(path.dirname(target), { recursive: true });
      const aside = (await stat(target).catch(() => null)) ? `${target}${suffix}` : null;
      if (aside) await rename(target, aside);
      placed.push({ target, aside });
      await moveFile(source, target);
      await chmod(target, 0o600);
    },
    /** Every file placed so far removed, and what it replaced put back. */
    async undo(): Promise<void> {
      for (const { target, aside } of placed.reverse()) {
        await rm(target, { force: true });
        if (aside) await rename(aside, target);
      }
    },
    /** The replaced files let go, once everything is in place. */
    async keep(): Promise<void> {
      for (const { aside } of placed) if (aside) await rm(aside, { force: true });
    },
  };
}

/** A rename, or a copy when the target is on another filesystem. */
async function moveFile(source: string, target: string): Promise<void> {
  try {
    await rename(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await copyFile(source, target);
    await rm(source, { force: true });
  }
}
