import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config";
import { migrateToLatest, type Db } from "../../db/database";
import { csrfProtection } from "../../plugins/csrf";
import { securityHeaders } from "../../plugins/security";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";
import {
  HTML_PAGE,
  windowsExecutable,
  writeImage,
  writePngDeclaring,
} from "../../test-support/media-files";
import { mediaRoutes } from "./routes";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "Mat-khau-rat-dai-2026!";

/** A multipart body as a browser's FormData would send it. */
async function multipart(
  fields: Record<string, string | { name: string; data: Buffer; type: string }>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else
      form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  const request = new Request(ORIGIN, { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

describe.each(testDatabases())("media routes on $name", (target) => {
  describe.skipIf(!target.available)("http", () => {
    let db: Db;
    let config: Config;
    let services: Services;
    let app: FastifyInstance;
    let work: string;
    const now = new Date();
    const cookies: Record<string, string> = {};

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      config = testConfig({ PUBLIC_URL: ORIGIN });
      services = createServices(db, config, { onContentChange: () => {}, clock: () => now });
      work = mkdtempSync(path.join(tmpdir(), "vx-media-routes-"));
      for (const role of ["editor", "finance"] as const) {
        const email = `${role}@example.vn`;
        await services.identity.createStaff({ email, name: role, password: PASSWORD, role });
        const outcome = await services.identity.signIn(
          { email, password: PASSWORD },
          { headers: new Headers({ origin: ORIGIN }), ip: "203.0.113.5", lang: "vi" },
          "staff",
        );
        if (!outcome.ok) throw new Error("sign-in refused");
        cookies[role] = outcome.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
      }
      // As server/app.ts mounts them: security headers, CSRF, compression, then the routes.
      app = Fastify({ logger: false });
      await app.register(securityHeaders);
      await app.register(csrfProtection, { publicUrl: ORIGIN });
      await app.register(compress, { global: true, threshold: 1024 });
      await app.register(mediaRoutes, {
        media: services.media,
        storage: services.storage,
        identity: services.identity,
        audit: services.audit,
        tempDir: path.join(config.dataDir, "tmp"),
      });
      await app.ready();
    });

    afterAll(async () => {
      await app?.close();
      services?.mail.close();
      await target.cleanup();
      if (config) rmSync(config.dataDir, { recursive: true, force: true });
      if (work) rmSync(work, { recursive: true, force: true });
    });

    const upload = async (
      file: { name: string; data: Buffer; type: string } | null,
      options: {
        who?: "editor" | "finance";
        origin?: string;
        fields?: Record<string, string>;
      } = {},
    ) => {
      const body = await multipart({ ...(options.fields ?? {}), ...(file ? { file } : {}) });
      return app.inject({
        method: "POST",
        url: "/api/media",
        payload: body.payload,
        headers: {
          ...body.headers,
          origin: options.origin ?? ORIGIN,
          ...(options.who ? { cookie: cookies[options.who] } : {}),
        },
      });
    };

    describe("POST /api/media", () => {
      it("takes an editor's image, answers the responsive image and records it in the audit log", async () => {
        const file = await writeImage(work, "cover.jpg", {
          width: 1200,
          height: 800,
          format: "jpeg",
        });
        const response = await upload(
          { name: "ảnh bìa.jpg", data: readFileSync(file), type: "image/jpeg" },
          { who: "editor", fields: { purpose: "news", alt: "Ảnh bìa" } },
        );
        expect(response.statusCode).toBe(201);
        const image = response.json();
        expect(image).toMatchObject({ width: 1200, height: 800, alt: "Ảnh bìa", purpose: "news" });
        expect(image.srcset.avif).toContain("480w");
        const audit = await db.kysely
          .selectFrom("audit_log")
          .selectAll()
          .where("action", "=", "media.upload")
          .execute();
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ target_type: "media", target_id: String(image.id) });

        // The variants are public, cached for a year, typed by what was stored; the original is not.
        const variant = await app.inject({
          method: "GET",
          url: image.src,
          headers: { "accept-encoding": "br, gzip" },
        });
        expect(variant.statusCode).toBe(200);
        expect(variant.headers["content-type"]).toBe("image/jpeg");
        expect(variant.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(variant.headers["x-content-type-options"]).toBe("nosniff");
        expect(variant.headers["content-encoding"]).toBeUndefined();
        expect(variant.rawPayload.subarray(0, 2).toString("hex")).toBe("ffd8");
        const avif = await app.inject({
          method: "GET",
          url: image.src.replace(/w1200\.jpg$/, "w480.avif"),
        });
        expect(avif.statusCode).toBe(200);
        expect(avif.headers["content-type"]).toBe("image/avif");
        for (const url of [
          image.src.replace(/w1200\.jpg$/, "original.jpg"),
          image.src.replace(/w1200\.jpg$/, "w123.jpg"),
          "/media/..%2F..%2Fapp.db/w480.jpg",
          "/media/zzzz/w480.jpg",
        ]) {
          expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
        }
      });

      it("refuses visitors, other staff roles and cross-site posts", async () => {
        const data = readFileSync(
          await writeImage(work, "x.png", { width: 40, height: 40, format: "png" }),
        );
        const file = { name: "x.png", data, type: "image/png" };
        expect((await upload(file)).json()).toEqual({ error: "media.signInRequired" });
        const finance = await upload(file, { who: "finance" });
        expect(finance.statusCode).toBe(403);
        expect(finance.json()).toEqual({ error: "media.forbidden" });
        expect(
          (await upload(file, { who: "editor", origin: "https://evil.example" })).statusCode,
        ).toBe(403);
      });

      it("refuses disguised files, pixel bombs, oversized bodies and empty forms with 4xx keys", async () => {
        const cases: [Buffer, string, number, string][] = [
          [Buffer.from(HTML_PAGE), "photo.jpg", 422, "media.wrongType.image"],
          [windowsExecutable(), "setup.jpg", 422, "media.wrongType.image"],
          [
            readFileSync(writePngDeclaring(work, "bomb.png", 50_000, 50_000)),
            "bomb.png",
            422,
            "media.tooManyPixels",
          ],
          [randomBytes(21 * 1024 * 1024), "huge.jpg", 413, "media.tooLarge"],
        ];
        for (const [data, name, status, error] of cases) {
          const response = await upload({ name, data, type: "image/jpeg" }, { who: "editor" });
          expect([name, response.statusCode, response.json()]).toEqual([name, status, { error }]);
        }
        const empty = await upload(null, { who: "editor", fields: { alt: "x" } });
        expect([empty.statusCode, empty.json()]).toEqual([400, { error: "media.fileRequired" }]);
        const count = await db.kysely
          .selectFrom("media")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst();
        expect(Number(count?.n)).toBe(1); // only the first test's image
      });
    });
  });
});
