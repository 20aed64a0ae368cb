import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyReply, FastifyRequest } from "fastify";
import { CLIENT_IP_HEADER } from "./modules/identity/auth";

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
  // Only a client that leaves before the whole response was written aborts the request. Aborting
  // after every finished response would make an AbortError (with its captured stack, which holds
  // the request's objects) on every request for nothing.
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // The client's address as worked out here (TRUST_PROXY's rules), for the accounts library to
  // record with a new session; a value the client sent is replaced.
  headers.set(CLIENT_IP_HEADER, request.ip);
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

/** Responses whose body is a Node buffer or stream (`nodeBodyResponse`), by response. */
const nodeBodies = new WeakMap<Response, Buffer | Readable>();

/**
 * A Response whose body is the Node buffer or stream `body`, which `sendWebResponse` sends as
 * it is. A page's markup is a Node buffer (React's renderToPipeableStream, collected): wrapping
 * it in a web stream for the Response and unwrapping it again for the socket costs a promise
 * per chunk each way.
 */
export function nodeBodyResponse(body: Buffer | Readable, init: ResponseInit): Response {
  const response = new Response(null, init);
  nodeBodies.set(response, body);
  return response;
}

/** The whole body of a response as text, whichever kind of body it has. */
export async function responseText(response: Response): Promise<string> {
  const body = nodeBodies.get(response);
  if (!body) return response.text();
  if (Buffer.isBuffer(body)) return body.toString("utf8");
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString("utf8");
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
  const nodeBody = nodeBodies.get(response);
  if (nodeBody) return reply.send(nodeBody);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
