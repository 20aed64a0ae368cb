import { createReadStream, ReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { S3ServiceException } from "@aws-sdk/client-s3";
import type { UploadLogger } from "./types";

/** Waits before the second and third tries of a part upload. */
const RETRY_DELAYS_MS = [100, 400];

/** Connection failures worth another try: the store or the network dropped the request. */
const TRANSIENT_CODES = new Set(["ECONNRESET", "EPIPE", "ETIMEDOUT", "ECONNREFUSED"]);

/**
 * A failure that another try may not meet: the connection was reset or timed out (a kept-alive
 * connection the store closed just as it was reused: "socket hang up"), or the store answered
 * 5xx or asked to slow down. Refusals (4xx: no such upload, access denied) are final.
 */
export function isTransientStoreFailure(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return (error.$metadata.httpStatusCode ?? 0) >= 500 || error.$retryable !== undefined;
  }
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return (typeof code === "string" && TRANSIENT_CODES.has(code)) || error.name === "TimeoutError";
}

type PartBody = ReadStream | Readable | Buffer;

/**
 * Sends one part (or tail) of an upload, trying again up to twice after a transient failure.
 * The S3 client does not retry a request whose body is a stream, since the stream is spent;
 * a part's bytes are in a temporary file here, so each try reads the file afresh. Uploading a
 * part again under the same number replaces it, so a try that reached the store does no harm.
 * A body that cannot be read again (a plain stream) gets one try.
 */
export async function sendPartWithRetries<T>(
  body: PartBody,
  send: (body: PartBody) => Promise<T>,
  log: UploadLogger,
  what: { uploadId: string; part: number | "tail" },
): Promise<T> {
  const again = (spent: PartBody): PartBody | null => {
    if (Buffer.isBuffer(spent)) return spent;
    if (spent instanceof ReadStream && typeof spent.path === "string") {
      spent.destroy();
      return createReadStream(spent.path);
    }
    return null;
  };
  let current = body;
  // A file read again that fails to read fails its try (the first body's errors are the
  // caller's to watch).
  let unreadable: Promise<never> | null = null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await (unreadable ? Promise.race([send(current), unreadable]) : send(current));
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      const next = delay !== undefined && isTransientStoreFailure(error) ? again(current) : null;
      if (!next) throw error;
      log.warn(
        { err: error, uploadId: what.uploadId, part: what.part, attempt: attempt + 2 },
        "the store dropped a part upload; sending it again",
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      current = next;
      if (next instanceof ReadStream) {
        unreadable = new Promise<never>((_, reject) => next.once("error", reject));
      }
    }
  }
}
