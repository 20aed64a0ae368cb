import type { IncomingHttpHeaders } from "node:http";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { UPLOADS_PATH } from "../../../core/uploads";
import type { UploadService } from "./service";
import { UploadRefused } from "./types";

export interface UploadRoutesOptions {
  uploads: UploadService;
  /** Who is asking (the session cookie), as pages see it. */
  currentUserId(headers: Headers): Promise<string | null>;
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * The tus endpoint at /api/uploads (create) and /api/uploads/:id (HEAD, PATCH, DELETE).
 * Bodies are never parsed or buffered by Fastify: the raw request stream goes to @tus/server,
 * which writes it to disk as it arrives. The reply is hijacked, so compression and the usual
 * `onSend` hooks stay out of the way; the CSRF origin check (an `onRequest` hook) still runs.
 */
export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (app, options) => {
  app.removeAllContentTypeParsers();
  // `application/offset+octet-stream` (PATCH) and anything else: leave the stream untouched.
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = (request.params as { id?: string }).id ?? null;
    const userId =
      request.method === "OPTIONS"
        ? null
        : await options.currentUserId(toHeaders(request.headers)).catch((error: unknown) => {
            request.log.error({ err: error }, "session lookup failed");
            return null;
          });
    reply.hijack();
    const res = reply.raw;
    try {
      await options.uploads.handle(userId, id, request.raw, res);
    } catch (error) {
      const refused =
        error instanceof UploadRefused ? error : new UploadRefused(500, "upload.serverError");
      if (!(error instanceof UploadRefused)) {
        request.log.error({ err: error }, "upload request failed");
      } else {
        request.log.info({ status: refused.status, reason: refused.messageKey }, "upload refused");
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const body = JSON.stringify({ error: refused.messageKey });
      res.writeHead(refused.status, {
        "Tus-Resumable": "1.0.0",
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(body),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        // The body of a refused PATCH is not read: end the connection rather than drain it.
        ...(request.method === "PATCH" || request.method === "POST" ? { Connection: "close" } : {}),
      });
      res.end(request.method === "HEAD" ? undefined : body);
    }
  };

  app.route({ method: ["POST", "OPTIONS"], url: UPLOADS_PATH, handler });
  app.route({
    method: ["HEAD", "PATCH", "DELETE", "OPTIONS"],
    url: `${UPLOADS_PATH}/:id`,
    handler,
  });
};
