import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENTS_PREFIX } from "../../../core/pdf-document-url";
import { securityHeaders } from "../../plugins/security";
import { createStorageDriver, diskStorageRoot } from "../storage";
import { moveLocalDocumentsToStorage } from "./local-files";
import { documentRoutes, PDFJS_VERSION, pdfjsAssetRoutes } from "./routes";
import { documentKey } from "./service";

// The routes as server/app.ts mounts them: security headers, compression for everything,
// and a catch-all behind them standing in for the React Router pages.
let root: string;
let app: FastifyInstance;
const NAME = `${"ab12".repeat(8)}.pdf`;
const BODY = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(300_000)]);

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "vx-documents-"));
  const dataDir = path.join(root, "data");
  const storage = createStorageDriver({ driver: "disk" }, dataDir);
  await storage.put(documentKey(NAME), BODY, { contentType: "application/pdf" });
  // Files that exist but must never be served through the documents route.
  const dir = path.dirname(path.join(diskStorageRoot(dataDir), documentKey(NAME)));
  writeFileSync(path.join(dataDir, "app.db"), "secret database");
  writeFileSync(path.join(dir, "notes.txt"), "not a stored document");
  writeFileSync(path.join(dir, `.${"cd34".repeat(8)}.pdf`), "hidden");

  app = Fastify({ logger: false });
  await app.register(securityHeaders);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(documentRoutes, {
    prefix: DOCUMENTS_PREFIX.slice(0, -1),
    storage,
    titleOf: async (name) => (name === NAME ? "Thể lệ 2026" : null),
  });
  await app.register(pdfjsAssetRoutes, { prefix: `/pdfjs/${PDFJS_VERSION}` });
  app.get("/*", async (_request, reply) => reply.type("text/html").send("<p>page</p>"));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const url = `${DOCUMENTS_PREFIX}${NAME}`;

describe("documents route", () => {
  it("serves a stored PDF whole, as a PDF, uncompressed, with ranges announced", async () => {
    const response = await app.inject({
      method: "GET",
      url,
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.headers["content-length"]).toBe(String(BODY.length));
    // Shown in the tab; saved under its title, with a plain-ASCII name for old clients.
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="The le 2026.pdf"; filename*=UTF-8''Th%E1%BB%83%20l%E1%BB%87%202026.pdf`,
    );
    // The viewer's range loading needs the identity encoding.
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.headers.etag).toBeTruthy();
    expect(response.rawPayload.equals(BODY)).toBe(true);
  });

  it("answers a Range request with 206 and exactly those bytes", async () => {
    const response = await app.inject({
      method: "GET",
      url,
      headers: { range: "bytes=65536-131071", "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 65536-131071/${BODY.length}`);
    expect(response.headers["content-length"]).toBe("65536");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.rawPayload.equals(BODY.subarray(65536, 131072))).toBe(true);
  });

  it("serves the tail of the file for an open-ended or suffix range", async () => {
    const tail = await app.inject({ method: "GET", url, headers: { range: "bytes=-100" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(BODY.subarray(BODY.length - 100))).toBe(true);
    const from = await app.inject({
      method: "GET",
      url,
      headers: { range: `bytes=${BODY.length - 10}-` },
    });
    expect(from.statusCode).toBe(206);
    expect(from.rawPayload.equals(BODY.subarray(BODY.length - 10))).toBe(true);
  });

  it("answers 416 for a range past the end", async () => {
    const response = await app.inject({
      method: "GET",
      url,
      headers: { range: `bytes=${BODY.length + 10}-${BODY.length + 20}` },
    });
    expect(response.statusCode).toBe(416);
  });

  it("answers HEAD with the headers only", async () => {
    const response = await app.inject({ method: "HEAD", url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-length"]).toBe(String(BODY.length));
    expect(response.body).toBe("");
  });

  it("answers 404 for a document that is not there", async () => {
    const response = await app.inject({
      method: "GET",
      url: `${DOCUMENTS_PREFIX}${"ef56".repeat(8)}.pdf`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toBe("Not found");
  });

  it.each([
    "notes.txt",
    `.${"cd34".repeat(8)}.pdf`,
    "../app.db",
    "..%2fapp.db",
    "%2e%2e%2fapp.db",
    "..%5capp.db",
    `sub/../${NAME}/..%2f..%2fapp.db`,
    "%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "",
  ])("never serves anything else in or outside the folder: %s", async (name) => {
    const response = await app.inject({ method: "GET", url: `${DOCUMENTS_PREFIX}${name}` });
    // Refused (404), or, when the URL's own dot segments lead out of the prefix, a page.
    expect([404, 200]).toContain(response.statusCode);
    if (response.statusCode === 200) expect(response.body).toBe("<p>page</p>");
    expect(response.body).not.toContain("secret");
    expect(response.body).not.toContain("not a stored document");
    expect(response.body).not.toContain("hidden");
  });

  it("answers a revalidation with 304 when the document is unchanged", async () => {
    const first = await app.inject({ method: "GET", url });
    const again = await app.inject({
      method: "GET",
      url,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("leaves other paths to the pages", async () => {
    const response = await app.inject({ method: "GET", url: "/tai-lieu-khac" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("<p>page</p>");
  });
});

describe("pdf.js support files", () => {
  it("serves character maps and standard fonts of the installed version for a year", async () => {
    const cmap = await app.inject({
      method: "GET",
      url: `/pdfjs/${PDFJS_VERSION}/cmaps/UniGB-UCS2-H.bcmap`,
    });
    expect(cmap.statusCode).toBe(200);
    expect(cmap.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const font = await app.inject({
      method: "GET",
      url: `/pdfjs/${PDFJS_VERSION}/standard_fonts/FoxitSerif.pfb`,
    });
    expect(font.statusCode).toBe(200);
  });

  it("serves nothing else from the package, nor another version", async () => {
    for (const target of [
      `/pdfjs/${PDFJS_VERSION}/package.json`,
      `/pdfjs/${PDFJS_VERSION}/build/pdf.mjs`,
      `/pdfjs/${PDFJS_VERSION}/cmaps/../package.json`,
      `/pdfjs/0.0.1/cmaps/UniGB-UCS2-H.bcmap`,
    ]) {
      const response = await app.inject({ method: "GET", url: target });
      // Refused, or left to the pages (which send an unknown path home).
      if (response.statusCode === 200) expect(response.body, target).toBe("<p>page</p>");
      else expect(response.statusCode, target).toBe(404);
    }
  });
});

describe("documents kept on the local disk by an earlier version", () => {
  it("move into storage under the same name, once", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vx-documents-legacy-"));
    try {
      const legacy = path.join(dataDir, "files", "documents");
      mkdirSync(legacy, { recursive: true });
      writeFileSync(path.join(legacy, NAME), BODY);
      writeFileSync(path.join(legacy, `${NAME}.part`), "half");
      const storage = createStorageDriver({ driver: "disk" }, dataDir);
      expect(await moveLocalDocumentsToStorage(dataDir, storage)).toBe(1);
      const stored = await storage.get(documentKey(NAME));
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(BODY)).toBe(true);
      expect(stored!.contentType).toBe("application/pdf");
      expect(existsSync(legacy)).toBe(false);
      expect(await moveLocalDocumentsToStorage(dataDir, storage)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
