import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  OG_KINDS,
  parseEntryOgFile,
  parseNewsOgFile,
  parseSiteOgFile,
} from "../../../core/social-image";
import { useApiSchemas } from "../../plugins/api-schemas";
import { sendStoredObject } from "../storage/http";
import type { StorageDriver } from "../storage";
import type { OgImageChoice, SocialImagesService } from "./service";

export interface SocialImagesRoutesOptions {
  socialImages: SocialImagesService;
  storage: StorageDriver;
}

const fileParams = z.object({ file: z.string() });

/** The address is stable while the picture behind it may change: revalidate by ETag hourly. */
const CACHE_CONTROL = "public, max-age=3600";

/**
 * `GET /og/tin-tuc/<id>[-en].jpg` and `GET /og/bai-thi/<entry id>[-en].jpg`: the 1200×630
 * JPEG link previews of visible news articles and published library entries, made on first
 * request and then served from Storage; `GET /og/trang/site[-en].jpg`, the site's card. 404
 * for anything a visitor may not see.
 */
export const socialImagesRoutes: FastifyPluginAsync<SocialImagesRoutesOptions> = async (
  plugin,
  options,
) => {
  const { socialImages, storage } = options;
  const app = useApiSchemas(plugin);

  const notFound = (reply: FastifyReply) =>
    reply.code(404).header("cache-control", "no-store").type("text/plain").send("Not found");

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    choose: () => Promise<OgImageChoice | null>,
  ) => {
    const choice = await choose();
    if (!choice) return notFound(reply);
    reply.header("cache-control", CACHE_CONTROL);
    reply.header("cross-origin-resource-policy", "cross-origin");
    if (etagMatches(request.headers["if-none-match"], choice.plan.etag)) {
      return reply.code(304).header("etag", choice.plan.etag).send();
    }
    const { plan, stat } = await socialImages.ensure(choice);
    reply.header("etag", plan.etag);
    return sendStoredObject(request, reply, storage, plan.key, {
      contentType: "image/jpeg",
      stat,
      onMissing: () => notFound(reply),
    });
  };

  app.get(
    `/og/${OG_KINDS.news}/:file`,
    { compress: false, schema: { params: fileParams } },
    async (request, reply) => {
      const parsed = parseNewsOgFile(request.params.file);
      if (!parsed) return notFound(reply);
      return send(request, reply, () => socialImages.news(parsed.id, parsed.lang));
    },
  );

  app.get(
    `/og/${OG_KINDS.entry}/:file`,
    { compress: false, schema: { params: fileParams } },
    async (request, reply) => {
      const parsed = parseEntryOgFile(request.params.file);
      if (!parsed) return notFound(reply);
      return send(request, reply, () => socialImages.entry(parsed.id, parsed.lang));
    },
  );

  app.get(
    `/og/${OG_KINDS.site}/:file`,
    { compress: false, schema: { params: fileParams } },
    async (request, reply) => {
      const parsed = parseSiteOgFile(request.params.file);
      if (!parsed) return notFound(reply);
      return send(request, reply, () => socialImages.site(parsed.lang));
    },
  );
};

/** `If-None-Match` holds the tag (a list, `*`, weak tags compared weakly as RFC 9110 says). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
