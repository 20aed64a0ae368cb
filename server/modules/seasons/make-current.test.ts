import { describe, expect, it } from "vitest";
import { nextSeasonSchema } from "../../../core/season-admin";
import { testDatabases } from "../../test-support/databases";
import { individual } from "../entries/testbed";
import { createSeasonsAdminService } from "./admin";
import { ADMIN, NOW, seasonsAdminFixture } from "./admin-test-setup";

describe.each(testDatabases())("the current season on $name", (target) => {
  describe.skipIf(!target.available)("make current", () => {
    const f = seasonsAdminFixture(target);
    // Bound to the same settings service the public pages read (and cache) through.
    const seasonsAdmin = () =>
      createSeasonsAdminService(
        f.db,
        () => f.changes++,
        () => NOW,
        f.services.audit,
        f.services.settings,
      );
    let draftId = "";
    let entrantId = "";

    it("while 2026 is still open: says what stops, and refuses without the acknowledgement", async () => {
      const { identity, entries } = f.services;
      const created = await seasonsAdmin().createFromPrevious(
        nextSeasonSchema.parse({
          fromYear: "2026",
          year: "2027",
          code: "VX27",
          nameVi: "Vạn Xuân 2027",
          nameEn: "Van Xuan 2027",
        }),
      );
      expect(created.ok).toBe(true);
      // A 2026 draft started before the switch.
      entrantId = await identity.createEntrant({
        email: "lan@example.vn",
        password: "mat-khau-rat-dai-2026",
        profile: individual("Trần Thị Lan"),
      });
      const draft = await entries.createDraft(entrantId, { brandName: "Trà Sen Tây Hồ" });
      expect(draft.ok).toBe(true);
      if (!draft.ok) return;
      draftId = draft.entry.id;

      const season2026 = (await seasonsAdmin().get(2026))!;
      const { n } = await f.db.kysely
        .selectFrom("entries")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("season_id", "=", season2026.id)
        .where("status", "=", "submitted")
        .executeTakeFirstOrThrow();
      // NOW (01/09/2026) is inside the demo 2026 registration and submission windows.
      expect(await seasonsAdmin().outgoing(2027)).toEqual({
        year: 2026,
        intake: {
          registration: { closesAt: season2026.registrationClosesAt },
          submission: { closesAt: season2026.submissionClosesAt, late: false },
        },
        submittedUnpaid: Number(n),
      });
      // Nothing stops when the page shows the current season itself.
      expect(await seasonsAdmin().outgoing(2026)).toBeNull();

      const refused = await seasonsAdmin().makeCurrent(2027, {}, ADMIN);
      expect(refused).toMatchObject({
        ok: false,
        status: 409,
        formError: "adminPlatform.seasons.makeCurrent.acknowledgeRequired",
        fieldErrors: { acknowledgeOpen: "adminPlatform.seasons.makeCurrent.acknowledgeRequired" },
      });
      expect((await f.services.seasons.current())?.year).toBe(2026);
      expect((await f.services.audit.list({ search: "season.makeCurrent" })).total).toBe(0);
    });

    it("acknowledged: the public site, the header button and the entry form move to the new season", async () => {
      const { seasons, site, identity } = f.services;
      // Open 2027's window now, so the header button invites entries to 2027.
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

      const made = await seasonsAdmin().makeCurrent(2027, { acknowledgeOpen: true }, ADMIN);
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
      const ids2027 = (await seasonsAdmin().tree(2027)).flatMap((t) =>
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
      expect(log.items[0]!.summary.stoppedOpenSeason).toBe(2026);
    });

    it("after the switch, a 2026 draft stays editable by 2026's window, as the warning says", async () => {
      const { entries } = f.services;
      const saved = await entries.saveDraft(entrantId, draftId, { brandName: "Trà Sen Hồ Tây" });
      expect(saved.ok).toBe(true);
      const listed = await entries.listForEntrant(entrantId);
      const mine = JSON.stringify(listed);
      expect(mine).toContain('"editable":true');
      expect(mine).toContain('"seasonYear":2026');
    });

    it("switching back from an open 2027 needs the acknowledgement too; a closed season does not", async () => {
      expect(await seasonsAdmin().makeCurrent(2026, {}, ADMIN)).toMatchObject({ status: 409 });
      // 2027 closed: nothing stops, no acknowledgement needed.
      await f.db.kysely
        .updateTable("seasons")
        .set({
          registration_opens_at: null,
          registration_closes_at: null,
          submission_opens_at: new Date(NOW.getTime() - 30 * 86_400_000).toISOString(),
          submission_closes_at: new Date(NOW.getTime() - 86_400_000).toISOString(),
        })
        .where("year", "=", 2027)
        .execute();
      expect(await seasonsAdmin().outgoing(2026)).toBeNull();
      expect(await seasonsAdmin().makeCurrent(2026, {}, ADMIN)).toEqual({
        ok: true,
        year: 2026,
        previous: 2027,
      });
    });

    it("refuses a season that does not exist and leaves the current one", async () => {
      expect(await f.services.seasonsAdmin.makeCurrent(1999, {}, ADMIN)).toMatchObject({
        ok: false,
        status: 404,
      });
      expect((await f.services.seasons.current())?.year).toBe(2026);
    });
  });
});
