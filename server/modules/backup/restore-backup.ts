import { chmod, copyFile, mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Config, DatabaseConfig } from "../../config";
import { createStorageDriver, diskStorageRoot, isSafeKey } from "../storage";
import { DATA_FILES_DIR, listFiles, OBJECTS_DIR, type BackupManifest } from "./manifest";
import { postgresToolConnection, runPostgresTool } from "./postgres-tools";
import { readBackupArchive } from "./read-archive";
import { countRows } from "./snapshot-database";

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
  /**
   * `written`: the check that failed came after the target was written (the rows counted
   * against the manifest), so the target holds the restore as it came out, not what it held.
   */
  | { ok: false; reason: string; written?: true };

/**
 * Brings a backup back: checks the whole archive first (`readBackupArchive`), then, into an
 * empty target only unless `force`, the database (the SQLite file put in place, or
 * `pg_restore` into the PostgreSQL database in one transaction), the objects through the
 * configured store, and the data directory's own files; finally counts the restored rows
 * against the manifest. Meant for a stopped site or a fresh place.
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

    await restoreDatabase(config.database, staged(manifest.database.path), input.force ?? false);

    const storage = createStorageDriver(config.storage, dataDir);
    if (input.force && config.storage.driver === "disk") {
      await rm(diskStorageRoot(dataDir), { recursive: true, force: true });
    }
    for (const file of objects) {
      await storage.putFile(keyOf(file.path), staged(file.path), {
        contentType: file.contentType ?? "application/octet-stream",
        move: true,
      });
    }
    for (const file of dataFiles) {
      const target = dataTarget(file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await moveFile(staged(file.path), target);
      await chmod(target, 0o600);
    }

    const counted = await countRows(config.database);
    const differing = Object.entries(manifest.database.tables).filter(
      ([table, rows]) => counted.tables[table] !== rows,
    );
    if (differing.length > 0) {
      const [table, rows] = differing[0]!;
      return {
        ok: false,
        written: true,
        reason: `the restored database differs from the backup: ${table} has ${counted.tables[table] ?? 0} rows, the backup ${rows}`,
      };
    }
    const counts = Object.values(counted.tables);
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

async function restoreDatabase(
  config: DatabaseConfig,
  stagedFile: string,
  force: boolean,
): Promise<void> {
  if (config.kind === "sqlite") {
    await mkdir(path.dirname(config.file), { recursive: true });
    // A stale write-ahead log beside a replaced file would be replayed into it.
    for (const suffix of ["-wal", "-shm", "-journal"]) {
      await rm(`${config.file}${suffix}`, { force: true });
    }
    await moveFile(stagedFile, config.file);
    return;
  }
  if (force) {
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      await client.query("drop schema public cascade");
      await client.query("create schema public");
    } finally {
      await client.end();
    }
  }
  const connection = postgresToolConnection(config.url);
  await runPostgresTool(
    "pg_restore",
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${connection.dbname}`,
      stagedFile,
    ],
    connection.env,
  );
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
