import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { MEDIA_IMAGE_RULES, MEDIA_PURPOSES, type MediaPurpose } from "../../../core/media-image";
import { canOpenSection } from "../../../core/roles";
import type { AuditService } from "../audit/service";
import type { IdentityService } from "../identity/service";
import { sendStoredObject } from "../storage/http";
import type { Storage } from "../storage";
import { toWebRequest } from "../../web-request";
import { MediaRejected, type MediaService } from "./service";

export interface MediaRoutesOptions {
  media: MediaService;
  storage: Storage;
  identity: Pick<IdentityService, "currentUser">;
  audit: Pick<AuditService, "record">;
  /** Temp files of uploads in progress (removed after each request). */
  tempDir: string;
}

/** Room for the multipart envelope and the small text fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

const jsonError = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).header("cache-control", "no-store").send({ error });

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * `GET /media/<token>/<w…>.<avif|webp|jpg|png>`: the public image variants, straight from
 * Storage, cached for a year (a token's files never change). The original is never served.
 *
 * `POST /api/media`: a staff image upload (the `content` section: admin, editor), multipart
 * with one `file` field (plus `purpose`, `alt`). The body is parsed as it arrives and refused
 * past 20 MB; the image is checked by content and turned into variants; answers 201 with the
 * image (`MediaImage` JSON) or 4xx `{ error: "<i18n key>" }`. Origin is checked by the CSRF
 * plugin before this runs.
 */
export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, options) => {
  const { media, storage, identity, audit } = options;

  app.get<{ Params: { token: string; file: string } }>(
    "/media/:token/:file",
    { compress: false },
    async (request, reply) => {
      const notFound = () =>
        reply.code(404).header("cache-control", "no-store").type("text/plain").send("Not found");
      const key = media.publicKey(request.params.token, request.params.file);
      if (!key) return notFound();
      reply.header("cache-control", "public, max-age=31536000, immutable");
      reply.header("cross-origin-resource-policy", "same-site");
      return sendStoredObject(request, reply, storage, key, { onMissing: notFound });
    },
  );

  // `GET /api/media?purpose=&page=`: the library's public images for staff who edit content.
  app.get<{ Querystring: { purpose?: string; page?: string } }>(
    "/api/media",
    async (request, reply) => {
      const user = await identity.currentUser(headersOf(request));
      if (!user) return jsonError(reply, 401, "media.signInRequired");
      if (!canOpenSection(user.role, "content")) return jsonError(reply, 403, "media.forbidden");
      const purpose = request.query.purpose ?? "";
      if (purpose !== "" && !(MEDIA_PURPOSES as readonly string[]).includes(purpose)) {
        return jsonError(reply, 400, "media.badRequest");
      }
      const page = /^\d{1,6}$/.test(request.query.page ?? "") ? Number(request.query.page) : 1;
      const list = await media.list({ purpose: purpose || null, page, pageSize: 24 });
      return reply.header("cache-control", "no-store").send(list);
    },
  );

  // The multipart body is read by the handler (streamed), not buffered by Fastify.
  app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));

  app.post("/api/media", async (request, reply) => {
    const user = await identity.currentUser(headersOf(request));
    if (!user) return jsonError(reply, 401, "media.signInRequired");
    if (!canOpenSection(user.role, "content")) return jsonError(reply, 403, "media.forbidden");
    const declared = Number(request.headers["content-length"] ?? NaN);
    if (Number.isFinite(declared) && declared > MEDIA_IMAGE_RULES.maxBytes + ENVELOPE_BYTES) {
      reply.header("connection", "close");
      return jsonError(reply, 413, "media.tooLarge");
    }
    if (!String(request.headers["content-type"] ?? "").startsWith("multipart/form-data")) {
      return jsonError(reply, 415, "media.badRequest");
    }

    await mkdir(options.tempDir, { recursive: true });
    const dir = await mkdtemp(path.join(options.tempDir, "media-"));
    const filePath = path.join(dir, "upload");
    let haveFile = false;
    const fields: Record<string, string> = {};
    try {
      const url = new URL(request.url, "http://localhost");
      const webRequest = toWebRequest(request, reply, url);
      let form: FormData;
      try {
        form = await parseFormData(
          webRequest,
          {
            maxFiles: 1,
            maxFileSize: MEDIA_IMAGE_RULES.maxBytes,
            maxHeaderSize: 8 * 1024,
            maxTotalSize: MEDIA_IMAGE_RULES.maxBytes + ENVELOPE_BYTES,
          },
          async (file) => {
            if (file.fieldName !== "file" || haveFile) return null;
            haveFile = true;
            await pipeline(
              Readable.fromWeb(file.stream() as NodeReadableStream<Uint8Array>),
              createWriteStream(filePath, { mode: 0o600 }),
            );
            return null;
          },
        );
      } catch (error) {
        if (
          error instanceof MaxFileSizeExceededError ||
          error instanceof MaxTotalSizeExceededError
        ) {
          reply.header("connection", "close");
          return jsonError(reply, 413, "media.tooLarge");
        }
        if (error instanceof MultipartParseError || error instanceof FormDataParseError) {
          return jsonError(reply, 400, "media.badRequest");
        }
        throw error;
      }
      for (const name of ["purpose", "alt"]) {
        const value = form.get(name);
        if (typeof value === "string") fields[name] = value.slice(0, 500);
      }
      if (!haveFile) return jsonError(reply, 400, "media.fileRequired");
      const purpose: MediaPurpose = (MEDIA_PURPOSES as readonly string[]).includes(
        fields.purpose ?? "",
      )
        ? (fields.purpose as MediaPurpose)
        : "general";
      try {
        const image = await media.storeImage(filePath, {
          purpose,
          alt: fields.alt ?? null,
          createdBy: user.id,
          maxBytes: MEDIA_IMAGE_RULES.maxBytes,
        });
        await audit.record(
          { id: user.id, email: user.email, ip: request.ip },
          "media.upload",
          { type: "media", id: image.id },
          {
            purpose,
            width: image.width,
            height: image.height,
            bytes: image.bytes,
            mime: image.mime,
          },
        );
        return reply.code(201).header("cache-control", "no-store").send(image);
      } catch (error) {
        if (error instanceof MediaRejected) return jsonError(reply, 422, error.messageKey);
        throw error;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
};
