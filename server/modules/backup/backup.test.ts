import { createHash } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { setImmediate } from "node:timers/promises";
import path from "node:path";
import { sql } from "kysely";
import { create as createTar, extract } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../config";
import { migrateToLatest, openDatabase, type Db } from "../../db/database";
import { seedDemoAccounts } from "../../demo/demo-accounts";
import { seedDemoContent } from "../../demo/demo-content";
import { seedDemoData } from "../../demo/demo-data";
import { seedDemoDocuments } from "../../demo/demo-documents";
import { seedDemoEntries } from "../../demo/demo-entries";
import { createServices, type Services } from "../../services";
import { closeAndSettle, testDatabases, type TestDatabase } from "../../test-support/databases";
import { queuedMailSent } from "../../test-support/mail";
import { isoMediaHeader, noisePng, PDF_DOCUMENT } from "../../test-support/media-files";
import { COMPLETE_TEXT, enterprise } from "../entries/testbed";
import { createStorageDriver, diskStorageRoot, isSafeKey, newObjectKey } from "../storage";
import { createBackup, defaultBackupPath } from "./create-backup";
import { listFiles } from "./manifest";
import { restoreBackup } from "./restore-backup";

/**
 * The round trip an organiser relies on: the demo data and a submitted entry with its uploaded
 * files, backed up while writes keep arriving, restored into an empty place, gives back every
 * row of the snapshot and every file byte for byte; a damaged archive restores nothing.
 */

// Inside the 2026 season's window, so the entry can be submitted.
const NOW = new Date("2026-11-20T03:00:00.000Z");

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/**
 * A data directory and an empty database of `target`'s kind: DATA_DIR/app.db (not created
 * yet: a restore wants it absent), or a new PostgreSQL database.
 */
async function place(target: TestDatabase, prefix: string): Promise<Config> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const env = {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
  };
  if (target.name === "sqlite") return loadConfig(env);
  const db = await target.open();
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
    db.kysely,
  );
  await closeAndSettle(db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return loadConfig({ ...env, DATABASE_URL: url.toString() });
}

async function tables(db: Db): Promise<string[]> {
  const query =
    db.kind === "sqlite"
      ? sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`;
  return (await query.execute(db.kysely)).rows.map((r) => r.name).sort();
}

/** Every row of a table, as sorted JSON lines (an order-free comparison). */
async function rowsOf(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
    db.kysely,
  );
  return rows
    .map((row) =>
      JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString("hex") : v)),
    )
    .sort();
}

/** Every object of the disk store and DATA_DIR's carried files, with their SHA-256. */
async function fileHashes(dataDir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  const root = diskStorageRoot(dataDir);
  for (const key of (await listFiles(root)).filter(isSafeKey)) {
    hashes[`objects/${key}`] = sha256(await readFile(path.join(root, key)));
  }
  const carried = [
    "auth-secret",
    ...(await listFiles(path.join(dataDir, "outbox"))).map((f) => `outbox/${f}`),
  ];
  for (const file of carried) {
    hashes[`data/${file}`] = sha256(await readFile(path.join(dataDir, file)));
  }
  return hashes;
}

/** Stores a file as a finished upload does (content checked, random key) and attaches it. */
async function upload(
  services: Services,
  userId: string,
  entryId: string,
  field: "images" | "video" | "ideaArticleVi" | "legalCommitment" | "copyrightCommitment",
  file: string,
  name: string,
) {
  const facts = await services.media.inspect(file, {
    accept: field === "images" ? ["image"] : field === "video" ? ["video"] : ["pdf"],
  });
  const key = newObjectKey("entries", facts.ext);
  const stored = await services.storage.putFile(key, file, { contentType: facts.mime });
  const attached = await services.entries.attachFile(userId, entryId, field, {
    key,
    name,
    mime: facts.mime,
    bytes: stored.size,
    width: facts.width ?? null,
    height: facts.height ?? null,
  });
  expect(attached.ok, `${field}: ${JSON.stringify(attached)}`).toBe(true);
}

type Manifest = { database: { path: string; tables: Record<string, number> } } & {
  files: { path: string; size: number; sha256: string }[];
};

/**
 * The archive packed again after `change` edited its manifest or its unpacked files (the
 * manifest's size and checksum of every file brought up to date, as a forger would).
 */
async function repacked(
  archive: string,
  work: string,
  change: (manifest: Manifest, unpacked: string) => void,
): Promise<string> {
  const unpacked = await mkdtemp(path.join(work, "repacked-"));
  await extract({ file: archive, cwd: unpacked });
  const manifestFile = path.join(unpacked, "manifest.json");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  change(manifest, unpacked);
  for (const file of manifest.files) {
    const bytes = readFileSync(path.join(unpacked, file.path));
    file.size = bytes.length;
    file.sha256 = sha256(bytes);
  }
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const out = `${unpacked}.tar.gz`;
  // The manifest first, as the backup writes it.
  const files = [
    "manifest.json",
    ...(await listFiles(unpacked)).filter((f) => f !== "manifest.json"),
  ];
  await createTar({ gzip: true, file: out, cwd: unpacked }, files);
  return out;
}

describe.each(testDatabases())("backup and restore on $name", (target) => {
  describe.skipIf(!target.available)("a demo site with a submitted entry", () => {
    let source: { config: Config; db: Db };
    let services: Services;
    let work: string;

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), "vx-backup-work-"));
      const config = await place(target, "vx-backup-source-");
      const db = openDatabase(config.database);
      source = { config, db };
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
      await seedDemoContent(db, NOW);
      await seedDemoDocuments(db, config);
      services = createServices(db, config, { onContentChange: () => {}, clock: () => NOW });
      await seedDemoAccounts(db, services, config.dataDir);
      await seedDemoEntries(
        db,
        {
          storage: services.storage,
          storeImage: (file) =>
            services.media.storeImage(file, { purpose: "entry", variantsLater: true }),
          picturesPerTitle: 1,
        },
        NOW,
      );

      const userId = await services.identity.createEntrant({
        email: "backup.entrant@example.vn",
        password: "mat-khau-rat-dai-2026",
        profile: enterprise("Phạm Thu Hà"),
      });
      const tvc = await db.kysely
        .selectFrom("categories as c")
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .innerJoin("tracks as t", "t.id", "g.track_id")
        .innerJoin("seasons as s", "s.id", "t.season_id")
        .select(["c.id", "t.id as trackId"])
        .where("s.year", "=", 2026)
        .where("c.code", "=", "TVC")
        .executeTakeFirstOrThrow();
      const draft = await services.entries.createDraft(userId, {
        ...COMPLETE_TEXT,
        trackId: String(tvc.trackId),
        categoryId: String(tvc.id),
      });
      if (!draft.ok) throw new Error(JSON.stringify(draft));
      const entryId = draft.entry.id;
      const image = path.join(work, "poster.png");
      writeFileSync(image, await noisePng(640, 360));
      const video = path.join(work, "film.mp4");
      writeFileSync(video, Buffer.concat([isoMediaHeader("isom"), Buffer.alloc(64 * 1024, 7)]));
      const pdf = path.join(work, "doc.pdf");
      writeFileSync(pdf, PDF_DOCUMENT);
      await upload(services, userId, entryId, "images", image, "poster.png");
      await upload(services, userId, entryId, "video", video, "film.mp4");
      for (const field of ["ideaArticleVi", "legalCommitment", "copyrightCommitment"] as const) {
        await upload(services, userId, entryId, field, pdf, `${field}.pdf`);
      }
      const submitted = await services.entries.submit(userId, entryId);
      expect(submitted).toMatchObject({ ok: true, entry: { status: "submitted" } });
      // The receipt queued with the submission has gone: the rows compared below stay still.
      await queuedMailSent(db);
    }, 120_000);

    afterAll(async () => {
      await closeAndSettle(source?.db);
      await target.cleanup();
      await rm(work, { recursive: true, force: true });
      if (source) await rm(source.config.dataDir, { recursive: true, force: true });
    });

    it("backs up while writes arrive and restores every row and file of the snapshot", async () => {
      const before = await rowsOf(source.db, "audit_log");
      // Staff keep working: audit entries written one after another until the backup is done,
      // each as its own event (requests arrive as I/O, not as one long chain of promises).
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing && written < 20_000) {
          await services.audit.record(
            null,
            "settings.update",
            { type: "settings" },
            { n: written },
          );
          written += 1;
          await setImmediate();
        }
      })();
      const archive = path.join(work, "site.tar.gz");
      let summary;
      try {
        summary = await createBackup({ config: source.config, out: archive, appVersion: "test" });
      } finally {
        writing = false;
        await writer;
      }
      const { manifest } = summary;
      expect(manifest.database.kind).toBe(target.name);
      expect(manifest.migration).toMatch(/^\d{4}-/);
      expect(manifest.storage).toMatchObject({ driver: "disk", included: true });
      expect(manifest.storage.objects).toBeGreaterThan(10);
      expect(manifest.database.tables.entries).toBeGreaterThan(0);

      const restoredConfig = await place(target, "vx-backup-restored-");
      const result = await restoreBackup({ config: restoredConfig, archive });
      expect(result).toMatchObject({ ok: true });
      if (restoredConfig.database.kind === "sqlite") {
        expect(statSync(restoredConfig.database.file).mode & 0o777).toBe(0o600);
      }
      const restored = openDatabase(restoredConfig.database);
      try {
        // Identical tables and rows, except the audit log, which went on growing: it holds
        // exactly what was there at the snapshot, all of it as written.
        expect(await tables(restored)).toEqual(await tables(source.db));
        for (const table of await tables(source.db)) {
          if (table === "audit_log") continue;
          expect(await rowsOf(restored, table), table).toEqual(await rowsOf(source.db, table));
        }
        const sourceAudit = new Set(await rowsOf(source.db, "audit_log"));
        const restoredAudit = await rowsOf(restored, "audit_log");
        expect(restoredAudit.length).toBe(manifest.database.tables.audit_log);
        expect(restoredAudit.every((row) => sourceAudit.has(row))).toBe(true);
        expect(before.every((row) => restoredAudit.includes(row))).toBe(true);
        // Writes went on after the snapshot: the backup did not stop the site.
        expect(sourceAudit.size).toBeGreaterThan(restoredAudit.length);

        expect(await fileHashes(restoredConfig.dataDir)).toEqual(
          await fileHashes(source.config.dataDir),
        );
        // A restored site reads its files through Storage with their recorded types.
        const entryImage = await restored.kysely
          .selectFrom("entry_files")
          .select("storage_key")
          .where("field", "=", "images")
          .executeTakeFirstOrThrow();
        const stat = await createStorageDriver(restoredConfig.storage, restoredConfig.dataDir).stat(
          entryImage.storage_key,
        );
        expect(stat?.contentType).toMatch(/^image\//);
      } finally {
        await closeAndSettle(restored);
        await rm(restoredConfig.dataDir, { recursive: true, force: true });
      }

      // Into a place that is not empty: refused, unless asked to replace it.
      const occupied = await restoreBackup({ config: source.config, archive });
      expect(occupied).toMatchObject({ ok: false });
      expect(!occupied.ok && occupied.reason).toContain("not empty");
    }, 120_000);

    it("refuses a damaged or altered archive and restores nothing", async () => {
      const archive = path.join(work, "tampered-source.tar.gz");
      await createBackup({ config: source.config, out: archive, appVersion: "test" });

      // One object's bytes changed, the manifest left as it was.
      const unpacked = await mkdtemp(path.join(work, "unpacked-"));
      await extract({ file: archive, cwd: unpacked });
      const files = await listFiles(unpacked);
      const victim = files.find((f) => f.startsWith("objects/"))!;
      const bytes = readFileSync(path.join(unpacked, victim));
      bytes[0] = bytes[0]! ^ 0xff;
      await writeFile(path.join(unpacked, victim), bytes);
      const altered = path.join(work, "altered.tar.gz");
      await createTar({ gzip: true, file: altered, cwd: unpacked }, files);

      // A byte flipped in the middle of the compressed archive.
      const damaged = path.join(work, "damaged.tar.gz");
      const gz = readFileSync(archive);
      gz[Math.floor(gz.length / 2)] = gz[Math.floor(gz.length / 2)]! ^ 0xff;
      writeFileSync(damaged, gz);

      // Cut short, as by an interrupted copy: the extraction stops in the middle of files.
      const truncated = path.join(work, "truncated.tar.gz");
      const whole = readFileSync(archive);
      writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));

      // The rows the manifest counts changed after the check: found to differ before use.
      const counted = await repacked(archive, work, (manifest) => {
        manifest.database.tables.user = (manifest.database.tables.user ?? 0) + 1;
      });

      for (const [file, why] of [
        [altered, `${victim} does not match its checksum`],
        [damaged, "cannot be restored"],
        [truncated, "the archive is damaged"],
        [counted, "differs from its manifest: user has"],
      ] as const) {
        const empty = await place(target, "vx-backup-refused-");
        try {
          const result = await restoreBackup({ config: empty, archive: file });
          expect(result).toMatchObject({ ok: false });
          expect(!result.ok && result.reason).toContain(why);
          expect(await listFiles(empty.dataDir)).toEqual([]);
          if (empty.database.kind === "postgres") {
            const db = openDatabase(empty.database);
            expect(await tables(db)).toEqual([]);
            await closeAndSettle(db);
          }
        } finally {
          await rm(empty.dataDir, { recursive: true, force: true });
        }
      }
    }, 60_000);

    it("a forced restore lets go of what the target held only once the backup is in place", async () => {
      const archive = path.join(work, "forced-source.tar.gz");
      await createBackup({ config: source.config, out: archive, appVersion: "test" });
      const site = await place(target, "vx-backup-forced-");
      /** What the site holds now: its audit rows and its files. */
      const holding = async () => {
        const db = openDatabase(site.database);
        try {
          return { audit: await rowsOf(db, "audit_log"), files: await fileHashes(site.dataDir) };
        } finally {
          await closeAndSettle(db);
        }
      };
      /** Anything a restore set aside and left behind. */
      const leftovers = async () => {
        const files = (await listFiles(site.dataDir)).filter((f) => f.includes("before-restore"));
        if (site.database.kind === "sqlite") return files;
        const db = openDatabase(site.database);
        try {
          const { rows } = await sql<{
            name: string;
          }>`select nspname as name from pg_namespace where nspname like 'public_before_restore%'`.execute(
            db.kysely,
          );
          return [...files, ...rows.map((r) => r.name)];
        } finally {
          await closeAndSettle(db);
        }
      };
      try {
        expect(await restoreBackup({ config: site, archive })).toMatchObject({ ok: true });
        // The site lives on after its restore: a row and a file the backup does not hold.
        const db = openDatabase(site.database);
        try {
          const siteServices = createServices(db, site, {
            onContentChange: () => {},
            clock: () => NOW,
          });
          await siteServices.audit.record(null, "settings.update", { type: "settings" }, { n: -1 });
          const marker = path.join(work, "marker.png");
          writeFileSync(marker, await noisePng(8, 8));
          await siteServices.storage.putFile(newObjectKey("entries", "png"), marker, {
            contentType: "image/png",
          });
        } finally {
          await closeAndSettle(db);
        }
        const held = await holding();

        // A database the restore cannot read, and one whose rows differ from the manifest:
        // refused, the site as it was, nothing left aside.
        const unreadable = await repacked(archive, work, (manifest, unpacked) => {
          writeFileSync(path.join(unpacked, manifest.database.path), "not a database at all\n");
        });
        const miscounted = await repacked(archive, work, (manifest) => {
          manifest.database.tables.user = (manifest.database.tables.user ?? 0) + 1;
        });
        for (const [file, why] of [
          [unreadable, "the backup's database cannot be"],
          [miscounted, "differs from its manifest: user has"],
        ] as const) {
          const result = await restoreBackup({ config: site, archive: file, force: true });
          expect(result).toMatchObject({ ok: false });
          expect(!result.ok && result.reason).toContain(why);
          expect(await holding(), why).toEqual(held);
          expect(await leftovers(), why).toEqual([]);
        }

        // The whole backup: it replaces what was there, and the old is gone.
        const forced = await restoreBackup({ config: site, archive, force: true });
        expect(forced).toMatchObject({ ok: true });
        const now = await holding();
        expect(now.audit.length).toBe(forced.ok && forced.manifest.database.tables.audit_log);
        expect(now.audit).not.toEqual(held.audit);
        expect(now.files).toEqual(await fileHashes(source.config.dataDir));
        expect(await leftovers()).toEqual([]);
      } finally {
        await rm(site.dataDir, { recursive: true, force: true });
      }
    }, 120_000);

    it("a forced restore that fails part way puts back the data directory's own files", async () => {
      const archive = path.join(work, "partway-source.tar.gz");
      await createBackup({ config: source.config, out: archive, appVersion: "test" });
      // The backup brings outbox messages; this site's `outbox` is a file, so the first of
      // them cannot be placed, after the auth secret already has been.
      expect((await listFiles(path.join(source.config.dataDir, "outbox"))).length).toBeGreaterThan(
        0,
      );
      const site = await place(target, "vx-backup-partway-");
      const secret = path.join(site.dataDir, "auth-secret");
      await writeFile(secret, "the site's own secret\n");
      await writeFile(path.join(site.dataDir, "outbox"), "not a folder\n");
      try {
        await expect(restoreBackup({ config: site, archive, force: true })).rejects.toThrow();
        // The secret its judges' codes and signed links were made with is the site's again.
        expect(await readFile(secret, "utf8")).toBe("the site's own secret\n");
        expect(await readFile(path.join(site.dataDir, "outbox"), "utf8")).toBe("not a folder\n");
        const aside = (await listFiles(site.dataDir)).filter((f) => f.includes("before-restore"));
        expect(aside).toEqual([]);
      } finally {
        await rm(site.dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  });
});

describe("the default archive name", () => {
  it("is the UTC time to the millisecond, so two backups in one second keep both", () => {
    const first = defaultBackupPath("/srv/data", new Date("2026-12-03T09:42:43.120Z"));
    const second = defaultBackupPath("/srv/data", new Date("2026-12-03T09:42:43.870Z"));
    expect(first).toBe(path.join("/srv/data", "backups", "2026-12-03T09-42-43.120Z.tar.gz"));
    expect(second).not.toBe(first);
  });
});
