import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import {
  assertSafeFolder,
  assertSafeKey,
  clampRange,
  exactLength,
  type ByteRange,
  type ObjectStat,
  type PutOptions,
  type StorageDriver,
  type StoredObject,
} from "./types";

export interface S3StorageOptions {
  /** e.g. https://s3.example.com or http://127.0.0.1:9000; unset for AWS itself. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Bucket in the path (`endpoint/bucket/key`), as most non-AWS stores want. */
  forcePathStyle: boolean;
  /** Keys go under this prefix inside the bucket (default none). */
  prefix?: string;
}

const DEFAULT_TYPE = "application/octet-stream";

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 ||
    error.name === "NotFound" ||
    error.name === "NoSuchKey");

/**
 * The `s3` driver: any S3-compatible store. One PUT per object with its length declared
 * and the body streamed (a single PUT holds up to 5 GB; our largest file is 1 GB). Checksums
 * only where the API requires them, which keeps third-party stores and the emulator happy.
 */
export function createS3Storage(options: S3StorageOptions): StorageDriver & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = options.bucket;
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return (options.prefix ?? "") + key;
  };

  const head = async (key: string): Promise<ObjectStat | null> => {
    try {
      const result = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return {
        size: Number(result.ContentLength ?? 0),
        contentType: result.ContentType ?? DEFAULT_TYPE,
        modifiedAt: result.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  const putStream = async (
    key: string,
    body: Readable | Buffer,
    contentType: string,
    size: number,
  ): Promise<ObjectStat> => {
    let guarded: Readable | Buffer = body;
    const abort = new AbortController();
    let streamError: unknown = null;
    if (!Buffer.isBuffer(body)) {
      // A stream is checked on the way: a wrong length (or a failing source) aborts the
      // request instead of leaving it waiting for bytes that never come.
      const guard = exactLength(size);
      pipeline(body, guard).catch((error: unknown) => {
        streamError = error;
        abort.abort();
      });
      guarded = guard;
    }
    try {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: guarded,
          ContentType: contentType,
          ContentLength: size,
        }),
        { abortSignal: abort.signal },
      );
    } catch (error) {
      if (streamError) {
        // S3 keeps nothing of an aborted PUT; some compatible stores keep what arrived.
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) })).catch(() => {});
        throw streamError;
      }
      throw error;
    }
    const result = await head(key);
    if (!result) throw new Error("stored object vanished");
    if (result.size !== size) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
      throw new Error("stored object has the wrong size");
    }
    return result;
  };

  const putFile = async (key: string, filePath: string, putOptions: { contentType: string }) => {
    const info = await stat(filePath);
    return putStream(key, createReadStream(filePath), putOptions.contentType, info.size);
  };

  return {
    driver: "s3",
    client,

    async put(key: string, body: Readable | Buffer, putOptions: PutOptions) {
      keyOf(key);
      if (Buffer.isBuffer(body)) {
        if (putOptions.size !== undefined && putOptions.size !== body.length) {
          throw new Error("body is not of the declared size");
        }
        return putStream(key, body, putOptions.contentType, body.length);
      }
      // A stream is spooled to a temp file first (constant memory): S3 wants the length up
      // front, and a body that turns out shorter or longer than declared must never reach the
      // bucket (an aborted PUT leaves partial objects on some S3-compatible stores).
      const dir = await mkdtemp(path.join(tmpdir(), "vx-s3-spool-"));
      try {
        const file = path.join(dir, "body");
        const out = createWriteStream(file, { mode: 0o600 });
        if (putOptions.size !== undefined) await pipeline(body, exactLength(putOptions.size), out);
        else await pipeline(body, out);
        return await putFile(key, file, { contentType: putOptions.contentType });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    putFile,

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      let effective: ByteRange | null = null;
      if (range) {
        const info = await head(key);
        if (!info) return null;
        effective = clampRange(range, info.size);
      }
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            ...(effective ? { Range: `bytes=${effective.start}-${effective.end}` } : {}),
          }),
        );
        const total = effective
          ? Number(/\/(\d+)$/.exec(result.ContentRange ?? "")?.[1] ?? NaN)
          : Number(result.ContentLength ?? 0);
        return {
          body: result.Body as Readable,
          size: Number.isFinite(total) ? total : Number(result.ContentLength ?? 0),
          contentType: result.ContentType ?? DEFAULT_TYPE,
          modifiedAt: result.LastModified ?? new Date(0),
          range: effective,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    stat: head,

    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async list(folder: string) {
      assertSafeFolder(folder);
      const prefix = `${options.prefix ?? ""}${folder}/`;
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix,
            Delimiter: "/",
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) keys.push(`${folder}/${item.Key.slice(prefix.length)}`);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
