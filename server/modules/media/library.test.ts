import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config";
import { migrateToLatest, type Db } from "../../db/database";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";
import { writeImage } from "../../test-support/media-files";
import { mediaRoutes } from "./routes";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "Mat-khau-rat-dai-2026!";

// `GET /api/media?purpose=&page=`: the editor's "choose from library" list.
describe.each(testDatabases())("media library on $name", (target) => {
  describe.skipIf(!target.available)("GET /api/media", () => {
    let db: Db;
    let config: Config;
    let services: Services;
    let app: FastifyInstance;
    let work: string;
    let tick = Date.parse("2026-09-01T03:00:00.000Z");
    const cookies: Record<string, string> = {};

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      config = testConfig({ PUBLIC_URL: ORIGIN });
      // Each stored image a second later than the one before (newest first is checkable).
      services = createServices(db, config, {
        onContentChange: () => {},
        clock: () => new Date((tick += 1000)),
      });
      work = mkdtempSync(path.join(tmpdir(), "vx-media-library-"));
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
      const file = await writeImage(work, "a.jpg", { width: 320, height: 180, format: "jpeg" });
      for (let i = 0; i < 26; i++) {
        await services.media.storeImage(file, { purpose: i < 20 ? "news" : "jury", alt: `#${i}` });
      }
      // An entry's image is private: never listed.
      await services.media.storeImage(file, { purpose: "entry" });
      app = Fastify({ logger: false });
      await app.register(mediaRoutes, {
        media: services.media,
        storage: services.storage,
        identity: services.identity,
        audit: services.audit,
        tempDir: path.join(config.dataDir, "tmp"),
      });
      await app.ready();
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      services?.mail.close();
      await target.cleanup();
      if (config) rmSync(config.dataDir, { recursive: true, force: true });
      if (work) rmSync(work, { recursive: true, force: true });
    });

    const get = (url: string, who?: "editor" | "finance") =>
      app.inject({ method: "GET", url, headers: who ? { cookie: cookies[who] } : {} });

    it("refuses visitors and staff without the content section", async () => {
      expect((await get("/api/media")).statusCode).toBe(401);
      const finance = await get("/api/media", "finance");
      expect(finance.statusCode).toBe(403);
      expect(finance.json()).toEqual({ error: "media.forbidden" });
    });

    it("lists public images newest first, 24 a page, with responsive data", async () => {
      const first = await get("/api/media", "editor");
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"]).toBe("no-store");
      const body = first.json();
      expect(body).toMatchObject({ page: 1, pageCount: 2, pageSize: 24, total: 26 });
      expect(body.items).toHaveLength(24);
      expect(body.items[0]).toMatchObject({ alt: "#25", purpose: "jury", width: 320, height: 180 });
      expect(body.items[0].src).toMatch(/^\/media\/[a-f0-9]{24}\/w320\.jpg$/);
      expect(body.items[0].srcset.webp).toContain("320w");
      expect(body.items.some((i: { purpose: string }) => i.purpose === "entry")).toBe(false);
      const second = (await get("/api/media?page=2", "editor")).json();
      expect(second.page).toBe(2);
      expect(second.items.map((i: { alt: string }) => i.alt)).toEqual(["#1", "#0"]);
      // A page past the end is the last page; nonsense is page 1.
      expect((await get("/api/media?page=99", "editor")).json().page).toBe(2);
      expect((await get("/api/media?page=abc", "editor")).json().page).toBe(1);
    });

    it("narrows to one purpose and refuses an unknown one", async () => {
      const jury = (await get("/api/media?purpose=jury", "editor")).json();
      expect(jury.total).toBe(6);
      expect(jury.items.every((i: { purpose: string }) => i.purpose === "jury")).toBe(true);
      expect((await get("/api/media?purpose=entry", "editor")).statusCode).toBe(400);
    });
  });
});
