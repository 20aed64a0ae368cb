import {
  chmod,
  copyFile,
  link,
  mkdir,
  mkdtemp,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { create as createTar } from "tar";
import type { Config } from "../../config";
import { createStorageDriver, diskStorageRoot, isSafeKey } from "../storage";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  CARRIED_DATA_PATHS,
  DATA_FILES_DIR,
  listFiles,
  MANIFEST_NAME,
  OBJECTS_DIR,
  POSTGRES_ARCHIVE_PATH,
  sha256File,
  SQLITE_ARCHIVE_PATH,
  type BackupManifest,
  type ManifestFile,
} from "./manifest";
import { snapshotDatabase } from "./snapshot-database";

export interface CreateBackupInput {
  config: Pick<Config, "database" | "dataDir" | "storage">;
  /** The archive to write (`.tar.gz`); its folder is created when missing. */
  out: string;
  appVersion: string;
  now?: Date;
}

export interface BackupSummary {
  archive: string;
  /** The archive's size in bytes. */
  bytes: number;
  manifest: BackupManifest;
}

/** `DATA_DIR/backups/<UTC time>.tar.gz`, the default place of `npm run backup`. */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  // To the millisecond: two backups started in the same second must not overwrite each other.
  const stamp = now.toISOString().replaceAll(":", "-");
  return path.join(dataDir, "backups", `${stamp}.tar.gz`);
}

/**
 * Writes one archive of the site's data while it serves: the database first (one consistent
 * snapshot), then the disk store's objects and the data directory's own files, then the
 * manifest with every file's size and SHA-256. An object written after the snapshot may be in
 * the archive unreferenced (the orphan sweep removes it after a restore); objects are never
 * changed in place, so each one is whole. The archive appears under its name only when
 * complete.
 */
export async function createBackup(input: CreateBackupInput): Promise<BackupSummary> {
  const { config } = input;
  const out = path.resolve(input.out);
  // The archive holds password hashes and the site's secret: for its owner's eyes only.
  await mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
  // Beside the archive: usually inside DATA_DIR, so objects are staged as hard links.
  const staging = await mkdtemp(path.join(path.dirname(out), ".backup-"));
  const partial = `${out}.partial`;
  try {
    const createdAt = (input.now ?? new Date()).toISOString();
    const databasePath =
      config.database.kind === "sqlite" ? SQLITE_ARCHIVE_PATH : POSTGRES_ARCHIVE_PATH;
    await mkdir(path.join(staging, path.dirname(databasePath)), { recursive: true });
    const snapshot = await snapshotDatabase(config.database, path.join(staging, databasePath));

    const objects = config.storage.driver === "disk" ? await stageDiskObjects(config, staging) : [];
    const dataFiles = await stageDataFiles(config.dataDir, staging);

    const files: ManifestFile[] = [];
    for (const { archivePath, contentType } of [
      { archivePath: databasePath, contentType: undefined },
      ...objects,
      ...dataFiles.map((archivePath) => ({ archivePath, contentType: undefined })),
    ]) {
      const full = path.join(staging, ...archivePath.split("/"));
      files.push({
        path: archivePath,
        size: (await stat(full)).size,
        sha256: await sha256File(full),
        ...(contentType === undefined ? {} : { contentType }),
      });
    }
    const objectFiles = files.filter((f) => f.path.startsWith(`${OBJECTS_DIR}/`));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt,
      app: { version: input.appVersion },
      migration: snapshot.migration,
      database: { kind: config.database.kind, path: databasePath, tables: snapshot.tables },
      storage: {
        driver: config.storage.driver,
        included: config.storage.driver === "disk",
        objects: objectFiles.length,
        bytes: objectFiles.reduce((sum, f) => sum + f.size, 0),
      },
      files,
    };
    await writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST_NAME,
      ...files.map((f) => f.path),
    ]);
    await chmod(partial, 0o600);
    await rename(partial, out);
    return { archive: out, bytes: (await stat(out)).size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/**
 * Links every object of the disk store into the staging folder. The disk driver writes a new
 * version under a temp name and renames it over the old, never into the same file, so a link
 * holds exactly the bytes the object had at this moment, whatever happens to it next.
 */
async function stageDiskObjects(
  config: CreateBackupInput["config"],
  staging: string,
): Promise<{ archivePath: string; contentType: string }[]> {
  const root = diskStorageRoot(config.dataDir);
  const driver = createStorageDriver(config.storage, config.dataDir);
  const staged: { archivePath: string; contentType: string }[] = [];
  // Temp files and the driver's type records are not of the key form.
  for (const key of (await listFiles(root)).filter(isSafeKey)) {
    const archivePath = `${OBJECTS_DIR}/${key}`;
    const target = path.join(staging, ...archivePath.split("/"));
    await mkdir(path.dirname(target), { recursive: true });
    if (!(await linkOrCopy(path.join(root, ...key.split("/")), target))) continue;
    const info = await driver.stat(key);
    staged.push({ archivePath, contentType: info?.contentType ?? "application/octet-stream" });
  }
  return staged;
}

async function stageDataFiles(dataDir: string, staging: string): Promise<string[]> {
  const staged: string[] = [];
  for (const name of CARRIED_DATA_PATHS) {
    const source = path.join(dataDir, name);
    const info = await stat(source).catch(() => null);
    if (!info) continue;
    const relatives = info.isDirectory()
      ? (await listFiles(source)).map((r) => `${name}/${r}`)
      : [name];
    for (const relative of relatives) {
      const archivePath = `${DATA_FILES_DIR}/${relative}`;
      const target = path.join(staging, ...archivePath.split("/"));
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await copyFile(path.join(dataDir, ...relative.split("/")), target);
        staged.push(archivePath);
      } catch (error) {
        // Removed since it was listed (an outbox message deleted): nothing to keep.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  return staged;
}

/** A hard link, or a copy across filesystems; false when the file is gone meanwhile. */
async function linkOrCopy(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "EMLINK") throw error;
  }
  try {
    await copyFile(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
