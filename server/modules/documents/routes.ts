import { createRequire } from "node:module";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import { DOCUMENT_FILE_NAME } from "../../../core/pdf-document-url";
import { answerInvalidRequests, useApiSchemas } from "../../plugins/api-schemas";
import type { StorageDriver } from "../storage";
import { sendStoredObject } from "../storage/http";
import { contentDisposition } from "../storage/routes";
import { documentKey } from "./service";

const notFound = (reply: FastifyReply) =>
  reply.code(404).header("cache-control", "no-store").type("text/plain").send("Not found");

/**
 * The public documents, read-only, at DOCUMENTS_PREFIX (register with that prefix), from
 * `Storage`: only names of the stored form are looked up, so no other object can be reached.
 * Byte ranges are supported (the PDF viewer fetches 64 KiB chunks); a document is never
 * replaced under the same name, so it may be cached for a day and revalidated (its ETag is
 * its name, size and time).
 */
export const documentRoutes: FastifyPluginAsync<{
  storage: StorageDriver;
  /** The document's title, which names the file a visitor saves (else the stored name). */
  titleOf?: (storageName: string) => Promise<string | null>;
}> = async (plugin, { storage, titleOf }) => {
  const app = useApiSchemas(plugin);
  // Whatever is not a stored document's name is an address that does not exist.
  answerInvalidRequests(plugin, notFound);
  // A wildcard: anything after the prefix is looked at, and only a stored name is served.
  const params = z.object({ "*": z.string().regex(DOCUMENT_FILE_NAME) });
  app.get("/*", { compress: false, schema: { params } }, async (request, reply) => {
    const name = request.params["*"];
    const key = documentKey(name);
    const stat = await storage.stat(key);
    if (!stat) return notFound(reply);
    const etag = `"${name.slice(0, 12)}-${stat.size.toString(16)}-${stat.modifiedAt.getTime().toString(16)}"`;
    reply.header("etag", etag).header("cache-control", "public, max-age=86400");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    // Shown in the browser's tab; saved, it is named after its title ("Thể lệ 2026.pdf").
    const title = titleOf ? await titleOf(name) : null;
    reply.header(
      "content-disposition",
      contentDisposition("inline", title ? `${title}.pdf` : null),
    );
    return sendStoredObject(request, reply, storage, key, {
      contentType: "application/pdf",
      stat,
      onMissing: () => notFound(reply),
    });
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
};

const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.dirname(require.resolve("pdfjs-dist/package.json"));
/** The installed pdf.js version; the browser asks for the same one (`pdfjsLib.version`). */
export const PDFJS_VERSION = (require("pdfjs-dist/package.json") as { version: string }).version;
/** What the viewer fetches besides the worker: character maps, the 14 standard fonts, decoders. */
const PDFJS_ASSET =
  /^\/(cmaps\/[\w.-]+\.bcmap|standard_fonts\/[\w.-]+\.(pfb|ttf)|wasm\/[\w.-]+\.(wasm|js)|iccs\/[\w.-]+\.icc)$/;

/**
 * pdf.js support files, straight from the installed package, at `/pdfjs/<version>/` (register
 * with that prefix): never a CDN (PRODUCT §6). The version is in the path, so they are cached
 * for a year.
 */
export const pdfjsAssetRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyStatic, {
    root: PDFJS_ROOT,
    prefix: "/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    preCompressed: false,
    cacheControl: false,
    allowedPath: (pathname) => PDFJS_ASSET.test(pathname),
    setHeaders: (res) => {
      res.setHeader("cache-control", "public, max-age=31536000, immutable");
    },
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
};
