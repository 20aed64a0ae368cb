import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationsFor } from "./migrations/index";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../test-support/databases";
import { migrateToLatest, openDatabase, pingDatabase, type Db } from "./database";
import { DEMO_SETTINGS, seedDemoData } from "../demo/demo-data";

const TABLES = [
  "categories",
  "category_groups",
  "seasons",
  "site_settings",
  "tracks",
  "user",
  "session",
  "account",
  "verification",
  "registrants",
  "files",
  "rate_limits",
];
const TRACKS = ["van-xuan", "van-xuan-classic", "van-xuan-stars"];

async function tableNames(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables();
  return tables.map((t) => t.name).filter((name) => !name.startsWith("kysely_"));
}

async function countRows(db: Db) {
  const count = async (
    table: "seasons" | "tracks" | "category_groups" | "categories" | "site_settings",
  ) => {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    seasons: await count("seasons"),
    tracks: await count("tracks"),
    groups: await count("category_groups"),
    categories: await count("categories"),
    settings: await count("site_settings"),
  };
}

describe("a new SQLite database file", () => {
  it("is readable and writable by the server's user only, its write-ahead log too", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vx-db-mode-"));
    try {
      const file = path.join(dir, "app.db");
      const db = openDatabase({ kind: "sqlite", file });
      try {
        await migrateToLatest(db);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())("database on $name", (target) => {
  describe.skipIf(!target.available)("schema and demo data", () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open();
    });
    afterAll(() => target.cleanup());

    it("migrates an empty database to the latest schema, and a second run applies nothing", async () => {
      expect(await tableNames(db)).toEqual([]);
      const first = await migrateToLatest(db);
      expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(
        Object.keys(migrationsFor(db.kind)).map((name) => [name, "Success"]),
      );
      expect(await tableNames(db)).toEqual(expect.arrayContaining(TABLES));

      const second = await migrateToLatest(db);
      expect(second.results).toEqual([]);
      expect(await tableNames(db)).toEqual(expect.arrayContaining(TABLES));
      await expect(pingDatabase(db)).resolves.toBeUndefined();
    });

    it("loads seasons 2023–2026, each with the three tracks and a category tree", async () => {
      expect(await seedDemoData(db, new Date("2026-09-01T00:00:00Z"))).toBe("loaded");

      const seasons = await db.kysely
        .selectFrom("seasons")
        .select(["id", "year", "code"])
        .orderBy("year")
        .execute();
      expect(seasons.map((s) => [s.year, s.code])).toEqual([
        [2023, "VX23"],
        [2024, "VX24"],
        [2025, "VX25"],
        [2026, "VX26"],
      ]);
      for (const season of seasons) {
        const tracks = await db.kysely
          .selectFrom("tracks")
          .select(["id", "slug"])
          .where("season_id", "=", season.id)
          .orderBy("sort_order")
          .execute();
        expect(tracks.map((t) => t.slug)).toEqual(TRACKS);
        for (const track of tracks) {
          const groups = await db.kysely
            .selectFrom("category_groups as g")
            .innerJoin("categories as c", "c.group_id", "g.id")
            .select(["g.slug as group", "c.slug as category"])
            .where("g.track_id", "=", track.id)
            .execute();
          expect(groups.length, `${season.year} ${track.slug} has categories`).toBeGreaterThan(0);
        }
      }
      const television = await db.kysely
        .selectFrom("category_groups")
        .select(["name_vi", "name_en"])
        .where("slug", "=", "television")
        .executeTakeFirstOrThrow();
      expect(television).toEqual({ name_vi: "Truyền hình", name_en: "Television" });
    });

    it("stores the demo settings as JSON per key", async () => {
      const row = await db.kysely
        .selectFrom("site_settings")
        .select("value")
        .where("key", "=", "contactEmail")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.value)).toBe(DEMO_SETTINGS.contactEmail);
      const year = await db.kysely
        .selectFrom("site_settings")
        .select("value")
        .where("key", "=", "currentSeasonYear")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(year.value)).toBe(2026);
    });

    it("keeps 2026 open for submission after install", async () => {
      const season = await db.kysely
        .selectFrom("seasons")
        .select(["submission_opens_at", "submission_closes_at"])
        .where("year", "=", 2026)
        .executeTakeFirstOrThrow();
      const now = Date.parse("2026-09-01T00:00:00Z");
      expect(Date.parse(season.submission_opens_at!)).toBeLessThanOrEqual(now);
      expect(Date.parse(season.submission_closes_at!)).toBeGreaterThan(now);
    });

    it("does nothing when loaded a second time", async () => {
      const before = await countRows(db);
      expect(before.seasons).toBe(4);
      expect(before.tracks).toBe(12);
      expect(await seedDemoData(db)).toBe("already present");
      expect(await countRows(db)).toEqual(before);
    });

    it("refuses a second season with the same year", async () => {
      const stamp = new Date().toISOString();
      const duplicate = db.kysely
        .insertInto("seasons")
        .values({
          year: 2026,
          code: "VX26-bis",
          name_vi: "Trùng năm",
          name_en: "Same year",
          registration_opens_at: null,
          registration_closes_at: null,
          submission_opens_at: null,
          submission_closes_at: null,
          early_bird_deadline: null,
          late_deadline: null,
          ceremony_at: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await expect(duplicate).rejects.toThrow(/unique/i);
      expect((await countRows(db)).seasons).toBe(4);
    });

    it("refuses a second track with the same slug in a season, and a negative fee", async () => {
      const season = await db.kysely
        .selectFrom("seasons")
        .select("id")
        .where("year", "=", 2026)
        .executeTakeFirstOrThrow();
      await expect(
        db.kysely
          .insertInto("tracks")
          .values({
            season_id: season.id,
            slug: "van-xuan",
            code: "VX2",
            name_vi: "Trùng",
            name_en: "Duplicate",
            tagline_vi: "",
            tagline_en: "",
            sort_order: 9,
          })
          .execute(),
      ).rejects.toThrow(/unique/i);

      const group = await db.kysely
        .selectFrom("category_groups")
        .select("id")
        .limit(1)
        .executeTakeFirstOrThrow();
      await expect(
        db.kysely
          .insertInto("categories")
          .values({
            group_id: group.id,
            slug: "negative",
            code: "NEG",
            name_vi: "Âm",
            name_en: "Negative",
            description_vi: "",
            description_en: "",
            fee_vnd: -1,
            video_required: 0,
            allow_individual: 1,
            allow_enterprise: 1,
            sort_order: 0,
          })
          .execute(),
      ).rejects.toThrow(/check/i);
    });

    it("deletes a season's tracks, groups and categories with it", async () => {
      const before = await countRows(db);
      await db.kysely.deleteFrom("seasons").where("year", "=", 2023).execute();
      const after = await countRows(db);
      expect(after.seasons).toBe(before.seasons - 1);
      expect(after.tracks).toBe(before.tracks - 3);
      expect(after.groups).toBeLessThan(before.groups);
      expect(after.categories).toBeLessThan(before.categories);
      const orphans = await sql<{ n: number }>`
        select count(*) as n from categories c
        where not exists (select 1 from category_groups g where g.id = c.group_id)`.execute(
        db.kysely,
      );
      expect(Number(orphans.rows[0]?.n)).toBe(0);
    });
  });
});
