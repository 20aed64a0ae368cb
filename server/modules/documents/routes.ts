import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { DOCUMENT_FILE_NAME } from "../../../core/pdf-document-url";

const notFound = (reply: FastifyReply) =>
  reply.code(404).header("cache-control", "no-store").type("text/plain").send("Not found");

/**
 * The public documents, read-only, at DOCUMENTS_PREFIX (register with that prefix): only
 * names of the stored form are looked up, so no other file in (or outside) the folder can be
 * reached. Byte ranges are supported (the PDF viewer fetches 64 KiB chunks); a document is
 * never replaced under the same name, so it may be cached for a day and revalidated.
 */
export const documentRoutes: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
  mkdirSync(dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: "/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    preCompressed: false,
    acceptRanges: true,
    etag: true,
    lastModified: true,
    cacheControl: false,
    allowedPath: (pathname) => DOCUMENT_FILE_NAME.test(pathname.slice(1)),
    setHeaders: (res) => {
      res.setHeader("cache-control", "public, max-age=86400");
      res.setHeader("content-type", "application/pdf");
      res.setHeader("content-disposition", "inline");
      res.setHeader("x-content-type-options", "nosniff");
    },
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
