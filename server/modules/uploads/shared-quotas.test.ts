import { existsSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PassThrough } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTRANT_LIVE_UPLOAD_BYTES_MAX, GIBIBYTE } from "../../../core/entry-limits";
import { MEBIBYTE } from "../../../core/upload-rules";
import { buildApp, type App } from "../../app";
import { loadConfig } from "../../config";
import { openDatabase, type Db } from "../../db/database";
import { testDatabases } from "../../test-support/databases";
import {
  draftEntry,
  refusalKey,
  signedInUploader,
  startListeningApp,
  type ListeningApp,
} from "../../test-support/listening-app";
import { MP4_HEAD, tusCreate, tusHead, tusPatch } from "../../test-support/tus-client";
import { noisePng, productionBundle } from "./testbed";

/**
 * The quotas are the same whichever process a request reaches: two apps, each with its own
 * upload state, on one database (each its own connection) and one uploads folder, as two
 * processes behind the load balancer. An upload created through one and finished or replaced
 * through the other counts, and stops counting, in both.
 */

const built = productionBundle();

const idOf = (location: string) => location.split("/").pop()!;
const video = (entryId: string) => ({
  entryId,
  field: "video",
  filename: "phim.mp4",
  filetype: "video/mp4",
});

describe.each(testDatabases())("upload quotas across two apps on $name", (target) => {
  describe.skipIf(!target.available)("apps A and B", () => {
    let server: ListeningApp;
    let a: App;
    let b: App;
    let bDb: Db;
    let originA: string;
    let originB: string;
    let people = 0;

    /** The database A uses, as a second process would name it in its configuration. */
    async function sameDatabaseUrl(db: Db): Promise<string> {
      if (db.kind === "sqlite") {
        const { rows } = await sql<{ file: string }>`pragma database_list`.execute(db.kysely);
        return `sqlite:${rows[0]!.file}`;
      }
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
        db.kysely,
      );
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      return url.toString();
    }

    beforeAll(async () => {
      server = await startListeningApp(target, built.bundle!, { dirPrefix: "vx-shared-quotas-" });
      ({ app: a, origin: originA } = server);
      const config = loadConfig({
        NODE_ENV: "production",
        DATA_DIR: server.dataDir,
        LOG_LEVEL: "silent",
        PUBLIC_URL: "http://127.0.0.1:1",
        DATABASE_URL: await sameDatabaseUrl(server.db),
      });
      bDb = openDatabase(config.database);
      const bundle = built.bundle!;
      b = await buildApp({ config, db: bDb, build: bundle.build, clientDir: bundle.clientDir });
      await b.fastify.listen({ host: "127.0.0.1", port: 0 });
      originB = `http://127.0.0.1:${(b.fastify.server.address() as AddressInfo).port}`;
    }, 120_000);

    afterAll(async () => {
      await b?.fastify.close();
      await bDb?.close();
      await server?.close();
    });

    /** A new entrant signed in (one session, valid through either app), and how to reach each. */
    async function entrant() {
      const n = ++people;
      const person = await signedInUploader(a, originA, `shared-quota-${n}@example.com`);
      return {
        userId: person.userId,
        viaA: { origin: originA, cookie: person.cookie },
        viaB: { origin: originB, cookie: person.cookie },
      };
    }

    it("stops counting an upload created through A once it is finished through B", async () => {
      const person = await entrant();
      const png = await noisePng(64, 48);
      const picture = await tusCreate(person.viaA, png.length, {
        entryId: await draftEntry(a, person.userId),
        field: "images",
        filename: "anh.png",
        filetype: "image/png",
      });
      expect(picture.status).toBe(201);
      for (let i = 0; i < 2; i++) {
        const created = await tusCreate(
          person.viaA,
          GIBIBYTE,
          video(await draftEntry(a, person.userId)),
        );
        expect(created.status).toBe(201);
      }
      // With the picture counted, one byte over the total; without it, within.
      const last = ENTRANT_LIVE_UPLOAD_BYTES_MAX - 2 * GIBIBYTE - png.length + 1;
      const entryId = await draftEntry(a, person.userId);
      const early = await tusCreate(person.viaA, last, video(entryId));
      expect(early.status).toBe(409);
      expect(refusalKey(early)).toBe("upload.tooMuchInProgress");

      const done = await tusPatch(person.viaB, picture.location!, 0, png, png.length);
      expect(done.status).toBe(204);
      expect(done.fileId).toBeTruthy();
      expect(await a.uploads.inProgress(person.userId)).toHaveLength(2);
      expect(await b.uploads.inProgress(person.userId)).toHaveLength(2);
      expect((await tusCreate(person.viaA, last, video(entryId))).status).toBe(201);
    });

    it("keeps a field's limit across both apps: a video created through B replaces the one created through A", async () => {
      const person = await entrant();
      const entryId = await draftEntry(a, person.userId);
      const older = await tusCreate(person.viaA, MEBIBYTE, video(entryId));
      expect(older.status).toBe(201);
      const newer = await tusCreate(person.viaB, MEBIBYTE, video(entryId));
      expect(newer.status).toBe(201);
      for (const app of [a, b]) {
        expect(await app.uploads.inProgress(person.userId)).toEqual([idOf(newer.location!)]);
      }
      // The older one is gone from the shared folder: neither app continues it.
      expect(existsSync(path.join(server.dataDir, "uploads", idOf(older.location!)))).toBe(false);
      // Either app answers "replaced", from the row B marked.
      expect((await tusHead(person.viaB, older.location!)).status).toBe(410);
      expect((await tusHead(person.viaA, older.location!)).status).toBe(410);
      const late = await tusPatch(person.viaA, older.location!, 0, MP4_HEAD, MP4_HEAD.length);
      expect(late.status).toBe(410);
      expect(refusalKey(late)).toBe("upload.replaced");
      expect((await tusHead(person.viaA, newer.location!)).status).toBe(200);
    });

    it("never replaces an upload another process is finishing", async () => {
      const person = await entrant();
      const entryId = await draftEntry(a, person.userId);
      const finishing = await tusCreate(person.viaA, MEBIBYTE, video(entryId));
      expect(finishing.status).toBe(201);
      // What B's finish writes when it begins (finish.ts), before its content check.
      await bDb.kysely
        .updateTable("live_uploads")
        .set({ finishing_since: new Date().toISOString() })
        .where("id", "=", idOf(finishing.location!))
        .execute();
      const newer = await tusCreate(person.viaA, MEBIBYTE, video(entryId));
      expect(newer.status).toBe(201);
      expect(await b.uploads.inProgress(person.userId)).toEqual([
        idOf(finishing.location!),
        idOf(newer.location!),
      ]);
      expect((await tusHead(person.viaA, finishing.location!)).status).toBe(200);
    });

    it("refuses a finish through B of an upload replaced through A before A removed its bytes", async () => {
      const person = await entrant();
      const entryId = await draftEntry(a, person.userId);
      const png = await noisePng(64, 48);
      const picture = await tusCreate(person.viaA, png.length, {
        entryId,
        field: "images",
        filename: "anh.png",
        filetype: "image/png",
      });
      expect(picture.status).toBe(201);
      const id = idOf(picture.location!);
      const stored = path.join(server.dataDir, "uploads", id);
      // The whole file in one PATCH through B, held before its last bytes.
      const body = new PassThrough();
      const writing = tusPatch(person.viaB, picture.location!, 0, body, png.length);
      const head = png.subarray(0, png.length - 16);
      body.write(head);
      await expect
        .poll(() => (existsSync(stored) ? statSync(stored).size : 0), { timeout: 10_000 })
        .toBe(head.length);
      // What A's admission of a newer picture writes (quotas.ts), before A removes the bytes.
      await server.db.kysely
        .updateTable("live_uploads")
        .set({ replaced_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      body.end(png.subarray(head.length));

      const refused = await writing;
      expect(refused.status).toBe(410);
      expect(refusalKey(refused)).toBe("upload.replaced");
      const entry = await b.services.entries.get(person.userId, entryId);
      expect(entry!.files.filter((f) => f.field === "images")).toEqual([]);
      // B removed the bytes; the row stays, so A too answers a late request "replaced".
      expect(existsSync(stored)).toBe(false);
      expect((await tusHead(person.viaA, picture.location!)).status).toBe(410);
      expect(await a.uploads.inProgress(person.userId)).toEqual([]);
    });

    it("enforces the entrant's total across both apps", async () => {
      const person = await entrant();
      const through = [person.viaA, person.viaB, person.viaA];
      for (const via of through) {
        const created = await tusCreate(via, GIBIBYTE, video(await draftEntry(a, person.userId)));
        expect(created.status).toBe(201);
      }
      for (const via of [person.viaA, person.viaB]) {
        const refused = await tusCreate(via, GIBIBYTE, video(await draftEntry(a, person.userId)));
        expect(refused.status).toBe(409);
        expect(refusalKey(refused)).toBe("upload.tooMuchInProgress");
      }
      expect(await a.uploads.inProgress(person.userId)).toHaveLength(3);
    });

    it("admits one of several uploads sent at once through both apps when only one fits", async () => {
      const person = await entrant();
      for (let i = 0; i < 2; i++) {
        const created = await tusCreate(
          person.viaA,
          GIBIBYTE,
          video(await draftEntry(a, person.userId)),
        );
        expect(created.status).toBe(201);
      }
      const entries = [];
      for (let i = 0; i < 6; i++) entries.push(await draftEntry(a, person.userId));
      const racing = await Promise.all(
        entries.map((entryId, i) =>
          tusCreate(i % 2 === 0 ? person.viaA : person.viaB, GIBIBYTE, video(entryId)),
        ),
      );
      const statuses = racing.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      expect(await b.uploads.inProgress(person.userId)).toHaveLength(3);
    });
  });
});
