import { describe, expect, it } from "vitest";
import { correctSeasonSchema, nextSeasonSchema } from "../../../core/season-admin";
import { testDatabases } from "../../test-support/databases";
import { insertBareDraft } from "../../test-support/seasons";
import { individual } from "../entries/testbed";
import { ADMIN, NOW, seasonsAdminFixture } from "./admin-test-setup";

describe.each(testDatabases())("correcting a season's year and code on $name", (target) => {
  describe.skipIf(!target.available)("correct season", () => {
    const f = seasonsAdminFixture(target);
    const correct = (fromYear: number, year: number, code: string) =>
      f.services.seasonsAdmin.correctSeason(
        correctSeasonSchema.parse({ fromYear: String(fromYear), year: String(year), code }),
        ADMIN,
      );

    it("corrects a new season's year and code, audited, with its tree kept", async () => {
      const created = await f.services.seasonsAdmin.createFromPrevious(
        nextSeasonSchema.parse({ fromYear: "2026", year: "2072", code: "VX72", nameVi: "Nhầm" }),
      );
      expect(created.ok).toBe(true);
      const tracks = (await f.services.seasonsAdmin.tree(2072)).length;
      expect(await correct(2072, 2027, "VX27")).toEqual({ ok: true, year: 2027, code: "VX27" });
      expect(await f.services.seasonsAdmin.get(2072)).toBeNull();
      expect(await f.services.seasonsAdmin.get(2027)).toMatchObject({ year: 2027, code: "VX27" });
      expect((await f.services.seasonsAdmin.tree(2027)).length).toBe(tracks);
      const log = await f.services.audit.list({ search: "season.correct" });
      expect(log.items[0]).toMatchObject({ actorEmail: ADMIN.email, targetId: "2027" });
      expect(log.items[0]!.summary).toEqual({ year: [2072, 2027], code: ["VX72", "VX27"] });
    });

    it("refuses a year or code another season has", async () => {
      expect(await correct(2027, 2026, "VX27")).toMatchObject({
        status: 409,
        fieldErrors: { year: "adminPlatform.seasons.yearTaken" },
      });
      expect(await correct(2027, 2027, "VX26")).toMatchObject({
        status: 409,
        fieldErrors: { code: "adminPlatform.seasons.codeTaken" },
      });
      expect(await f.services.seasonsAdmin.get(2027)).toMatchObject({ code: "VX27" });
    });

    it("refuses a season with entries, and the current season's year (its code may change)", async () => {
      const owner = await f.services.identity.createEntrant({
        email: "sua@example.vn",
        password: "mat-khau-rat-dai-2025",
        profile: individual("Đỗ Thị Sửa"),
      });
      const stamp = NOW.toISOString();
      await insertBareDraft(
        f.db.kysely,
        owner,
        Number((await f.services.seasonsAdmin.get(2025))!.id),
        { id: "00000000-0000-4000-8000-000000002025", created_at: stamp, updated_at: stamp },
      );
      expect(await correct(2025, 2019, "VX19")).toMatchObject({
        status: 409,
        formError: "adminPlatform.seasons.remove.blocked.entries",
      });
      // 2027 made current (2026 is open at NOW, so acknowledged).
      expect((await f.services.seasonsAdmin.makeCurrent(2027, { acknowledgeOpen: true })).ok).toBe(
        true,
      );
      expect(await correct(2027, 2028, "VX27")).toMatchObject({
        status: 409,
        formError: "adminPlatform.seasons.correct.currentYear",
      });
      expect(await correct(2027, 2027, "VXA27")).toEqual({ ok: true, year: 2027, code: "VXA27" });
      expect((await f.services.seasons.current())?.code).toBe("VXA27");
      // The shifted 2027 dates are not open at NOW: going back needs no acknowledgement.
      expect(NOW.getUTCFullYear()).toBe(2026);
      expect((await f.services.seasonsAdmin.makeCurrent(2026)).ok).toBe(true);
    });

    it("refuses a season that does not exist", async () => {
      expect(await correct(2099, 2098, "VX98")).toMatchObject({ status: 404 });
    });
  });
});
