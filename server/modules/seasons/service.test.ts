import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TRACK_SLUGS } from "../../../core/paths";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";

const config = testConfig();

/** A fixed instant inside the demo 2026 submission window (opens 01/08/2026 in Vietnam). */
const NOW = new Date("2026-09-01T03:00:00.000Z");

describe.each(testDatabases())("seasons on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    let db: Db;
    let services: Services;
    let now: Date;
    let changes: number;

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
    });
    beforeEach(() => {
      now = NOW;
      changes = 0;
      // A fresh set of services per test: no settings cache carried between tests.
      services = createServices(db, config, { onContentChange: () => changes++, clock: () => now });
    });
    afterAll(() => target.cleanup());

    describe("current()", () => {
      it("is the season the settings name, with its submission state now", async () => {
        const current = await services.seasons.current();
        expect(current).toMatchObject({
          year: 2026,
          code: "VX26",
          name: {
            vi: "Giải thưởng Sáng tạo Quảng cáo Vạn Xuân 2026",
            en: "Van Xuan Creative Advertising Awards 2026",
          },
          submission: { state: "open" },
        });
      });

      it("follows the currentSeasonYear setting", async () => {
        await services.settings.update({ currentSeasonYear: 2025 });
        try {
          const current = await services.seasons.current();
          expect(current?.year).toBe(2025);
          expect(current?.submission).toEqual({
            state: "closed",
            closedAt: current?.submissionClosesAt,
          });
        } finally {
          await services.settings.update({ currentSeasonYear: 2026 });
        }
      });

      it("is null when the configured season does not exist", async () => {
        await services.settings.update({ currentSeasonYear: 2030 });
        try {
          expect(await services.seasons.current()).toBeNull();
        } finally {
          await services.settings.update({ currentSeasonYear: 2026 });
        }
      });
    });

    describe("keyDates()", () => {
      it("lists the season's dates that are set, in time order, with the clock's reading", async () => {
        expect(await services.seasons.keyDates(2026)).toEqual({
          dates: [
            { kind: "registrationOpens", at: "2026-07-14T17:00:00.000Z" },
            { kind: "submissionOpens", at: "2026-07-31T17:00:00.000Z" },
            { kind: "earlyBird", at: "2026-09-15T16:59:59.000Z" },
            // Registration closes with submission in the demo season: listed first.
            { kind: "registrationCloses", at: "2026-12-31T16:59:59.000Z" },
            { kind: "submissionCloses", at: "2026-12-31T16:59:59.000Z" },
            // No late deadline in the demo season: it is left out.
            { kind: "ceremony", at: "2027-01-16T12:00:00.000Z" },
          ],
          now: NOW.toISOString(),
        });
      });

      it("follows a moved submission window and is empty for an unknown season", async () => {
        await services.seasons.setSubmissionWindow(2026, {
          opensAt: "2026-08-10T00:00:00.000Z",
          closesAt: "2026-11-30T16:59:59.999Z",
        });
        const { dates } = await services.seasons.keyDates(2026);
        expect(dates.find((d) => d.kind === "submissionCloses")?.at).toBe(
          "2026-11-30T16:59:59.999Z",
        );
        expect(await services.seasons.keyDates(1999)).toEqual({
          dates: [],
          now: NOW.toISOString(),
        });
        // Put the demo window back for the tests that follow.
        await services.seasons.setSubmissionWindow(2026, {
          opensAt: "2026-07-31T17:00:00.000Z",
          closesAt: "2026-12-31T16:59:59.000Z",
        });
      });
    });

    describe("setSubmissionWindow()", () => {
      let original: { opensAt: string | null; closesAt: string | null };
      beforeAll(async () => {
        const season = await db.kysely
          .selectFrom("seasons")
          .select(["submission_opens_at", "submission_closes_at"])
          .where("year", "=", 2026)
          .executeTakeFirstOrThrow();
        original = { opensAt: season.submission_opens_at, closesAt: season.submission_closes_at };
      });
      afterAll(async () => {
        await db.kysely
          .updateTable("seasons")
          .set({ submission_opens_at: original.opensAt, submission_closes_at: original.closesAt })
          .where("year", "=", 2026)
          .execute();
      });

      it("moves the window, and the submission state follows", async () => {
        await services.seasons.setSubmissionWindow(2026, {
          opensAt: "2026-08-01T00:00:00.000Z",
          closesAt: "2026-08-31T17:00:00.000Z",
        });
        expect((await services.seasons.current())?.submission).toEqual({
          state: "closed",
          closedAt: "2026-08-31T17:00:00.000Z",
        });
        expect(changes).toBe(1);

        await services.seasons.setSubmissionWindow(2026, {
          opensAt: "2026-10-01T00:00:00.000Z",
          closesAt: "2026-12-01T00:00:00.000Z",
        });
        expect((await services.seasons.current())?.submission).toEqual({
          state: "not_yet_open",
          opensAt: "2026-10-01T00:00:00.000Z",
        });

        now = new Date("2026-10-01T00:00:00.000Z");
        expect((await services.seasons.current())?.submission).toEqual({
          state: "open",
          closesAt: "2026-12-01T00:00:00.000Z",
          late: false,
        });
        now = new Date("2026-12-01T00:00:00.000Z");
        expect((await services.seasons.current())?.submission.state).toBe("closed");
      });

      it("can unschedule the window", async () => {
        await services.seasons.setSubmissionWindow(2026, { opensAt: null, closesAt: null });
        expect((await services.seasons.byYear(2026))?.submissionOpensAt).toBeNull();
        expect((await services.seasons.current())?.submission).toEqual({ state: "unscheduled" });
      });

      it("rejects a window that closes before or when it opens, changing nothing", async () => {
        await services.seasons.setSubmissionWindow(2026, {
          opensAt: "2026-08-01T00:00:00.000Z",
          closesAt: "2026-12-01T00:00:00.000Z",
        });
        changes = 0;
        await expect(
          services.seasons.setSubmissionWindow(2026, {
            opensAt: "2026-12-01T00:00:00.000Z",
            closesAt: "2026-12-01T00:00:00.000Z",
          }),
        ).rejects.toThrow(RangeError);
        await expect(
          services.seasons.setSubmissionWindow(2026, {
            opensAt: "2026-12-02T00:00:00.000Z",
            closesAt: "2026-12-01T00:00:00.000Z",
          }),
        ).rejects.toThrow(RangeError);
        expect(await services.seasons.byYear(2026)).toMatchObject({
          submissionOpensAt: "2026-08-01T00:00:00.000Z",
          submissionClosesAt: "2026-12-01T00:00:00.000Z",
        });
        expect(changes).toBe(0);
      });

      // An unreadable date stored would make every page fail when the header formats it.
      it("rejects a date it cannot read, changing nothing", async () => {
        const before = await services.seasons.byYear(2026);
        await expect(
          services.seasons.setSubmissionWindow(2026, {
            opensAt: "2026-08-01T00:00:00.000Z",
            closesAt: "soon",
          }),
        ).rejects.toThrow(RangeError);
        expect(await services.seasons.byYear(2026)).toEqual(before);
      });

      it("rejects an unknown year", async () => {
        await expect(
          services.seasons.setSubmissionWindow(1999, {
            opensAt: "1999-08-01T00:00:00.000Z",
            closesAt: "1999-10-01T00:00:00.000Z",
          }),
        ).rejects.toThrow(/1999/);
        expect(await services.seasons.byYear(1999)).toBeNull();
        expect(changes).toBe(0);
      });
    });

    describe("categoryTree()", () => {
      it("lists the three tracks in order with their groups and categories", async () => {
        const tree = await services.seasons.categoryTree(2026);
        expect(tree.map((t) => t.slug)).toEqual([...TRACK_SLUGS]);
        const [vanXuan, classic, stars] = tree;
        expect(vanXuan?.name).toEqual({ vi: "Giải Vạn Xuân", en: "Van Xuan Award" });
        expect(vanXuan?.groups.map((g) => g.slug)).toEqual([
          "television",
          "online",
          "outdoor",
          "communication",
          "event-activations",
          "creative-concepts",
          "grand-prix",
        ]);
        expect(vanXuan?.groups[0]).toMatchObject({
          name: { vi: "Truyền hình", en: "Television" },
          categories: [
            { slug: "campaigns", code: "TVC" },
            { slug: "creative-works", code: "TVW" },
          ],
        });
        expect(classic?.groups.flatMap((g) => g.categories.map((c) => c.slug))).toEqual([
          "agencies",
          "brands",
        ]);
        expect(stars?.groups.flatMap((g) => g.categories.map((c) => c.slug))).toEqual([
          "talents",
          "ambassadors",
        ]);
      });

      it("types fees as numbers and flags as booleans", async () => {
        const tree = await services.seasons.categoryTree(2026);
        const categories = tree.flatMap((t) => t.groups.flatMap((g) => g.categories));
        expect(categories.length).toBeGreaterThan(10);
        for (const category of categories) {
          expect(typeof category.feeVnd).toBe("number");
          expect(Number.isInteger(category.feeVnd)).toBe(true);
          expect(typeof category.videoRequired).toBe("boolean");
          expect(typeof category.allowIndividual).toBe("boolean");
          expect(typeof category.allowEnterprise).toBe("boolean");
        }
        const byCode = new Map(categories.map((c) => [c.code, c]));
        expect(byCode.get("TVC")).toMatchObject({
          feeVnd: 3_000_000,
          videoRequired: true,
          allowIndividual: false,
          allowEnterprise: true,
        });
        expect(byCode.get("OLW")).toMatchObject({
          feeVnd: 2_000_000,
          videoRequired: false,
          allowIndividual: true,
        });
        expect(byCode.get("TAL")).toMatchObject({
          feeVnd: 500_000,
          allowIndividual: true,
          allowEnterprise: false,
        });
      });

      it("is the same tree for every demo season and empty for an unknown year", async () => {
        const tree2026 = await services.seasons.categoryTree(2026);
        expect(await services.seasons.categoryTree(2023)).toEqual(tree2026);
        expect(await services.seasons.categoryTree(1999)).toEqual([]);
      });
    });
  });
});
