import { describe, expect, it } from "vitest";
import { testDatabases } from "../../../test-support/databases";
import { PASSWORD, staffFixture } from "./staff-test-setup";

describe.each(testDatabases())("staff list on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const f = staffFixture(target);

    it("pages, searches and filters by role", async () => {
      for (let i = 0; i < 30; i++) {
        await f.services.identity.createStaff({
          email: `finance-${String(i).padStart(2, "0")}@vanxuan.example`,
          name: `Tài Chính ${i}`,
          password: PASSWORD,
          role: "finance",
        });
      }
      const page2 = await f.services.staff.list({ role: "finance", page: 2, pageSize: 25 });
      expect(page2).toMatchObject({ total: 30, page: 2, pageCount: 2 });
      expect(page2.items).toHaveLength(5);
      expect((await f.services.staff.list({ q: "TÀI CHÍNH 1" })).total).toBeGreaterThan(0);
      expect((await f.services.staff.list({ role: "jury_manager" })).total).toBe(0);
      const percent = await f.services.staff.list({ q: "%" });
      expect(percent.total).toBe(0);
    });
  });
});
