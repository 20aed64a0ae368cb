import { createHash } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3StorageOptions } from "../modules/storage/s3";

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  req: IncomingMessage;
  res: ServerResponse;
  respond: boolean;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  /** Koa's middleware list, composed when the server starts listening. */
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: S3rverStore;
}

/** The parts of s3rver's filesystem store used here. */
interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
}
interface S3rverObject {
  bucket: string;
  key: string;
  metadata: unknown;
  content: Buffer | Readable;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

export interface S3Emulator {
  /** Options for `createS3Storage` pointing at the emulator's bucket. */
  options: S3StorageOptions;
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (npm `s3rver`) on 127.0.0.1 with a random port and a temp
 * folder, with one empty bucket: the `s3` storage driver is tested against it. s3rver stores
 * multipart uploads but cannot list their parts or abort one, which resumable uploads in S3
 * (@tus/s3-store) rely on: both are answered here from s3rver's own folder of parts.
 */
export async function startS3Emulator(bucket = "vx-test"): Promise<S3Emulator> {
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;
  const directory = mkdtempSync(path.join(tmpdir(), "vx-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    resetOnClose: true,
    configureBuckets: [{ name: bucket }],
  });
  server.middleware.unshift(multipartExtras(server));
  server.store.putObject = (object) => putObjectWhole(server.store, object);
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    options: {
      endpoint,
      region: "us-east-1",
      bucket,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver's own putObject answers once the bytes are handed to its write stream, not once they
 * are on disk (for a Buffer, at once): a HEAD right after the PUT, as the storage driver makes
 * to check the stored size, can then see part of the object on a busy machine. S3 itself
 * answers a PUT only once the object is whole; so does this one.
 */
async function putObjectWhole(store: S3rverStore, object: S3rverObject) {
  const objectPath = store.getResourcePath(object.bucket, object.key, "object");
  await mkdir(path.dirname(objectPath), { recursive: true });
  const md5 = createHash("md5");
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  await pipeline(source, measure, createWriteStream(objectPath));
  const digest = md5.digest("hex");
  await store.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
}

/** ListParts and AbortMultipartUpload on s3rver's folder `<bucket>/uploads/<uploadId>/<n>`. */
function multipartExtras(server: S3rverInstance) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    const listing = ctx.method === "GET" && ctx.query.partNumber === undefined;
    if (typeof uploadId !== "string" || !match || !(listing || ctx.method === "DELETE")) {
      return next();
    }
    ctx.respond = false;
    const [, bucket, key] = match;
    const dir = path.join(server.store.getResourcePath(bucket!, undefined, "uploads"), uploadId);
    const names = await readdir(dir).catch(() => null);
    const reply = (status: number, body = "") => {
      ctx.res.writeHead(status, { "Content-Type": "application/xml" });
      ctx.res.end(body);
    };
    if (!names) {
      reply(
        404,
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`,
      );
      return;
    }
    if (ctx.method === "DELETE") {
      await rm(dir, { recursive: true, force: true });
      reply(204);
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const info = await stat(path.join(dir, String(n)));
        const md5 = (await readFile(path.join(dir, `${n}.md5`), "utf8").catch(() => "")).trim();
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    reply(
      200,
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
    );
  };
}
