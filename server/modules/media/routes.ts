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
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import { mediaLibraryQuery, mediaUploadFields } from "../../../core/media-api";
import { MEDIA_IMAGE_RULES } from "../../../core/media-image";
import { answerInvalidRequests, useApiSchemas } from "../../plugins/api-schemas";
import { requireSection, sectionUser, type SectionDoor } from "../../plugins/require-section";
import { toWebRequest } from "../../web-request";
import type { AuditService } from "../audit/service";
import { sendStoredObject } from "../storage/http";
import type { Storage } from "../storage";
import type { MediaService } from "./service";
import { uploadLibraryImage } from "./upload-library-image";

export interface MediaRoutesOptions {
  media: MediaService;
  storage: Storage;
  identity: Pick<SectionDoor, "currentUser">;
  audit: Pick<AuditService, "record">;
  /** Temp files of uploads in progress (removed after each request). */
  tempDir: string;
}

/** Room for the multipart envelope and the small text fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;

const jsonError = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).header("cache-control", "no-store").send({ error });

/** A public variant's address: the token and the file (`w960.webp`), checked by the service. */
const variantParams = z.object({ token: z.string(), file: z.string() });

/**
 * `GET /media/<token>/<w…>.<avif|webp|jpg|png>`: the variants of public images (private ones
 * answer 404), straight from Storage, cached for a year (a token's files never change; a
 * published entry's pictures for an hour). The original is never served.
 *
 * `POST /api/media`: a staff image upload (the `content` section: admin, editor), multipart
 * with one `file` field (plus `purpose`, `alt`). The body is parsed as it arrives and refused
 * past 20 MB; the image is checked by content and turned into variants; answers 201 with the
 * image (`MediaImage` JSON) or 4xx `{ error: "<i18n key>" }`. Origin is checked by the CSRF
 * plugin before this runs.
 */
export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (plugin, options) => {
  const { media, storage } = options;
  const app = useApiSchemas(plugin);
  answerInvalidRequests(plugin, (reply) => jsonError(reply, 400, "media.badRequest"));
  const contentSection = requireSection("content", {
    currentUser: (headers) => options.identity.currentUser(headers),
    errors: { signInRequired: "media.signInRequired", forbidden: "media.forbidden" },
  });

  app.get(
    "/media/:token/:file",
    { compress: false, schema: { params: variantParams } },
    async (request, reply) => {
      const notFound = () =>
        reply.code(404).header("cache-control", "no-store").type("text/plain").send("Not found");
      const key = await media.publicVariantKey(request.params.token, request.params.file);
      if (!key) return notFound();
      // A published entry's pictures turn private again when it is unpublished: cached briefly.
      reply.header(
        "cache-control",
        key.startsWith("media/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=3600, must-revalidate",
      );
      reply.header("cross-origin-resource-policy", "same-site");
      return sendStoredObject(request, reply, storage, key, { onMissing: notFound });
    },
  );

  // `GET /api/media?purpose=&page=`: the library's public images for staff who edit content.
  app.get(
    "/api/media",
    { onRequest: contentSection, schema: { querystring: mediaLibraryQuery } },
    async (request, reply) => {
      const { purpose, page } = request.query;
      const list = await media.list({ purpose, page, pageSize: 24 });
      return reply.header("cache-control", "no-store").send(list);
    },
  );

  // The multipart body is read by the handler (streamed), not buffered by Fastify.
  app.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));

  app.post("/api/media", { onRequest: contentSection }, async (request, reply) => {
    const user = sectionUser(request);
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
      if (!haveFile) return jsonError(reply, 400, "media.fileRequired");
      const fields = mediaUploadFields.parse({
        purpose: form.get("purpose") ?? undefined,
        alt: form.get("alt") ?? undefined,
      });
      const outcome = await uploadLibraryImage(
        options,
        { id: user.id, email: user.email, ip: request.ip },
        { filePath, ...fields },
      );
      if (!outcome.ok)
        return jsonError(reply, outcome.status, outcome.formError ?? "media.badRequest");
      return reply.code(201).header("cache-control", "no-store").send(outcome.image);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
};
