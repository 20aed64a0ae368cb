import { randomBytes } from "node:crypto";
import path from "node:path";
import { createDiskStorage } from "./disk";
import type { S3StorageOptions } from "./s3";
import { createLinkSigner, SIGNED_PREFIX, type Disposition, type VerifyResult } from "./signed";
import { assertSafeKey, type StorageDriver } from "./types";

export type { ByteRange, ObjectStat, PutOptions, StorageDriver, StoredObject } from "./types";
export { RangeNotSatisfiable, isSafeKey } from "./types";
export { SIGNED_PREFIX } from "./signed";
export type { Disposition, SignedLinkClaims } from "./signed";

export type StorageConfig = { driver: "disk" } | ({ driver: "s3" } & S3StorageOptions);

/**
 * Signed private links last 15 minutes (README): a caller may ask for less, never for more, so
 * a link copied out of a page stops working soon after.
 */
export const DEFAULT_LINK_TTL_SECONDS = 15 * 60;
export const MAX_LINK_TTL_SECONDS = DEFAULT_LINK_TTL_SECONDS;

export interface SignedUrlOptions {
  ttlSeconds?: number;
  /** The name the browser saves it under (the user's original name is fine here: a header only). */
  filename?: string;
  /** Overrides the stored (sniffed) type; normally left out. */
  contentType?: string;
  /** `inline` only takes effect for images and video; everything else downloads. */
  disposition?: Disposition;
}

export interface Storage extends StorageDriver {
  /** A path (`/tep/<token>`) that serves the object to whoever holds it, until it expires. */
  signedUrl(key: string, options?: SignedUrlOptions): string;
  verifySignedToken(token: string): VerifyResult;
}

/** A fresh key `<namespace>/<2 hex>/<32 hex>[.ext]`: random, never derived from a user's name. */
export function newObjectKey(namespace: string, ext?: string): string {
  const id = randomBytes(16).toString("hex");
  return `${namespace}/${id.slice(0, 2)}/${id}${ext ? `.${ext}` : ""}`;
}

/** Where the disk driver keeps objects. */
export function diskStorageRoot(dataDir: string): string {
  return path.join(dataDir, "files", "objects");
}

export function createStorage(
  config: StorageConfig,
  options: { dataDir: string; secret: string; clock?: () => Date },
): Storage {
  return withSignedLinks(
    createStorageDriver(config, options.dataDir),
    options.secret,
    options.clock,
  );
}

/** The configured driver without signed links: for scripts that only store and read. */
export function createStorageDriver(config: StorageConfig, dataDir: string): StorageDriver {
  return config.driver === "s3"
    ? lazyS3Storage(config)
    : createDiskStorage(diskStorageRoot(dataDir));
}

/**
 * The S3 driver, loaded on its first use: @aws-sdk/client-s3 is memory (PRODUCT §11 budget) that
 * a server on the disk driver never needs, and `createStorage` stays synchronous.
 */
function lazyS3Storage(options: S3StorageOptions): StorageDriver {
  let loaded: Promise<StorageDriver> | undefined;
  const s3 = () => (loaded ??= import("./s3").then((m) => m.createS3Storage(options)));
  return {
    driver: "s3",
    put: async (key, body, putOptions) => (await s3()).put(key, body, putOptions),
    putFile: async (key, filePath, putOptions) => (await s3()).putFile(key, filePath, putOptions),
    get: async (key, range) => (await s3()).get(key, range),
    stat: async (key) => (await s3()).stat(key),
    delete: async (key) => (await s3()).delete(key),
    list: async (folder) => (await s3()).list(folder),
  };
}

/** Adds signed links to a driver (tests build drivers directly and wrap them). */
export function withSignedLinks(
  driver: StorageDriver,
  secret: string,
  clock: () => Date = () => new Date(),
): Storage {
  const signer = createLinkSigner(secret, clock);
  return {
    ...driver,
    signedUrl(key: string, linkOptions: SignedUrlOptions = {}): string {
      assertSafeKey(key);
      const ttl = Math.min(
        Math.max(1, Math.floor(linkOptions.ttlSeconds ?? DEFAULT_LINK_TTL_SECONDS)),
        MAX_LINK_TTL_SECONDS,
      );
      const token = signer.sign({
        key,
        expiresAt: Math.floor(clock().getTime() / 1000) + ttl,
        filename: linkOptions.filename ?? null,
        contentType: linkOptions.contentType ?? null,
        disposition: linkOptions.disposition ?? "attachment",
      });
      return `${SIGNED_PREFIX}${token}`;
    },
    verifySignedToken: (token: string) => signer.verify(token),
  };
}
