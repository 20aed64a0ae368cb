import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { extract } from "tar";
import { isSafeKey } from "../storage";
import {
  CARRIED_DATA_PATHS,
  DATA_FILES_DIR,
  listFiles,
  MANIFEST_NAME,
  manifestSchema,
  OBJECTS_DIR,
  sha256File,
  type BackupManifest,
} from "./manifest";

export type ReadArchiveResult =
  { ok: true; manifest: BackupManifest } | { ok: false; reason: string };

const SAFE_SEGMENT = /^(?!\.\.?$)[A-Za-z0-9._-]{1,128}$/;

/** Whether a path the manifest lists may be in an archive (nothing that could leave the folder). */
function allowedArchivePath(manifest: BackupManifest, archivePath: string): boolean {
  if (archivePath === manifest.database.path) return true;
  const [top, ...rest] = archivePath.split("/");
  if (top === OBJECTS_DIR) return isSafeKey(rest.join("/"));
  if (top === DATA_FILES_DIR) {
    return (
      (CARRIED_DATA_PATHS as readonly string[]).includes(rest[0] ?? "") &&
      rest.every((segment) => SAFE_SEGMENT.test(segment))
    );
  }
  return false;
}

/**
 * Unpacks a backup archive into `into` (an empty folder) and proves it whole: a readable
 * gzip and tar of plain files only, a manifest of this format, every file it lists present
 * with its size and SHA-256, and nothing it does not list. Nothing outside `into` is touched.
 */
export async function readBackupArchive(archive: string, into: string): Promise<ReadArchiveResult> {
  const refuse = (reason: string): ReadArchiveResult => ({
    ok: false,
    reason: `${archive} cannot be restored: ${reason}`,
  });
  if (!(await stat(archive).catch(() => null))?.isFile()) return refuse("no such file");

  let oddEntry: string | null = null;
  try {
    await extract({
      file: archive,
      cwd: into,
      strict: true,
      // Links, devices and the like never come from `npm run backup`.
      filter: (entryPath, entry) => {
        const type = "type" in entry ? entry.type : entry.isFile() ? "File" : "Directory";
        const plain = type === "File" || type === "OldFile" || type === "Directory";
        if (!plain) oddEntry ??= entryPath;
        return plain;
      },
    });
  } catch (error) {
    return refuse(`the archive is damaged (${(error as Error).message})`);
  }
  if (oddEntry) return refuse(`it holds something other than plain files (${oddEntry})`);

  let manifest: BackupManifest;
  try {
    const parsed = manifestSchema.safeParse(
      JSON.parse(await readFile(path.join(into, MANIFEST_NAME), "utf8")),
    );
    if (!parsed.success) return refuse("its manifest.json is not that of a backup of this format");
    manifest = parsed.data;
  } catch {
    return refuse("it has no readable manifest.json (not a backup made by npm run backup?)");
  }

  const listed = new Set<string>([MANIFEST_NAME]);
  for (const file of manifest.files) {
    if (!allowedArchivePath(manifest, file.path) || listed.has(file.path)) {
      return refuse(`its manifest lists an unexpected path (${file.path})`);
    }
    listed.add(file.path);
    const full = path.join(into, ...file.path.split("/"));
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return refuse(`${file.path} is missing`);
    if (info.size !== file.size || (await sha256File(full)) !== file.sha256) {
      return refuse(`${file.path} does not match its checksum (the archive is damaged)`);
    }
  }
  if (!listed.has(manifest.database.path)) return refuse("it holds no database");
  const extra = (await listFiles(into)).find((file) => !listed.has(file));
  if (extra) return refuse(`${extra} is not in its manifest`);
  return { ok: true, manifest };
}
