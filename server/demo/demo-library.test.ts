import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLibraryQuery } from "../../core/library";
import { loadConfig } from "../config";
import { migrateToLatest, type Db } from "../db/database";
import { createServices, type Services } from "../services";
import { closeAndSettle, testDatabases } from "../test-support/databases";
import { seedDemoAccounts } from "./demo-accounts";
import { seedDemoContent } from "./demo-content";
import { seedDemoData } from "./demo-data";
import { DEMO_PREVIOUS_COUNTS, seedDemoEntries } from "./demo-entries";
import { DEMO_LIBRARY_COUNTS, seedDemoLibrary } from "./demo-library";
import { demoPictureKey } from "./demo-entry-files";
import { writeDemoImage } from "./demo-entry-images";
import { DEMO_VIDEO_KEY } from "./demo-video";
import { seedDemoJudging } from "./judging";

/**
 * The demo library a fresh start loads: 2023 and 2024 entries with their outcomes and every
 * finished season's entries published on its ceremony day, each with pictures of its own title,
 * some with the playable film, winners with their prizes — the same entries and prizes as each
 * year's winners list — searchable without Vietnamese marks; loaded once.
 */

const sum = (counts: object) => Object.values(counts).reduce((a: number, b: number) => a + b, 0);

describe.each(testDatabases())("demo library on $name", (target) => {
  describe.skipIf(!target.available)("a fresh demo install", () => {
    let db: Db;
    let services: Services;
    let dataDir: string;
    const now = new Date("2026-11-20T03:00:00.000Z");

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "vx-demo-library-"));
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db, now);
      await seedDemoContent(db, now);
      const config = loadConfig({
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        PUBLIC_URL: "http://127.0.0.1:1",
      });
      services = createServices(db, config, { onContentChange: () => {} });
      await seedDemoAccounts(db, services, dataDir);
      const files = {
        storage: services.storage,
        // As a start stores them: the heavy variants are the image-variants job's, later.
        storeImage: (file: string) =>
          services.media.storeImage(file, { purpose: "entry", variantsLater: true }),
        picturesPerTitle: 1,
      };
      await seedDemoEntries(db, files, now);
      await seedDemoJudging(db, now);
      const started = performance.now();
      expect(await seedDemoLibrary(db, files, now)).toBe("loaded");
      // Printed, not asserted: a busy machine doubles it.
      console.log(`demo library on ${target.name}: ${(performance.now() - started).toFixed(0)} ms`);
    }, 60_000);

    afterAll(async () => {
      await closeAndSettle(db);
      await target.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("publishes every finished season's entries that took part, once", async () => {
      const rows = await db.kysely
        .selectFrom("library_entries")
        .select(["season_year", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("season_year")
        .execute();
      const perYear = Object.fromEntries(rows.map((r) => [Number(r.season_year), Number(r.n)]));
      const { rejected: _r, withdrawn: _w, ...took2025 } = DEMO_PREVIOUS_COUNTS;
      // The older seasons: their planned outcomes and a winner for each on the winners list.
      const listed = async (year: number) =>
        (await services.content.winners({ year, pageSize: 1000 }, "vi")).total;
      expect(await listed(2023)).toBeGreaterThan(20);
      expect(perYear).toEqual({
        2023: sum(DEMO_LIBRARY_COUNTS[2023]) + (await listed(2023)),
        2024: sum(DEMO_LIBRARY_COUNTS[2024]) + (await listed(2024)),
        2025: sum(took2025),
      });
      expect(sum(perYear)).toBeGreaterThanOrEqual(250);
      expect(await seedDemoLibrary(db, { storage: services.storage })).toBe("already present");
    });

    it("shows public pictures on every entry, drawn with the entry's own title", async () => {
      const images = await db.kysely
        .selectFrom("entry_files as f")
        .innerJoin("library_entries as l", "l.entry_id", "f.entry_id")
        .innerJoin("entries as e", "e.id", "f.entry_id")
        .select(["f.entry_id", "f.variants", "f.storage_key", "e.campaign_name"])
        .where("f.field", "=", "images")
        .orderBy("f.entry_id")
        .orderBy("f.sort_order")
        .execute();
      const perEntry = new Map<string, number>();
      for (const i of images) perEntry.set(i.entry_id, (perEntry.get(i.entry_id) ?? 0) + 1);
      const published = await db.kysely.selectFrom("library_entries").select("entry_id").execute();
      for (const { entry_id } of published) {
        expect(perEntry.get(entry_id) ?? 0).toBeGreaterThanOrEqual(1);
        // One picture per title in this test (`picturesPerTitle`), two on a start.
        expect(perEntry.get(entry_id)).toBeLessThanOrEqual(1);
      }
      // Every picture is one drawn for the entry's title, whichever season it is of.
      for (const image of images) {
        expect(image.storage_key, image.campaign_name).toBe(demoPictureKey(image.campaign_name, 0));
      }
      // The stored picture is that drawing: the same bytes as drawing the title again.
      const sample = [...new Map(images.map((i) => [i.campaign_name, i])).values()].filter(
        (_, i) => i % 7 === 0,
      );
      expect(sample.length).toBeGreaterThan(5);
      const dir = mkdtempSync(path.join(tmpdir(), "vx-demo-picture-"));
      try {
        for (const image of sample) {
          const file = path.join(dir, "again.jpg");
          await writeDemoImage(image.campaign_name, 0, file);
          const stored = await services.storage.get(image.storage_key);
          const chunks: Buffer[] = [];
          for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
          expect(Buffer.concat(chunks).equals(readFileSync(file)), image.campaign_name).toBe(true);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const mediaIds = [
        ...new Set(images.map((i) => (JSON.parse(i.variants) as { mediaId: number }).mediaId)),
      ];
      expect(mediaIds.length).toBe(new Set(images.map((i) => i.campaign_name)).size);
      for (const id of mediaIds.slice(0, 5)) {
        await services.media.completeVariants(id);
        const media = await services.media.get(id);
        expect(media?.visibility).toBe("public");
        expect(media?.srcset?.avif).toContain("480w");
      }
    });

    it("gives some entries the playable film, others a YouTube or Vimeo link", async () => {
      const videos = await db.kysely
        .selectFrom("entry_files as f")
        .innerJoin("library_entries as l", "l.entry_id", "f.entry_id")
        .select(["f.storage_key", "f.mime", "f.duration_seconds"])
        .where("f.field", "=", "video")
        .execute();
      expect(videos.length).toBeGreaterThan(20);
      expect(new Set(videos.map((v) => `${v.storage_key} ${v.mime}`))).toEqual(
        new Set([`${DEMO_VIDEO_KEY} video/mp4`]),
      );
      const film = await services.storage.get(DEMO_VIDEO_KEY, { start: 0, end: 39 });
      const chunks: Buffer[] = [];
      for await (const chunk of film!.body) chunks.push(chunk as Buffer);
      const head = Buffer.concat(chunks);
      expect(head.toString("latin1", 4, 8)).toBe("ftyp");
      expect(head.toString("latin1", 36, 40)).toBe("moov");
      const links = await db.kysely
        .selectFrom("entries as e")
        .innerJoin("library_entries as l", "l.entry_id", "e.id")
        .select("e.video_link")
        .where("e.video_link", "!=", "")
        .execute();
      expect(links.some((l) => l.video_link.includes("youtube.com"))).toBe(true);
      expect(links.some((l) => l.video_link.includes("vimeo.com"))).toBe(true);
    });

    it("lists them with prizes, and finds them without Vietnamese marks", async () => {
      const all = await services.library.list(parseLibraryQuery({}), "vi");
      expect(all.total).toBe(all.published);
      expect(all.facets.years).toEqual(expect.arrayContaining([2023, 2024, 2025]));
      const prized = await db.kysely
        .selectFrom("library_entries")
        .select(["season_year", "prize"])
        .where("prize", "is not", null)
        .execute();
      for (const year of [2023, 2024, 2025]) {
        expect(prized.filter((p) => Number(p.season_year) === year).length).toBeGreaterThan(3);
      }
      for (const [q, word] of [
        ["quang cao", "quảng cáo"],
        ["dong", "đông"],
        ["giam khao", "giám khảo"],
      ] as const) {
        const found = await services.library.list(parseLibraryQuery({ q }), "vi");
        expect(found.total, q).toBeGreaterThan(0);
        expect(
          found.items.some((i) => `${i.title} ${i.brand}`.toLowerCase().includes(word)),
          q,
        ).toBe(true);
      }
    });

    it("gives the library's prize badges to the entries on each year's winners list, with their prizes", async () => {
      for (const year of [2023, 2024, 2025]) {
        const list = await services.content.winners({ year, pageSize: 1000 }, "vi");
        expect(list.year).toBe(year);
        const listed = list.items.map((w) => `${w.title} | ${w.brand} | ${w.prize}`).sort();
        // Every winner on the list links to its entry in the library.
        for (const w of list.items) expect(w.entryId, w.title).not.toBeNull();

        const badges: string[] = [];
        for (let page = 1; ; page++) {
          const result = await services.library.list(
            parseLibraryQuery({ year: String(year), page: String(page) }),
            "vi",
          );
          for (const item of result.items) {
            if (item.prize) badges.push(`${item.title} | ${item.brand} | ${item.prize}`);
          }
          if (page >= result.pageCount) break;
        }
        expect(listed.length, `winners of ${year}`).toBeGreaterThan(3);
        expect(badges.sort(), `prizes of ${year}`).toEqual(listed);
      }
    });

    it("publishes each season's entries on its ceremony day, never at the install's time", async () => {
      const seasons = await db.kysely
        .selectFrom("seasons")
        .select(["year", "ceremony_at"])
        .where("year", "in", [2023, 2024, 2025])
        .execute();
      const rows = await db.kysely
        .selectFrom("library_entries")
        .select(["season_year", "published_at"])
        .execute();
      expect(rows.length).toBeGreaterThan(250);
      for (const row of rows) {
        const ceremony = seasons.find((s) => Number(s.year) === Number(row.season_year))!;
        const at = Date.parse(row.published_at);
        const day = Date.parse(ceremony.ceremony_at!);
        expect(at, `${row.season_year}: ${row.published_at}`).toBeGreaterThanOrEqual(day);
        expect(at, `${row.season_year}: ${row.published_at}`).toBeLessThan(day + 86_400_000);
        expect(at).toBeLessThan(now.getTime());
      }
      // An entry's page says so.
      const entry = await db.kysely
        .selectFrom("library_entries")
        .select("entry_id")
        .where("season_year", "=", 2024)
        .orderBy("sort_key")
        .executeTakeFirstOrThrow();
      const page = await services.library.entry(entry.entry_id, "vi");
      expect(page?.publishedAt.slice(0, 10)).toBe("2024-12-20");
    });
  });
});
