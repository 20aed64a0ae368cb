import { createWriteStream, type ReadStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type _Object,
} from "@aws-sdk/client-s3";
import { S3Store, type MetadataValue, type Options as S3StoreOptions } from "@tus/s3-store";
import { ERRORS, type KvStore } from "@tus/server";
import type { S3StorageOptions } from "../storage/s3";
import { assertSafeKey } from "../storage/types";
import { DONE_SUFFIX, type DoneRecord, type UploadLogger } from "./types";
import type { PartialUploads } from "./partials";
import { sendPartWithRetries } from "./part-retry";

/**
 * Each PATCH's bytes go to S3 in parts of this size (the upload form sends chunks of the same
 * size, so a chunk is one part); a 1 GB video is 128 parts, far below S3's 10,000. A tail
 * smaller than S3's 5 MiB minimum waits in `<id>.part` until the next chunk arrives.
 */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 ||
    ["NotFound", "NoSuchKey", "NoSuchUpload"].includes(error.name));

/**
 * Nothing kept between requests: the next request for an upload may reach another process,
 * and a description remembered here would outlive the upload's removal there.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
};

/**
 * @tus/s3-store, with two differences. When another process removed the upload while this one
 * was writing to it (it replaced the upload with a newer one of the same field, or expired it):
 * that process cannot cut a request it does not serve, so the write here meets the bucket's
 * "no such key" (the description) or "no such upload" (the aborted multipart upload). The
 * PATCH is then answered as tus answers an upload that is gone (410), not as a fault. And a
 * part or tail the store dropped (a reset connection, a 5xx) is sent again from its file.
 */
class SharedS3Store extends S3Store {
  private readonly described: (id: string) => Promise<boolean>;
  private readonly log: UploadLogger;

  constructor(
    options: S3StoreOptions,
    described: (id: string) => Promise<boolean>,
    log: UploadLogger,
  ) {
    super(options);
    this.described = described;
    this.log = log;
  }

  protected override uploadPart(
    metadata: MetadataValue,
    body: ReadStream | Readable | Buffer,
    partNumber: number,
  ): Promise<string> {
    return sendPartWithRetries(
      body,
      (fresh) => super.uploadPart(metadata, fresh, partNumber),
      this.log,
      { uploadId: metadata.file.id, part: partNumber },
    );
  }

  protected override uploadIncompletePart(
    id: string,
    body: ReadStream | Readable,
  ): Promise<string> {
    return sendPartWithRetries(
      body,
      // Never a buffer: only a buffer given is given back.
      (fresh) => super.uploadIncompletePart(id, fresh as ReadStream | Readable),
      this.log,
      { uploadId: id, part: "tail" },
    );
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    try {
      return await super.write(src, id, offset);
    } catch (error) {
      // Gone only when its description is: any other failure stays a fault.
      if (isNotFound(error) && !(await this.described(id).catch(() => true))) {
        throw ERRORS.FILE_NO_LONGER_EXISTS;
      }
      throw error;
    }
  }
}

/**
 * Partial uploads in the S3 bucket storage uses, through @tus/s3-store: a multipart upload
 * per upload (`<id>`), its description (`<id>.info`), a short tail (`<id>.part`) and, once
 * finished, the marker `<id>.done`, all at the bucket's top level beside storage's folders.
 * Every process sees the same uploads; a finished one is copied inside the bucket to its key.
 */
export function s3Partials(
  options: S3StorageOptions,
  tempDir: string,
  log: UploadLogger,
): PartialUploads {
  const clientConfig = {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    // Checksums only where the API requires them, as the storage driver does.
    requestChecksumCalculation: "WHEN_REQUIRED" as const,
    responseChecksumValidation: "WHEN_REQUIRED" as const,
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  };
  const client = new S3Client(clientConfig);
  const Bucket = options.bucket;
  const infoKey = (id: string) => `${id}.info`;
  const datastore = new SharedS3Store(
    {
      partSize: UPLOAD_PART_BYTES,
      cache: noCache,
      s3ClientConfig: { ...clientConfig, bucket: Bucket },
    },
    (id) => hasObject(infoKey(id)),
    log,
  );

  const doneKey = (id: string) => id + DONE_SUFFIX;

  /** The multipart upload's id, from the description; null when there is none. */
  const multipartId = async (id: string): Promise<string | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: infoKey(id) }));
      return head.Metadata?.["upload-id"] ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  const deleteKey = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };

  const remove = async (id: string) => {
    const uploadId = await multipartId(id);
    // The description first: from then on every process answers "not found".
    await deleteKey(infoKey(id));
    if (uploadId) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: id, UploadId: uploadId }))
        .catch((error: unknown) => {
          // A completed one has nothing left to abort.
          if (!isNotFound(error)) throw error;
        });
    }
    await deleteKey(id);
    await deleteKey(`${id}.part`);
  };

  /** When bytes last arrived for an upload: its parts, its tail, its description. */
  const lastActivity = async (id: string, objects: Map<string, _Object>): Promise<number> => {
    let latest = 0;
    for (const key of [infoKey(id), `${id}.part`, id]) {
      latest = Math.max(latest, objects.get(key)?.LastModified?.getTime() ?? 0);
    }
    const uploadId = await multipartId(id);
    if (uploadId) {
      try {
        const listed = await client.send(
          new ListPartsCommand({ Bucket, Key: id, UploadId: uploadId }),
        );
        for (const part of listed.Parts ?? []) {
          latest = Math.max(latest, part.LastModified?.getTime() ?? 0);
        }
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    return latest;
  };

  return {
    datastore,

    unfinishedAtStart: () => [],

    exists: (id) => hasObject(infoKey(id)),

    async readDone(id) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: doneKey(id) }));
        return JSON.parse((await object.Body?.transformToString()) ?? "") as DoneRecord;
      } catch (error) {
        if (isNotFound(error) || error instanceof SyntaxError) return null;
        throw error;
      }
    },

    async writeDone(id, record) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: doneKey(id),
          Body: JSON.stringify(record),
          ContentType: "application/json",
        }),
      );
    },

    remove,

    async localFile(id) {
      await mkdir(tempDir, { recursive: true });
      const dir = await mkdtemp(path.join(tempDir, "vx-upload-"));
      const release = () => rm(dir, { recursive: true, force: true });
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: id }));
        const file = path.join(dir, "bytes");
        await pipeline(object.Body as Readable, createWriteStream(file, { mode: 0o600 }));
        return { path: file, release };
      } catch (error) {
        await release();
        throw error;
      }
    },

    async moveToStorage(id, key, contentType) {
      assertSafeKey(key);
      // Copied inside the bucket: the bytes never travel through this process again.
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: (options.prefix ?? "") + key,
          CopySource: `${Bucket}/${encodeURIComponent(id)}`,
          ContentType: contentType,
          MetadataDirective: "REPLACE",
        }),
      );
    },

    // A copy left the upload's own bytes in place.
    restore: async () => {},

    async expire(cutoff, busy) {
      const objects = new Map<string, _Object>();
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Delimiter: "/", ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) objects.set(object.Key, object);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      const ids = new Set<string>();
      for (const key of objects.keys()) {
        const match = /^([a-f0-9]{32})(\.info|\.part|\.done)?$/.exec(key);
        if (match) ids.add(match[1]!);
      }
      const removed: string[] = [];
      for (const id of ids) {
        if (busy(id)) continue;
        try {
          const done = objects.get(doneKey(id));
          if (done) {
            if ((done.LastModified?.getTime() ?? 0) < cutoff) await deleteKey(doneKey(id));
            continue;
          }
          if ((await lastActivity(id, objects)) >= cutoff) continue;
          await remove(id);
          removed.push(id);
        } catch (error) {
          log.warn({ err: error, uploadId: id }, "could not clean an upload");
        }
      }
      return removed;
    },
  };

  async function hasObject(Key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}
