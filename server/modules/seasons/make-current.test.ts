import { describe, expect, it } from "vitest";
import { nextSeasonSchema } from "../../../core/season-admin";
import { testDatabases } from "../../test-support/databases";
import { individual } from "../entries/testbed";
import { createSeasonsAdminService } from "./admin";
import { ADMIN, NOW, seasonsAdminFixture } from "./admin-test-setup";

describe.each(testDatabases())("the current season on $name", (target) => {
  describe.skipIf(!target.available)("make current", () => {
    const f = seasonsAdminFixture(target);

    it("moves the public site, the header button and the entry form to the new season", async () => {
      const { seasons, site, identity } = f.services;
      // Bound to the same settings service the public pages read (and cache) through.
      const seasonsAdmin = createSeasonsAdminService(
        f.db,
        () => f.changes++,
        () => NOW,
        f.services.audit,
        f.services.settings,
      );
      const created = await seasonsAdmin.createFromPrevious(
        nextSeasonSchema.parse({
          fromYear: "2026",
          year: "2027",
          code: "VX27",
          nameVi: "Vạn Xuân 2027",
          nameEn: "Van Xuan 2027",
        }),
      );
      expect(created.ok).toBe(true);
      // Open its window now, so the header button invites entries to 2027.
      await f.db.kysely
        .updateTable("seasons")
        .set({
          submission_opens_at: new Date(NOW.getTime() - 86_400_000).toISOString(),
          submission_closes_at: new Date(NOW.getTime() + 30 * 86_400_000).toISOString(),
          early_bird_deadline: null,
        })
        .where("year", "=", 2027)
        .execute();
      const entrant = await identity.createEntrant({
        email: "minh@example.vn",
        password: "mat-khau-rat-dai-2027",
        profile: individual("Phạm Văn Minh"),
      });
      const before = await f.services.entries.formOptions(entrant);
      expect(before.ok && before.options.seasonYear).toBe(2026);

      const made = await seasonsAdmin.makeCurrent(2027, ADMIN);
      expect(made).toEqual({ ok: true, year: 2027, previous: 2026 });
      expect(f.changes).toBeGreaterThan(0);

      expect((await seasons.current())?.year).toBe(2027);
      const chrome = await site.chrome();
      expect(chrome.season).toMatchObject({ year: 2027, code: "VX27" });
      expect(chrome.season?.submission.state).toBe("open");

      const options = await f.services.entries.formOptions(entrant);
      expect(options.ok).toBe(true);
      if (!options.ok) return;
      expect(options.options.seasonYear).toBe(2027);
      const ids2027 = (await seasonsAdmin.tree(2027)).flatMap((t) =>
        t.groups.flatMap((g) => g.categories.map((c) => String(c.id))),
      );
      const offered = options.options.tracks.flatMap((t) =>
        t.groups.flatMap((g) => g.categories.map((c) => c.id)),
      );
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.every((id) => ids2027.includes(id))).toBe(true);

      const log = await f.services.audit.list({ search: "season.makeCurrent" });
      expect(log.items[0]).toMatchObject({ actorEmail: ADMIN.email, targetId: "2027" });
      expect(log.items[0]!.summary.currentSeasonYear).toEqual([2026, 2027]);
    });

    it("refuses a season that does not exist and leaves the current one", async () => {
      expect(await f.services.seasonsAdmin.makeCurrent(1999, ADMIN)).toMatchObject({
        ok: false,
        status: 404,
      });
      expect((await f.services.seasons.current())?.year).toBe(2027);
    });
  });
});
