import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WINNER_PRIZES } from "../../core/content-admin";
import { DEFAULT_CRITERIA, weightedTotal } from "../../core/judging-criteria";
import { loadConfig } from "../config";
import { migrateToLatest, type Db } from "../db/database";
import { assignedEntries, loadRound } from "../modules/judging/queries";
import { createServices, type Services } from "../services";
import { closeAndSettle, testDatabases } from "../test-support/databases";
import { seedDemoContent } from "./demo-content";
import { seedDemoData } from "./demo-data";
import { seedDemoEntries } from "./demo-entries";
import { DEMO_JUDGES, DEMO_JUDGING_YEAR, seedDemoJudging } from "./judging";

/**
 * The judged demo season a fresh start loads: two locked rounds, a score from every assigned
 * judge on every entry (but the declared conflict), an intact score log that matches the
 * scores, rankings that agree with the entries' outcomes, the winners published with their
 * entries, a second run that changes nothing, and the time it takes.
 */

describe.each(testDatabases())("demo judging on $name", (target) => {
  describe.skipIf(!target.available)("a fresh demo install", () => {
    let db: Db;
    let services: Services;
    let dataDir: string;
    let seasonId: number;
    const now = new Date("2026-11-20T03:00:00.000Z");

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "vx-demo-judging-"));
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
      await seedDemoEntries(
        db,
        {
          storage: services.storage,
          // As a start stores them: the heavy variants are the image-variants job's, later.
          storeImage: (file) =>
            services.media.storeImage(file, { purpose: "entry", variantsLater: true }),
          picturesPerTitle: 1,
        },
        now,
      );
      seasonId = Number(
        (
          await db.kysely
            .selectFrom("seasons")
            .select("id")
            .where("year", "=", DEMO_JUDGING_YEAR)
            .executeTakeFirstOrThrow()
        ).id,
      );
      const started = performance.now();
      const result = await seedDemoJudging(db, now);
      // Printed, not asserted (about half a second on PostgreSQL: three round trips per log
      // record); a busy machine doubles it.
      console.log(`demo judging on ${target.name}: ${(performance.now() - started).toFixed(0)} ms`);
      expect(result).toBe("loaded");
    }, 60_000);

    afterAll(async () => {
      await closeAndSettle(db);
      await target.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const rounds = () =>
      db.kysely
        .selectFrom("judging_rounds")
        .selectAll()
        .where("season_id", "=", seasonId)
        .orderBy("position")
        .execute();

    it("loads two locked rounds with the award's criteria", async () => {
      const rows = await rounds();
      expect(rows.map((r) => [Number(r.position), r.name_en, r.state, r.method])).toEqual([
        [1, "Online preliminary round", "locked", "mean"],
        [2, "Final round", "locked", "trimmedMean"],
      ]);
      expect(rows.map((r) => r.name_vi)).toEqual(["Vòng sơ khảo trực tuyến", "Vòng chung khảo"]);
      for (const r of rows) expect(JSON.parse(r.criteria)).toEqual(DEFAULT_CRITERIA);
    });

    it("adds the judges without codes, linked to the year's jury profiles", async () => {
      const judges = await db.kysely
        .selectFrom("judges as j")
        .leftJoin("jury_members as m", "m.id", "j.jury_member_id")
        .select(["j.name", "j.email", "j.lang", "j.code_hash", "m.year", "m.name as member"])
        .where("j.season_id", "=", seasonId)
        .execute();
      expect(judges).toHaveLength(DEMO_JUDGES.length);
      expect(new Set(judges.map((j) => j.lang))).toEqual(new Set(["vi", "en"]));
      for (const j of judges) {
        expect(j.code_hash).toBeNull();
        expect(j.email).toMatch(/^[a-z]+\.[a-z]+@vanxuan-demo\.vn$/);
        expect(j.member).toBe(j.name);
        expect(Number(j.year)).toBe(DEMO_JUDGING_YEAR);
      }
    });

    it("has a score from every assigned judge on every entry, but the declared conflict", async () => {
      const judges = await db.kysely
        .selectFrom("judges")
        .select("id")
        .where("season_id", "=", seasonId)
        .execute();
      const conflicts = await db.kysely.selectFrom("judge_conflicts").selectAll().execute();
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]!.note.length).toBeGreaterThan(10);
      let assigned = 0;
      for (const row of await rounds()) {
        const round = (await loadRound(db.kysely, Number(row.id)))!;
        const perJudge = new Set<number>();
        for (const judge of judges) {
          const entries = await assignedEntries(db.kysely, round, judge.id);
          perJudge.add(entries.length);
          for (const entry of entries) {
            assigned++;
            if (entry.conflict) {
              expect(entry.score, `${entry.code}: conflict`).toBeNull();
              continue;
            }
            expect(entry.score, entry.code).not.toBeNull();
            const { scores, total, version } = entry.score!;
            expect(version).toBe(1);
            expect(total).toBe(weightedTotal(DEFAULT_CRITERIA, scores));
            for (const c of DEFAULT_CRITERIA) {
              expect(Number.isInteger(scores[c.key])).toBe(true);
              expect(scores[c.key]).toBeGreaterThanOrEqual(1);
              expect(scores[c.key]).toBeLessThanOrEqual(10);
            }
          }
        }
        // Every judge sees the round's whole field.
        expect(perJudge.size).toBe(1);
      }
      const scores = await db.kysely
        .selectFrom("scores")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      // Each judge of the conflict sees the entry in both rounds, without a score.
      expect(Number(scores.n)).toBe(assigned - 2);
      expect(Number(scores.n)).toBeGreaterThan(200);
      const commented = await db.kysely
        .selectFrom("scores")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("comment", "!=", "")
        .executeTakeFirstOrThrow();
      expect(Number(commented.n)).toBeGreaterThan(0);
      expect(Number(commented.n)).toBeLessThan(Number(scores.n));
    });

    it("keeps every score in an intact log chain that matches the scores", async () => {
      const report = await services.judging.verify();
      const scores = await db.kysely
        .selectFrom("scores")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(report.breaks).toEqual([]);
      expect(report.mismatches).toEqual([]);
      expect(report.intact).toBe(true);
      expect(report.records).toBe(Number(scores.n));
      const log = await db.kysely
        .selectFrom("score_log")
        .select(["action", "created_at"])
        .orderBy("seq")
        .execute();
      expect(new Set(log.map((r) => r.action))).toEqual(new Set(["score"]));
      // Written in the order the scores were given.
      const times = log.map((r) => r.created_at);
      expect(times).toEqual([...times].sort());
    });

    it("ranks the entries as their outcomes say", async () => {
      const [first, final] = await rounds();
      const statuses = new Map(
        (
          await db.kysely
            .selectFrom("entries")
            .select(["id", "status"])
            .where("season_id", "=", seasonId)
            .execute()
        ).map((e) => [e.id, e.status]),
      );
      // The preliminary round: every advanced entry above every entry that stopped there.
      const preliminary = (await services.judging.results(Number(first!.id)))!;
      const rows = preliminary.categories.flatMap((c) => c.rows);
      const advanced = rows.filter((r) => r.advanced);
      const stopped = rows.filter((r) => !r.advanced);
      expect(advanced.length).toBeGreaterThanOrEqual(15);
      for (const r of advanced) expect(["winner", "finalist"]).toContain(statuses.get(r.entryId));
      for (const r of stopped) expect(statuses.get(r.entryId)).toBe("not_awarded");
      expect(Math.min(...advanced.map((r) => r.mean!))).toBeGreaterThan(
        Math.max(...stopped.map((r) => r.mean!)),
      );
      // The final round: in each category, the prized entries first, in the order of prizes.
      const finalResults = (await services.judging.results(Number(final!.id)))!;
      expect(finalResults.method).toBe("trimmedMean");
      let prized = 0;
      for (const category of finalResults.categories) {
        const ranks = category.rows.map((r) =>
          r.prize === null ? WINNER_PRIZES.length : WINNER_PRIZES.indexOf(r.prize as never),
        );
        expect(ranks, category.category?.en).toEqual([...ranks].sort((a, b) => a - b));
        for (const r of category.rows) {
          expect(r.rank).toBeDefined();
          expect(r.prize !== null).toBe(statuses.get(r.entryId) === "winner");
          if (r.prize !== null) prized++;
        }
      }
      expect(prized).toBeGreaterThanOrEqual(6);
    });

    it("publishes the prizes as the year's winners, with their entries", async () => {
      const prizes = await db.kysely
        .selectFrom("prizes")
        .selectAll()
        .where("season_id", "=", seasonId)
        .execute();
      expect(prizes.map((p) => p.prize)).toContain("grand_prix");
      for (const p of prizes) expect(p.published_at).not.toBeNull();
      // The entries already had the results the prizes give: publishing moved none of them.
      const movedByPublishing = await db.kysely
        .selectFrom("entry_status_history as h")
        .innerJoin("entries as e", "e.id", "h.entry_id")
        .select("h.id")
        .where("e.season_id", "=", seasonId)
        .where("h.actor_role", "=", "jury_manager")
        .where("h.actor_name", "=", "")
        .execute();
      expect(movedByPublishing).toEqual([]);
      const winners = await db.kysely
        .selectFrom("winners")
        .selectAll()
        .where("year", "=", DEMO_JUDGING_YEAR)
        .orderBy("sort_order")
        .execute();
      expect(winners).toHaveLength(prizes.length);
      expect(winners[0]!.prize).toBe("grand_prix");
      for (const w of winners) {
        expect(w.entry_id).not.toBeNull();
        expect(w.title).not.toBe("");
        // Named through its category (with its group), not by a label of its own.
        expect(w.category_id).not.toBeNull();
        expect(w.category_label_vi).toBe("");
        expect(prizes.find((p) => p.entry_id === w.entry_id)?.prize).toBe(w.prize);
      }
      // The earlier years' winners are left as they were.
      const older = await db.kysely
        .selectFrom("winners")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("year", "<", DEMO_JUDGING_YEAR)
        .where("entry_id", "is not", null)
        .executeTakeFirstOrThrow();
      expect(Number(older.n)).toBe(0);
    });

    it("changes nothing when seeded again", async () => {
      const counts = async () =>
        Promise.all(
          (["judges", "judging_rounds", "scores", "score_log", "prizes", "winners"] as const).map(
            async (table) =>
              Number(
                (
                  await db.kysely
                    .selectFrom(table)
                    .select((eb) => eb.fn.countAll<number>().as("n"))
                    .executeTakeFirstOrThrow()
                ).n,
              ),
          ),
        );
      const before = await counts();
      expect(await seedDemoJudging(db, now)).toBe("already present");
      expect(await counts()).toEqual(before);
    });
  });
});
