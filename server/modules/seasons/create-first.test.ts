import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstSeasonSchema } from "../../../core/season-admin";
import { migrateToLatest, type Db } from "../../db/database";
import { createServices } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";
import { ADMIN, NOW } from "./admin-test-setup";

// A real deployment starts without the demo data, so without any season: the seasons page
// must be able to make the first one, or nothing can be registered or entered.
describe.each(testDatabases())("the first season on $name", (target) => {
  describe.skipIf(!target.available)("create first", () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
    });
    afterAll(() => target.cleanup());

    it("makes an empty season, current at once, and refuses a second first season", async () => {
      let changes = 0;
      const services = createServices(db, testConfig(), {
        onContentChange: () => changes++,
        clock: () => NOW,
      });
      const { seasonsAdmin, settings } = services;
      expect(await seasonsAdmin.list()).toEqual([]);

      const input = firstSeasonSchema.parse({
        year: "2031",
        code: "VX31",
        nameVi: "Giải thưởng Vạn Xuân 2031",
        nameEn: "",
      });
      const created = await seasonsAdmin.createFirst(input, ADMIN);
      expect(created).toMatchObject({
        ok: true,
        season: { year: 2031, code: "VX31", nameVi: "Giải thưởng Vạn Xuân 2031" },
      });
      expect(await seasonsAdmin.tree(2031)).toEqual([]);
      settings.invalidate();
      expect((await settings.get()).currentSeasonYear).toBe(2031);
      expect(changes).toBeGreaterThan(0);
      const audited = await db.kysely
        .selectFrom("audit_log")
        .select(["action", "target_id"])
        .where("action", "=", "season.create")
        .execute();
      expect(audited).toEqual([{ action: "season.create", target_id: "2031" }]);

      const again = await seasonsAdmin.createFirst({ ...input, year: 2032, code: "VX32" }, ADMIN);
      expect(again).toMatchObject({
        ok: false,
        status: 409,
        formError: "adminPlatform.seasons.first.exists",
      });
      expect((await seasonsAdmin.list()).map((season) => season.year)).toEqual([2031]);
    });
  });
});
