import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";

/**
 * What a backup archive holds and how it describes itself. The archive (tar, gzip) has
 * `manifest.json` first, then:
 *
 *   database/app.sqlite      SQLite, copied with its online backup API
 *   database/postgres.dump   PostgreSQL, `pg_dump --format=custom` in one snapshot
 *   objects/<key>            every object of the disk store, by its storage key
 *   data/<name>              the data directory's own files (the generated auth secret, …)
 *
 * The manifest lists every other file in the archive with its size and SHA-256, so a restore
 * proves the archive whole before it touches anything.
 */

export const BACKUP_FORMAT = "van-xuan-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = "manifest.json";
export const SQLITE_ARCHIVE_PATH = "database/app.sqlite";
export const POSTGRES_ARCHIVE_PATH = "database/postgres.dump";
export const OBJECTS_DIR = "objects";
export const DATA_FILES_DIR = "data";

/**
 * Files and folders of DATA_DIR that belong with the data: without the generated secret a
 * restored site could not check its judges' codes or its signed links; the outbox holds the
 * mail sent while no SMTP server was configured. Partial uploads and temp files do not.
 */
export const CARRIED_DATA_PATHS = ["auth-secret", "demo-credentials.json", "outbox"] as const;

const fileSchema = z.object({
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** For objects: the content type the store recorded. */
  contentType: z.string().optional(),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  app: z.object({ version: z.string() }),
  /** The last migration applied in the copied database. */
  migration: z.string().nullable(),
  database: z.object({
    kind: z.enum(["sqlite", "postgres"]),
    path: z.enum([SQLITE_ARCHIVE_PATH, POSTGRES_ARCHIVE_PATH]),
    /** Rows per table at the snapshot. */
    tables: z.record(z.string(), z.number().int().min(0)),
  }),
  storage: z.object({
    driver: z.enum(["disk", "s3"]),
    /** False for S3: the bucket's own versioning or replication keeps its objects. */
    included: z.boolean(),
    objects: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
  files: z.array(fileSchema),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileSchema>;

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Every regular file under `root`, as slash-separated paths relative to it (none when missing). */
export async function listFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .sort();
}
