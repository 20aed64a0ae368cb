import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { S3StorageOptions } from "../modules/storage/s3";

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
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
 * folder, with one empty bucket: the `s3` storage driver is tested against it.
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
