import { describe, expect, it } from "vitest";
import { nextSeasonSchema } from "../../../core/season-admin";
import { testDatabases } from "../../test-support/databases";
import type { AdminTrack } from "./admin";
import { ADMIN, seasonsAdminFixture } from "./admin-test-setup";

const next = (over: Record<string, unknown> = {}) =>
  nextSeasonSchema.parse({
    fromYear: "2026",
    year: "2027",
    code: "VX27",
    nameVi: "Giải thưởng Sáng tạo Quảng cáo Vạn Xuân 2027",
    nameEn: "Van Xuan Creative Advertising Awards 2027",
    ...over,
  });

/** A tree without ids and entry counts, to compare two seasons' trees. */
const shape = (tree: AdminTrack[]) =>
  tree.map(({ id: _t, entryCount: _tn, ...track }) => ({
    ...track,
    groups: track.groups.map(({ id: _g, entryCount: _gn, ...group }) => ({
      ...group,
      categories: group.categories.map(({ id: _c, entryCount: _n, ...category }) => category),
    })),
  }));

describe.each(testDatabases())("the next season on $name", (target) => {
  describe.skipIf(!target.available)("create from previous", () => {
    const f = seasonsAdminFixture(target);

    it("copies the tree with fees and rules, and shifts every date one year", async () => {
      const { seasonsAdmin } = f.services;
      // A late price and a late deadline to see them copied and shifted too.
      const tree = await seasonsAdmin.tree(2026);
      const first = tree[0]!.groups[0]!.categories[0]!;
      await f.db.kysely
        .updateTable("categories")
        .set({ late_fee_vnd: 3_900_000, early_bird_fee_vnd: 2_500_000 })
        .where("id", "=", first.id)
        .execute();
      await f.db.kysely
        .updateTable("seasons")
        .set({ late_deadline: "2027-01-15T16:59:59.000Z" })
        .where("year", "=", 2026)
        .execute();

      const created = await seasonsAdmin.createFromPrevious(next(), ADMIN);
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      const before = (await seasonsAdmin.get(2026))!;
      expect(created.season).toMatchObject({
        year: 2027,
        code: "VX27",
        nameVi: "Giải thưởng Sáng tạo Quảng cáo Vạn Xuân 2027",
        registrationOpensAt: before.registrationOpensAt!.replace(/^2026/, "2027"),
        submissionOpensAt: before.submissionOpensAt!.replace(/^2026/, "2027"),
        earlyBirdDeadline: before.earlyBirdDeadline!.replace(/^2026/, "2027"),
        lateDeadline: "2028-01-15T16:59:59.000Z",
        ceremonyAt: before.ceremonyAt!.replace(/^2027/, "2028"),
      });

      const copy = await seasonsAdmin.tree(2027);
      expect(shape(copy)).toEqual(shape(await seasonsAdmin.tree(2026)));
      expect(copy[0]!.groups[0]!.categories[0]).toMatchObject({
        feeVnd: first.feeVnd,
        earlyBirdFeeVnd: 2_500_000,
        lateFeeVnd: 3_900_000,
        entryCount: 0,
      });
      const counts = {
        tracks: copy.length,
        groups: copy.flatMap((t) => t.groups).length,
        categories: copy.flatMap((t) => t.groups.flatMap((g) => g.categories)).length,
      };
      expect(created.copied).toEqual(counts);
      expect(counts.categories).toBeGreaterThan(3);
      // New rows, not the old ones moved: 2026 keeps its tree.
      expect(copy[0]!.id).not.toBe(tree[0]!.id);
      expect((await seasonsAdmin.tree(2026)).length).toBe(copy.length);
      expect(f.changes).toBe(1);

      // The criteria PDFs stay with their season.
      const criteria = await f.db.kysely
        .selectFrom("documents")
        .innerJoin("seasons", "seasons.id", "documents.season_id")
        .select("documents.id")
        .where("seasons.year", "=", 2027)
        .execute();
      expect(criteria).toEqual([]);

      const log = await f.services.audit.list({ search: "season.create" });
      expect(log.items[0]).toMatchObject({
        actorEmail: ADMIN.email,
        targetType: "season",
        targetId: "2027",
      });
      // Not current until an admin says so.
      expect((await f.services.seasons.current())?.year).toBe(2026);
    });

    it("refuses a year or a code already taken, and a season that does not exist", async () => {
      const { seasonsAdmin } = f.services;
      expect(await seasonsAdmin.createFromPrevious(next({ year: "2025", code: "VX99" }))).toEqual({
        ok: false,
        status: 409,
        fieldErrors: { year: "adminPlatform.seasons.yearTaken" },
      });
      expect(await seasonsAdmin.createFromPrevious(next({ year: "2031", code: "VX25" }))).toEqual({
        ok: false,
        status: 409,
        fieldErrors: { code: "adminPlatform.seasons.codeTaken" },
      });
      expect(
        await seasonsAdmin.createFromPrevious(next({ fromYear: "2001", year: "2032", code: "X" })),
      ).toMatchObject({ ok: false, status: 404 });
      expect((await seasonsAdmin.list()).map((s) => s.year)).not.toContain(2031);
    });

    it("turns a leap day into 28/02 of the next year", async () => {
      const { seasonsAdmin } = f.services;
      await f.db.kysely
        .updateTable("seasons")
        .set({ ceremony_at: "2028-02-29T12:00:00.000Z" }) // 29/02/2028 19:00 in Vietnam
        .where("year", "=", 2027)
        .execute();
      const created = await seasonsAdmin.createFromPrevious(
        next({ fromYear: "2027", year: "2028", code: "VX28" }),
      );
      expect(created.ok && created.season.ceremonyAt).toBe("2029-02-28T12:00:00.000Z");
    });
  });
});
