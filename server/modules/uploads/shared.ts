import type { DatabaseConfig } from "../../config";
import type { StorageConfig } from "../storage/index";
import type { SharedUploads } from "./load";
import type { UploadLogger } from "./types";

/**
 * What lets several processes serve the same uploads: with S3 storage the partial uploads
 * live in its bucket (./partials-s3.ts), with PostgreSQL they are locked there
 * (./pg-locks.ts). Each is loaded only when configured (the S3 client is memory a server on
 * its own disk never needs); otherwise this process's disk and memory do (./partials.ts).
 */
export async function openSharedUploads(options: {
  storage: StorageConfig;
  database: DatabaseConfig;
  /** Where a finished upload is fetched to for its content check. */
  tempDir: string;
  logger: UploadLogger;
}): Promise<SharedUploads> {
  const shared: SharedUploads = {};
  if (options.storage.driver === "s3") {
    const { s3Partials } = await import("./partials-s3");
    shared.partials = s3Partials(options.storage, options.tempDir, options.logger);
  }
  if (options.database.kind === "postgres") {
    const { pgUploadLocks } = await import("./pg-locks");
    shared.locks = pgUploadLocks(options.database.url, options.logger);
  }
  return shared;
}
