import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import { createServices, type Services } from "../../services";
import { testDatabases } from "../../test-support/databases";
import { diskStorageRoot } from "../storage/index";
import { UNOWNED_FILE_GRACE_MS, type FileStore } from "./storage";
import { sweepUnreferencedEntryImages } from "./sweep-entry-images";

/**
 * Stored files nobody owns — a registration that failed or was abandoned after its licence was
 * stored — are swept once older than the grace period: the row and the bytes on disk. Owned
 * files, and unowned ones still within the grace period (a registration in progress), stay.
 */

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
const MINUTE = 60_000;

describe.each(testDatabases())("unowned files on $name", (target) => {
  describe.skipIf(!target.available)("sweep", () => {
    let db: Db;
    let dataDir: string;
    let services: Services;
    let files: FileStore;
    // While the demo 2026 season takes entries.
    let now = new Date("2026-09-01T03:00:00.000Z");

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "vx-files-"));
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db, now);
      const config = loadConfig({
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        PUBLIC_URL: "http://127.0.0.1:1",
      });
      services = createServices(db, config, { onContentChange: () => {}, clock: () => now });
      files = services.files;
    });

    afterAll(async () => {
      await target.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const licence = (ownerUserId: string | null = null) =>
      files.save({
        data: PDF,
        purpose: "licence",
        ownerUserId,
        allowedMimes: ["application/pdf"],
        maxBytes: 1024 * 1024,
        tooLargeKey: "validation.licenceTooLarge",
        wrongTypeKey: "validation.licenceType",
      });

    /** Where the disk driver keeps a file's bytes. */
    async function bytesOnDisk(id: string): Promise<string> {
      const row = await files.find(id);
      if (!row) throw new Error(`no file ${id}`);
      return path.join(diskStorageRoot(dataDir), files.objectKey(row.storage_key));
    }

    async function entrant(email: string): Promise<string> {
      return services.identity.createEntrant({
        email,
        password: "correct-horse-battery-staple",
        profile: {
          type: "enterprise",
          fullName: "Lê Thị Bích",
          phone: "+842838221234",
          address: "25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
          personalId: null,
          companyName: "Công ty TNHH Minh Phát",
          businessRegistrationNumber: "0314409058",
          taxCode: "0314409058",
          licenceFileId: null,
        },
      });
    }

    it("removes unowned files older than an hour, row and bytes, and keeps the rest", async () => {
      const start = now;
      const abandoned = await licence();
      const abandonedPath = await bytesOnDisk(abandoned.id);
      const claimed = await licence();
      const owner = await entrant("owner.files@example.com");
      expect(await files.claim(claimed.id, owner, "licence")).toBe(true);
      const claimedPath = await bytesOnDisk(claimed.id);
      now = new Date(start.getTime() + 50 * MINUTE);
      const recent = await licence();
      const recentPath = await bytesOnDisk(recent.id);
      expect(existsSync(abandonedPath)).toBe(true);

      // 61 minutes after the first: only the abandoned one is past the grace period.
      now = new Date(start.getTime() + UNOWNED_FILE_GRACE_MS + MINUTE);
      expect(await files.sweepUnowned()).toBe(1);
      expect(await files.find(abandoned.id)).toBeUndefined();
      expect(existsSync(abandonedPath)).toBe(false);
      expect(await files.read(claimed.id)).toMatchObject({ mime: "application/pdf" });
      expect(existsSync(claimedPath)).toBe(true);
      expect(await files.find(recent.id)).toBeDefined();
      expect(existsSync(recentPath)).toBe(true);
      // A second sweep finds nothing more.
      expect(await files.sweepUnowned()).toBe(0);

      // The recent one, once claimed by a registration that finishes within its hour, stays.
      const late = await entrant("late.files@example.com");
      expect(await files.claim(recent.id, late, "licence")).toBe(true);
      now = new Date(start.getTime() + 3 * UNOWNED_FILE_GRACE_MS);
      expect(await files.sweepUnowned()).toBe(0);
      expect(existsSync(recentPath)).toBe(true);
    });

    it("sweeps more than a batch of abandoned registrations (12 licences of a failed form)", async () => {
      const start = now;
      const stored = [];
      for (let i = 0; i < 120; i++) stored.push(await licence());
      const paths = await Promise.all(stored.map((file) => bytesOnDisk(file.id)));
      now = new Date(start.getTime() + UNOWNED_FILE_GRACE_MS + MINUTE);
      expect(await files.sweepUnowned()).toBe(120);
      for (const file of paths) expect(existsSync(file)).toBe(false);
      const { n } = await db.kysely
        .selectFrom("files")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("owner_user_id", "is", null)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(0);
    });

    it("runs in the process periodically and stops when asked", async () => {
      const start = now;
      const first = await licence();
      now = new Date(start.getTime() + UNOWNED_FILE_GRACE_MS + MINUTE);
      const removed: number[] = [];
      const logger = {
        info: (obj: object) => removed.push((obj as { removed: number }).removed),
        error: () => {},
      };
      const stop = files.startSweep({ intervalMs: 20, logger });
      try {
        // The first run happens at once.
        await expect.poll(() => removed.length, { timeout: 5_000 }).toBeGreaterThan(0);
        expect(await files.find(first.id)).toBeUndefined();
        // A file abandoned while it runs is picked up by a later run.
        const second = await licence();
        now = new Date(now.getTime() + UNOWNED_FILE_GRACE_MS + MINUTE);
        await expect.poll(async () => files.find(second.id), { timeout: 5_000 }).toBeUndefined();
        expect(removed.reduce((sum, n) => sum + n, 0)).toBe(2);
      } finally {
        stop();
      }
    });

    it("removes entry images no entry file uses any more, keeping shared and recent ones", async () => {
      const start = now;
      const owner = await entrant("images.files@example.com");
      const png = path.join(dataDir, "anh.png");
      writeFileSync(
        png,
        await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0392b" } })
          .png()
          .toBuffer(),
      );
      const image = () => services.media.storeImage(png, { purpose: "entry" });
      const attachImage = async (entryId: string, mediaId: number, key: string) => {
        const attached = await services.entries.attachFile(owner, entryId, "images", {
          key,
          name: "anh.png",
          mime: "image/png",
          bytes: 1000,
          width: 64,
          height: 48,
          durationSeconds: null,
          variants: { mediaId },
        });
        if (!attached.ok) throw new Error(attached.formError);
        return attached.file.id;
      };
      const created = await services.entries.createDraft(owner);
      if (!created.ok) throw new Error(created.formError);
      const entryId = created.entry.id;

      const kept = await image();
      await attachImage(entryId, kept.id, "entries/aa/kept.png");
      const removedLater = await image();
      const removedFileId = await attachImage(entryId, removedLater.id, "entries/aa/removed.png");
      const refused = await image(); // its upload was refused after the variants were made
      const keysOf = async (id: number) => {
        const row = await db.kysely
          .selectFrom("media")
          .select(["original_key", "variants"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        return [
          row.original_key,
          ...(JSON.parse(row.variants) as { key: string }[]).map((v) => v.key),
        ].map((key) => path.join(diskStorageRoot(dataDir), key));
      };
      const refusedKeys = await keysOf(refused.id);
      const removedKeys = await keysOf(removedLater.id);
      for (const file of [...refusedKeys, ...removedKeys]) expect(existsSync(file)).toBe(true);
      expect(
        (await services.entries.removeFile(owner, entryId, removedFileId)).ok,
        "removeFile",
      ).toBe(true);

      // Half an hour later (cutoff = then − the hour) nothing goes: an upload in progress
      // attaches its image within seconds.
      const within = new Date(start.getTime() + 30 * MINUTE - UNOWNED_FILE_GRACE_MS);
      expect(await sweepUnreferencedEntryImages(db, services.media, within)).toBe(0);

      now = new Date(start.getTime() + UNOWNED_FILE_GRACE_MS + MINUTE);
      const after = new Date(now.getTime() - UNOWNED_FILE_GRACE_MS);
      const fresh = await image(); // uploaded just now: not yet attached, stays
      expect(await sweepUnreferencedEntryImages(db, services.media, after)).toBe(2);
      expect(await services.media.get(refused.id)).toBeNull();
      expect(await services.media.get(removedLater.id)).toBeNull();
      for (const file of [...refusedKeys, ...removedKeys]) expect(existsSync(file)).toBe(false);
      expect(await services.media.get(kept.id)).not.toBeNull();
      expect(await services.media.get(fresh.id)).not.toBeNull();
    });
  });
});
