import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MEBIBYTE } from "../../../core/upload-rules";
import type { App } from "../../app";
import { migrateToLatest, openDatabase, type Db } from "../../db/database";
import { testDatabases } from "../../test-support/databases";
import { tusCreate, tusHead, tusPatch, type UploadTarget } from "../../test-support/tus-client";
import { createDiskStorage } from "../storage/disk";
import { createUploadService } from "./service";
import { productionBundle, uploadsTestbed } from "./testbed";

/** Abandoned partial uploads: removed after the expiry, by the app and by the periodic job. */

const built = productionBundle();

describe.each(testDatabases())("tus uploads on $name", (target) => {
  describe.skipIf(!target.available)("the app on 127.0.0.1: abandoned uploads", () => {
    const { bed, draft, uploadsDir } = uploadsTestbed(target, built);
    let app: App;
    let db: Db;
    let alice: UploadTarget & { userId: string };
    beforeAll(() => {
      ({ app, db, alice } = bed);
    });

    it("deletes partial uploads that received nothing for longer than the expiry, and keeps active ones", async () => {
      const entryId = await draft(alice.userId);
      const metadata = { entryId, field: "video", filename: "v.mp4", filetype: "video/mp4" };
      const stale = await tusCreate(alice, 5 * MEBIBYTE, metadata);
      // Another entry's: a second unfinished video of the same entry would replace the first.
      const fresh = await tusCreate(alice, 5 * MEBIBYTE, {
        ...metadata,
        entryId: await draft(alice.userId),
      });
      const staleId = stale.location!.split("/").pop()!;
      const freshId = fresh.location!.split("/").pop()!;
      await tusPatch(alice, stale.location!, 0, Buffer.alloc(1000, 1), 1000);
      // The stale one last received bytes 25 hours ago (the default expiry is 24 hours).
      const old = new Date(Date.now() - 25 * 3_600_000);
      for (const name of [staleId, `${staleId}.json`])
        utimesSync(path.join(uploadsDir(), name), old, old);

      // The count of an upload gone without its row (its process stopped in between), kept
      // past the expiry, and a fresh count whose upload is still on its way into the store.
      const vanished = "0123456789abcdef0123456789abcdef";
      const arriving = "fedcba9876543210fedcba9876543210";
      const countRow = (id: string, createdAt: string, replacedAt: string | null = null) =>
        db.kysely
          .insertInto("live_uploads")
          .values({
            id,
            owner_user_id: alice.userId,
            entry_id: entryId,
            field: "images",
            size: MEBIBYTE,
            created_at: createdAt,
            replaced_at: replacedAt,
          })
          .execute();
      await countRow(vanished, old.toISOString());
      await countRow(arriving, new Date().toISOString());
      expect(await app.uploads.inProgress(alice.userId)).toEqual(
        expect.arrayContaining([staleId, freshId, vanished, arriving]),
      );

      // Rows of uploads replaced long ago and lately (their bytes gone): the recent one
      // answers a late request "replaced" until it is older than the expiry too.
      const replacedLongAgo = "00112233445566778899aabbccddeeff";
      const replacedLately = "ffeeddccbbaa99887766554433221100";
      await countRow(replacedLongAgo, old.toISOString(), old.toISOString());
      await countRow(replacedLately, old.toISOString(), new Date().toISOString());
      const counted = await app.uploads.inProgress(alice.userId);
      expect(counted).not.toContain(replacedLongAgo);
      expect(counted).not.toContain(replacedLately);

      expect(await app.uploads.cleanupExpired()).toBe(1);
      const rows = await db.kysely.selectFrom("live_uploads").select("id").execute();
      expect(rows.map((row) => row.id)).not.toContain(replacedLongAgo);
      expect(rows.map((row) => row.id)).toContain(replacedLately);
      expect((await tusHead(alice, `/api/uploads/${replacedLately}`)).status).toBe(410);
      expect((await tusHead(alice, `/api/uploads/${replacedLongAgo}`)).status).toBe(404);
      // The removed upload and the vanished one no longer count; the others still do.
      const left = await app.uploads.inProgress(alice.userId);
      expect(left).toEqual(expect.arrayContaining([freshId, arriving]));
      expect(left).not.toContain(staleId);
      expect(left).not.toContain(vanished);
      expect(existsSync(path.join(uploadsDir(), staleId))).toBe(false);
      expect(existsSync(path.join(uploadsDir(), `${staleId}.json`))).toBe(false);
      expect((await tusHead(alice, stale.location!)).status).toBe(404);
      expect((await tusHead(alice, fresh.location!)).status).toBe(200);
      expect(existsSync(path.join(uploadsDir(), freshId))).toBe(true);
    });
  });
});

describe("abandoned-upload cleanup job", () => {
  it("runs periodically with a short expiry and stops when asked", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vx-upload-expiry-"));
    try {
      const unused = () => {
        throw new Error("not used");
      };
      const db = openDatabase({ kind: "sqlite", file: path.join(dir, "db.sqlite") });
      await migrateToLatest(db);
      const uploads = await createUploadService({
        dir: path.join(dir, "uploads"),
        db,
        expiryMs: 300,
        publicUrl: "http://127.0.0.1:1",
        entries: { get: unused, uploadAllowed: unused, attachFile: unused },
        media: { inspect: unused },
        storage: createDiskStorage(path.join(dir, "objects")),
      });
      const id = "0123456789abcdef0123456789abcdef";
      writeFileSync(path.join(uploads.dir, id), Buffer.alloc(10));
      writeFileSync(path.join(uploads.dir, `${id}.json`), JSON.stringify({ id, size: 100 }));
      const stop = uploads.startCleanup(50);
      try {
        // Still there right away (younger than 300 ms)…
        expect(existsSync(path.join(uploads.dir, id))).toBe(true);
        // …and gone once it has been idle longer than the expiry.
        await expect
          .poll(() => readdirSync(uploads.dir), { timeout: 5_000, interval: 50 })
          .toEqual([]);
      } finally {
        stop();
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
