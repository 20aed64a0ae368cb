import { createHash } from "node:crypto";
import http from "node:http";
import { Readable } from "node:stream";

/**
 * The tus protocol spoken with node:http, for tests and the upload benchmark: bodies stream
 * from a Readable (a generated gigabyte never sits in memory), and a request can be cut off
 * mid-body (to simulate a dropped connection or a killed server).
 */

export interface TusResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** `Upload-Offset`, when the server sent one. */
  offset: number | null;
  /** `Upload-File-Id`, when the server sent one (a finished upload). */
  fileId: string | null;
  location: string | null;
}

export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, "utf8").toString("base64")}`)
    .join(",");
}

export function tusRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Readable | Buffer,
): Promise<TusResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent: false, headers: { "Tus-Resumable": "1.0.0", ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const header = (name: string) => {
            const value = response.headers[name];
            return typeof value === "string" ? value : null;
          };
          const offset = header("upload-offset");
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            offset: offset === null ? null : Number(offset),
            fileId: header("upload-file-id"),
            location: header("location"),
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    if (body === undefined) request.end();
    else if (Buffer.isBuffer(body)) request.end(body);
    else {
      body.on("error", (error) => request.destroy(error));
      body.pipe(request);
    }
  });
}

export interface UploadTarget {
  /** `http://127.0.0.1:<port>`: also sent as Origin (the CSRF check). */
  origin: string;
  /** The session cookie header. */
  cookie: string;
}

const baseHeaders = (target: UploadTarget) => ({ Origin: target.origin, Cookie: target.cookie });

export function tusCreate(
  target: UploadTarget,
  length: number,
  metadata: Record<string, string>,
  extra: Record<string, string> = {},
): Promise<TusResponse> {
  return tusRequest(`${target.origin}/api/uploads`, "POST", {
    ...baseHeaders(target),
    "Upload-Length": String(length),
    "Upload-Metadata": encodeMetadata(metadata),
    ...extra,
  });
}

export function tusHead(target: UploadTarget, location: string): Promise<TusResponse> {
  return tusRequest(new URL(location, target.origin).href, "HEAD", baseHeaders(target));
}

export function tusPatch(
  target: UploadTarget,
  location: string,
  offset: number,
  body: Readable | Buffer,
  length: number,
): Promise<TusResponse> {
  return tusRequest(
    new URL(location, target.origin).href,
    "PATCH",
    {
      ...baseHeaders(target),
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
      "Content-Length": String(length),
    },
    body,
  );
}

/**
 * Deterministic pseudo-random bytes: byte i of the whole is the same whichever slice is asked
 * for, so a resumed upload can send `[offset, end)` again. `head` replaces the first bytes (a
 * file signature). Memory: one 1 MiB pattern, however large the total.
 */
export class GeneratedFile {
  private readonly pattern: Buffer;

  constructor(
    readonly size: number,
    readonly head: Buffer = Buffer.alloc(0),
    seed = 1,
  ) {
    // A 1 MiB block of xorshift noise (incompressible), prime-offset per block below.
    this.pattern = Buffer.alloc(1024 * 1024 + 4093);
    let x = seed >>> 0 || 1;
    for (let i = 0; i < this.pattern.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      this.pattern[i] = x & 0xff;
    }
  }

  /** The bytes `[start, end)`, in chunks of `chunkSize` (a view of the pattern; copy to keep). */
  *chunks(start = 0, end = this.size, chunkSize = 256 * 1024): Generator<Buffer> {
    let position = start;
    while (position < end) {
      const length = Math.min(chunkSize, end - position);
      yield this.slice(position, position + length);
      position += length;
    }
  }

  private slice(start: number, end: number): Buffer {
    const out = Buffer.allocUnsafe(end - start);
    let written = 0;
    let position = start;
    const block = 1024 * 1024;
    while (position < end) {
      const blockIndex = Math.floor(position / block);
      const within = position % block;
      const shift = (blockIndex * 7919) % 4093;
      const take = Math.min(block - within, end - position);
      this.pattern.copy(out, written, within + shift, within + shift + take);
      written += take;
      position += take;
    }
    for (let i = 0; i < this.head.length; i++) {
      const at = i - start;
      if (i >= start && i < end) out[at] = this.head[i]!;
    }
    return out;
  }

  stream(start = 0, end = this.size, chunkSize?: number): Readable {
    return Readable.from(this.chunks(start, end, chunkSize), { objectMode: false });
  }

  sha256(): string {
    const hash = createHash("sha256");
    for (const chunk of this.chunks()) hash.update(chunk);
    return hash.digest("hex");
  }
}

/** A minimal MP4 header (an `ftyp` box, brand isom): enough for content sniffing to say video/mp4. */
export const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from("ftypisom", "latin1"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2avc1mp41", "latin1"),
]);
