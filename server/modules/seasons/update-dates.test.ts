import { describe, expect, it } from "vitest";
import { seasonDatesSchema, seasonDatesToIso } from "../../../core/season-admin";
import { ADMIN } from "./admin-test-setup";
import { testDatabases } from "../../test-support/databases";
import { seasonsAdminFixture } from "./admin-test-setup";

describe.each(testDatabases())("season dates on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const f = seasonsAdminFixture(target);

    it("lists the seasons newest first", async () => {
      const seasons = await f.services.seasonsAdmin.list();
      expect(seasons.map((s) => s.year)).toEqual([2026, 2025, 2024, 2023]);
    });

    it("closes the submission window: the header state follows at once", async () => {
      const form = seasonDatesSchema.parse({
        nameVi: "Vạn Xuân 2026",
        nameEn: "Van Xuan 2026",
        submissionOpensAt: "01/08/2026 00:00",
        submissionClosesAt: "01/09/2026 09:00",
      });
      const saved = await f.services.seasonsAdmin.updateSeason(2026, {
        nameVi: form.nameVi,
        nameEn: form.nameEn,
        ...seasonDatesToIso(form),
      });
      // Closing at 09:00 takes what arrives until 09:00:59.
      expect(saved.ok && saved.after.submissionClosesAt).toBe("2026-09-01T02:00:59.999Z");
      expect(f.changes).toBe(1);
      expect((await f.services.seasons.current())?.submission.state).toBe("closed");
    });

    it("takes a one-day window typed as dates only: open from the start to the end of that day", async () => {
      // NOW is 10:00 on 01/09/2026 in Vietnam.
      const parsed = seasonDatesSchema.safeParse({
        nameVi: "Vạn Xuân 2026",
        nameEn: "Van Xuan 2026",
        registrationOpensAt: "01/09/2026",
        registrationClosesAt: "01/09/2026",
        submissionOpensAt: "01/09/2026",
        submissionClosesAt: "01/09/2026",
      });
      expect(parsed.error?.issues ?? []).toEqual([]);
      const saved = await f.services.seasonsAdmin.updateSeason(2026, {
        nameVi: parsed.data!.nameVi,
        nameEn: parsed.data!.nameEn,
        ...seasonDatesToIso(parsed.data!),
      });
      expect(saved.ok && saved.after).toMatchObject({
        registrationOpensAt: "2026-08-31T17:00:00.000Z",
        registrationClosesAt: "2026-09-01T16:59:59.999Z",
        submissionOpensAt: "2026-08-31T17:00:00.000Z",
        submissionClosesAt: "2026-09-01T16:59:59.999Z",
      });
      expect((await f.services.seasons.current())?.submission).toMatchObject({
        state: "open",
        closesAt: "2026-09-01T16:59:59.999Z",
      });
      // Typed with times, a closing before the opening is still refused.
      expect(
        seasonDatesSchema.safeParse({
          nameVi: "Vạn Xuân 2026",
          submissionOpensAt: "01/09/2026 10:00",
          submissionClosesAt: "01/09/2026 09:59",
        }).error?.issues,
      ).toEqual([
        expect.objectContaining({
          path: ["submissionClosesAt"],
          message: "adminPlatform.validation.closesBeforeOpens",
        }),
      ]);
    });

    it("records the change in the audit log when an admin makes it", async () => {
      const form = seasonDatesSchema.parse({
        nameVi: "Vạn Xuân 2026",
        nameEn: "Van Xuan 2026",
        ceremonyAt: "20/12/2026 19:00",
      });
      const saved = await f.services.seasonsAdmin.updateSeason(
        2026,
        { nameVi: form.nameVi, nameEn: form.nameEn, ...seasonDatesToIso(form) },
        ADMIN,
      );
      expect(saved.ok).toBe(true);
      const log = await f.services.audit.list({ search: "season.update" });
      expect(log.items[0]).toMatchObject({
        actorEmail: ADMIN.email,
        ip: ADMIN.ip,
        targetType: "season",
        targetId: "2026",
      });
      expect(log.items[0]!.summary.ceremonyAt).toEqual([null, "2026-12-20T12:00:00.000Z"]);
    });

    it("is refused for a season that does not exist", async () => {
      const refused = await f.services.seasonsAdmin.updateSeason(1999, {
        nameVi: "Không có",
        nameEn: "",
        ...seasonDatesToIso(seasonDatesSchema.parse({ nameVi: "Không có" })),
      });
      expect(refused).toEqual({
        ok: false,
        status: 404,
        formError: "adminPlatform.errors.notFound",
      });
    });
  });
});
