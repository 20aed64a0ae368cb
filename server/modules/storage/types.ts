import { Transform, type Readable } from "node:stream";

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStat {
  /** The whole object's size in bytes. */
  size: number;
  /** The type recorded when it was stored (the sniffed one: callers pass what `inspect` found). */
  contentType: string;
  modifiedAt: Date;
}

export interface StoredObject extends ObjectStat {
  /** The bytes asked for: the whole object, or exactly `range` when one was given. */
  body: Readable;
  /** The range actually returned (inclusive), or null for the whole object. */
  range: ByteRange | null;
}

export interface PutOptions {
  contentType: string;
  /** Bytes expected; the put fails (and stores nothing) when the body has another length. */
  size?: number;
}

/**
 * Where files live (DESIGN "Files"): the same operations on the local disk and on any
 * S3-compatible store. Keys are made by the server (see `newObjectKey`), never from a
 * user's file name; a key that is not of the safe form is refused by every driver.
 */
export interface StorageDriver {
  readonly driver: "disk" | "s3";
  /** Stores a body (a stream is consumed with constant memory) under `key`, replacing any. */
  put(key: string, body: Readable | Buffer, options: PutOptions): Promise<ObjectStat>;
  /**
   * Streams a file from the local disk into storage (constant memory, any size). With `move`
   * the caller gives the file up: the disk driver renames it into place when it can (same
   * filesystem: a finished 1 GB upload is stored without copying); other drivers copy it.
   */
  putFile(
    key: string,
    filePath: string,
    options: { contentType: string; move?: boolean },
  ): Promise<ObjectStat>;
  /** The object, or null when there is none. A range past the end throws `RangeNotSatisfiable`. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  stat(key: string): Promise<ObjectStat | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The keys of the objects in one folder, `folder` being a safe key's folder part (`outbox`,
   * `a/b`), its sub-folders left out; in no particular order, none when it holds nothing.
   */
  list(folder: string): Promise<string[]>;
}

export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super("range not satisfiable");
  }
}

/** Segments of letters, digits, `_` and `-`, slash-separated, an optional `.ext` at the end. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-]{1,64}\/){0,8}[A-Za-z0-9_-]{1,64}(?:\.[A-Za-z0-9]{1,8})?$/;

/** Throws unless `key` is of the safe form (no `..`, no leading `/`, no odd characters). */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

/** Throws unless `folder` could hold safe keys (`name` or `name/name`, no trailing slash). */
export function assertSafeFolder(folder: string): void {
  if (!SAFE_KEY.test(`${folder}/x`) || folder.includes(".")) {
    throw new Error(`unsafe storage folder: ${JSON.stringify(folder)}`);
  }
}

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/** Checks a range against the object's size; throws `RangeNotSatisfiable` when it cannot be served. */
export function clampRange(range: ByteRange, size: number): ByteRange {
  if (
    !Number.isInteger(range.start) ||
    !Number.isInteger(range.end) ||
    range.start < 0 ||
    range.start >= size ||
    range.end < range.start
  ) {
    throw new RangeNotSatisfiable(size);
  }
  return { start: range.start, end: Math.min(range.end, size - 1) };
}

/** Passes bytes through and fails the stream when there are more or fewer than `expected`. */
export function exactLength(expected: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > expected) callback(new Error("body is larger than declared"));
      else callback(null, chunk);
    },
    flush(callback) {
      callback(seen === expected ? null : new Error("body is smaller than declared"));
    },
  });
}
