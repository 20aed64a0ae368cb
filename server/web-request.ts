import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * A Fetch API Request for a Fastify request, aborted if the client leaves. The body is the
 * raw request stream unless `body` gives it (already read, or a capped stream).
 */
export function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  url: URL,
  body?: Buffer | Readable,
): Request {
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody
      ? {
          body: Buffer.isBuffer(body)
            ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength)
            : createReadableStreamFromReadable(body ?? request.raw),
          duplex: "half" as const,
        }
      : {}),
  });
}

/** Sends a Fetch API Response through Fastify (status, headers including every cookie, body). */
export function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
