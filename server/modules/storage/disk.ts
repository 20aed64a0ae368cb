import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertSafeFolder,
  assertSafeKey,
  clampRange,
  isSafeKey,
  type ByteRange,
  type ObjectStat,
  type PutOptions,
  type StorageDriver,
  type StoredObject,
} from "./types";

const DEFAULT_TYPE = "application/octet-stream";
// `~` never appears in a key, so these names cannot collide with an object.
const META_SUFFIX = "~meta";
const PART_SUFFIX = "~part";

class SizeMismatch extends Error {}

/**
 * The `disk` driver: objects are files under `root` at their key's path, with the content
 * type in a small `~meta` file beside each. Writes go to a temp name and are renamed into
 * place, so a reader never sees half a file and a crash leaves no object.
 */
export function createDiskStorage(root: string): StorageDriver {
  const resolvedRoot = path.resolve(root);

  const pathOf = (key: string): string => {
    assertSafeKey(key);
    const full = path.resolve(resolvedRoot, ...key.split("/"));
    if (!full.startsWith(resolvedRoot + path.sep)) throw new Error("unsafe storage key");
    return full;
  };

  const readType = async (file: string): Promise<string> => {
    try {
      const meta = JSON.parse(await readFile(file + META_SUFFIX, "utf8")) as {
        contentType?: unknown;
      };
      return typeof meta.contentType === "string" ? meta.contentType : DEFAULT_TYPE;
    } catch {
      return DEFAULT_TYPE;
    }
  };

  const statOf = async (file: string): Promise<ObjectStat | null> => {
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { size: info.size, contentType: await readType(file), modifiedAt: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };

  const write = async (
    key: string,
    source: Readable,
    contentType: string,
    expectedSize?: number,
  ): Promise<ObjectStat> => {
    const target = pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const suffix = `.${randomBytes(6).toString("hex")}${PART_SUFFIX}`;
    const temp = target + suffix;
    const tempMeta = target + META_SUFFIX + suffix;
    let written = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (expectedSize !== undefined && written > expectedSize) {
          callback(new SizeMismatch("body is larger than declared"));
          return;
        }
        callback(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(temp, { mode: 0o600 }));
      if (expectedSize !== undefined && written !== expectedSize) {
        throw new SizeMismatch("body is smaller than declared");
      }
      await writeFile(tempMeta, JSON.stringify({ contentType }), { mode: 0o600 });
      await rename(tempMeta, target + META_SUFFIX);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      await rm(tempMeta, { force: true });
      throw error;
    }
    const result = await statOf(target);
    if (!result) throw new Error("stored object vanished");
    return result;
  };

  /** Renames a file into place (no copy); null when it is on another filesystem. */
  const moveInto = async (
    key: string,
    filePath: string,
    contentType: string,
  ): Promise<ObjectStat | null> => {
    const target = pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tempMeta = `${target}${META_SUFFIX}.${randomBytes(6).toString("hex")}${PART_SUFFIX}`;
    await writeFile(tempMeta, JSON.stringify({ contentType }), { mode: 0o600 });
    try {
      await rename(tempMeta, target + META_SUFFIX);
      await rename(filePath, target);
      await chmod(target, 0o600);
    } catch (error) {
      await rm(tempMeta, { force: true });
      if ((error as NodeJS.ErrnoException).code === "EXDEV") return null;
      throw error;
    }
    return statOf(target);
  };

  return {
    driver: "disk",

    async put(key: string, body: Readable | Buffer, options: PutOptions) {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      const size = Buffer.isBuffer(body) ? (options.size ?? body.length) : options.size;
      return write(key, source, options.contentType, size);
    },

    async putFile(key: string, filePath: string, options: { contentType: string; move?: boolean }) {
      if (options.move) {
        const moved = await moveInto(key, filePath, options.contentType);
        if (moved) return moved;
      }
      const info = await stat(filePath);
      return write(key, createReadStream(filePath), options.contentType, info.size);
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const file = pathOf(key);
      const info = await statOf(file);
      if (!info) return null;
      const effective = range ? clampRange(range, info.size) : null;
      const body = effective
        ? createReadStream(file, { start: effective.start, end: effective.end })
        : createReadStream(file);
      return { ...info, body, range: effective };
    },

    async stat(key: string) {
      return statOf(pathOf(key));
    },

    async delete(key: string) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(file + META_SUFFIX, { force: true });
    },

    async list(folder: string) {
      assertSafeFolder(folder);
      let entries: Dirent[];
      try {
        entries = await readdir(path.join(resolvedRoot, ...folder.split("/")), {
          withFileTypes: true,
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      // A half-written `~part` or a `~meta` beside an object is no key of its own.
      return entries
        .filter((entry) => entry.isFile() && isSafeKey(entry.name))
        .map((entry) => `${folder}/${entry.name}`);
    },
  };
}
