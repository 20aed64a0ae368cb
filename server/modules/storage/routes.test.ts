import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "../../plugins/security";
import { startS3Emulator, type S3Emulator } from "../../test-support/s3-emulator";
import { createDiskStorage } from "./disk";
import { withSignedLinks, type Storage } from "./index";
import { signedLinkRoutes } from "./routes";
import { createS3Storage } from "./s3";
import type { StorageDriver } from "./types";

const SECRET = "a-test-secret-that-is-at-least-32-characters";
let work: string;
let emulator: S3Emulator;
let now = new Date();

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "vx-signed-links-"));
  emulator = await startS3Emulator();
}, 30_000);

afterAll(async () => {
  await emulator?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
}, 30_000);

const drivers: { name: string; make: () => StorageDriver }[] = [
  { name: "disk", make: () => createDiskStorage(path.join(work, "files")) },
  { name: "s3", make: () => createS3Storage(emulator.options) },
];

// Private files through signed links, on each driver, mounted as server/app.ts does
// (security headers and compression for everything).
describe.each(drivers)("signed links on $name", ({ make }) => {
  let storage: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = withSignedLinks(make(), SECRET, () => now);
    app = Fastify({ logger: false });
    await app.register(securityHeaders);
    await app.register(compress, { global: true, threshold: 1024 });
    await app.register(signedLinkRoutes, { storage });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  describe("GET /tep/<token>", () => {
    const SIZE = 5 * 1024 * 1024 + 123;
    let body: Buffer;

    beforeAll(async () => {
      body = randomBytes(SIZE);
      await storage.put("private/ab/film.mp4", body, { contentType: "video/mp4" });
      await storage.put("private/ab/report.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"), {
        contentType: "application/pdf",
      });
    });

    it("serves a private file whole, typed, nosniff, private and as an attachment", async () => {
      const url = storage.signedUrl("private/ab/film.mp4", {
        filename: "Phim dự thi.mp4",
      });
      expect(url).toMatch(/^\/tep\/[\w-]+\.[\w-]+$/);
      const response = await app.inject({
        method: "GET",
        url,
        headers: { "accept-encoding": "gzip" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("video/mp4");
      expect(response.headers["content-length"]).toBe(String(SIZE));
      expect(response.headers["accept-ranges"]).toBe("bytes");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="Phim du thi.mp4"; filename*=UTF-8''Phim%20d%E1%BB%B1%20thi.mp4`,
      );
      expect(response.headers["content-encoding"]).toBeUndefined();
      // Even if a browser were talked into rendering it, nothing in it may run.
      expect(response.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(response.rawPayload.equals(body)).toBe(true);
    });

    it("answers byte ranges with 206 and unsatisfiable ones with 416", async () => {
      const url = storage.signedUrl("private/ab/film.mp4", { disposition: "inline" });
      const middle = await app.inject({
        method: "GET",
        url,
        headers: { range: "bytes=1048576-3145727" },
      });
      expect(middle.statusCode).toBe(206);
      expect(middle.headers["content-range"]).toBe(`bytes 1048576-3145727/${SIZE}`);
      expect(middle.headers["content-length"]).toBe(String(2 * 1024 * 1024));
      expect(middle.headers["content-disposition"]).toBe("inline");
      expect(middle.rawPayload.equals(body.subarray(1048576, 3145728))).toBe(true);
      const open = await app.inject({
        method: "GET",
        url,
        headers: { range: `bytes=${SIZE - 1000}-` },
      });
      expect(open.statusCode).toBe(206);
      expect(open.rawPayload.equals(body.subarray(SIZE - 1000))).toBe(true);
      const suffix = await app.inject({ method: "GET", url, headers: { range: "bytes=-500" } });
      expect(suffix.rawPayload.equals(body.subarray(SIZE - 500))).toBe(true);
      const past = await app.inject({ method: "GET", url, headers: { range: `bytes=${SIZE}-` } });
      expect(past.statusCode).toBe(416);
      expect(past.headers["content-range"]).toBe(`bytes */${SIZE}`);
      // A malformed range is ignored: the whole file.
      const odd = await app.inject({ method: "GET", url, headers: { range: "bytes=abc" } });
      expect(odd.statusCode).toBe(200);
      expect(odd.rawPayload.length).toBe(SIZE);
    });

    it("downloads a document even when asked to show it inline", async () => {
      const url = storage.signedUrl("private/ab/report.pdf", { disposition: "inline" });
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.headers["content-disposition"]).toBe("attachment");
    });

    it("refuses a tampered link with 403 and an expired one with 410", async () => {
      const url = storage.signedUrl("private/ab/film.mp4", { ttlSeconds: 60 });
      const [payload, signature] = url.slice("/tep/".length).split(".") as [string, string];
      const forged = JSON.parse(Buffer.from(payload, "base64url").toString());
      forged.k = "private/ab/report.pdf";
      const tampered = [
        `/tep/${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`,
        `/tep/${payload}.${signature.slice(0, -2)}AA`,
        `/tep/${payload}`,
        "/tep/garbage",
      ];
      for (const bad of tampered) {
        const response = await app.inject({ method: "GET", url: bad });
        expect([bad, response.statusCode]).toEqual([bad, 403]);
        expect(response.json()).toEqual({ error: "storage.linkInvalid" });
      }
      const before = now;
      now = new Date(before.getTime() + 61_000);
      try {
        const expired = await app.inject({ method: "GET", url });
        expect(expired.statusCode).toBe(410);
        expect(expired.json()).toEqual({ error: "storage.linkExpired" });
      } finally {
        now = before;
      }
      const gone = storage.signedUrl("private/ab/nothing.mp4");
      expect((await app.inject({ method: "GET", url: gone })).statusCode).toBe(404);
    });
  });

  it("does not accept a link signed with another secret", async () => {
    await storage.put("private/cd/other.txt", Buffer.from("x"), { contentType: "text/plain" });
    const foreign = withSignedLinks(make(), "another-secret-of-at-least-32-characters!!");
    const response = await app.inject({
      method: "GET",
      url: foreign.signedUrl("private/cd/other.txt"),
    });
    expect(response.statusCode).toBe(403);
  });
});
