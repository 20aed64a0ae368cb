import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { RangeNotSatisfiable, type ByteRange, type ObjectStat, type StorageDriver } from "./types";

/**
 * Reads a `Range` header. Returns null for none, a multi-range or anything malformed (the
 * whole object is then sent, as RFC 9110 allows); "unsatisfiable" for a range that names no
 * byte of an object of `size` bytes.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * Sends a stored object with byte-range support (200, 206, 416). The caller sets the
 * caching and disposition headers; `Content-Type` is `contentType` or the stored one, and
 * `nosniff` always goes with it. Never compressed (ranges address the stored bytes).
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: StorageDriver,
  key: string,
  options: {
    contentType?: string | null;
    /** The object's stat when the caller already has it (saves a round trip to S3). */
    stat?: ObjectStat | null;
    onMissing: () => FastifyReply;
  },
): Promise<FastifyReply> {
  const info = options.stat ?? (await storage.stat(key));
  if (!info) return options.onMissing();
  const wanted = parseRange(request.headers.range, info.size);
  reply.header("accept-ranges", "bytes");
  reply.header("x-content-type-options", "nosniff");
  reply.header("last-modified", info.modifiedAt.toUTCString());
  const unsatisfiable = () =>
    reply
      .code(416)
      .header("content-range", `bytes */${info.size}`)
      .type("text/plain; charset=utf-8")
      .send("Range not satisfiable");
  if (wanted === "unsatisfiable") return unsatisfiable();
  let object;
  try {
    object = await storage.get(key, wanted ?? undefined);
  } catch (error) {
    if (error instanceof RangeNotSatisfiable) return unsatisfiable();
    throw error;
  }
  if (!object) return options.onMissing();
  reply.type(options.contentType ?? object.contentType);
  if (object.range) {
    reply
      .code(206)
      .header("content-range", `bytes ${object.range.start}-${object.range.end}/${object.size}`)
      .header("content-length", String(object.range.end - object.range.start + 1));
  } else {
    reply.code(200).header("content-length", String(object.size));
  }
  if (request.method === "HEAD") {
    object.body.destroy();
    // An empty stream, not an empty body: Fastify keeps the Content-Length set above for a
    // streamed HEAD answer, and would replace it with 0 for none.
    return reply.send(Readable.from([]));
  }
  return reply.send(object.body);
}
