import { describe, expect, it } from "vitest";
import { testDatabases } from "../../../test-support/databases";
import { PASSWORD, staffFixture } from "./staff-test-setup";

describe.each(testDatabases())("staff roles on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const f = staffFixture(target);

    it("never demotes or deactivates the last active admin", async () => {
      expect(await f.services.staff.changeRole(f.adminId, "editor")).toMatchObject({
        ok: false,
        formError: "adminPlatform.errors.lastAdmin",
      });
      expect(await f.services.staff.setActive(f.adminId, false)).toMatchObject({
        ok: false,
        formError: "adminPlatform.errors.lastAdmin",
      });
      const second = await f.services.identity.createStaff({
        email: "admin2@vanxuan.example",
        name: "Quản Trị 2",
        password: PASSWORD,
        role: "admin",
      });
      expect(await f.services.staff.changeRole(f.adminId, "editor")).toMatchObject({ ok: true });
      expect(await f.services.staff.changeRole(second, "jury_manager")).toMatchObject({
        ok: false,
        formError: "adminPlatform.errors.lastAdmin",
      });
      expect(await f.services.staff.changeRole(f.adminId, "admin")).toMatchObject({ ok: true });
    });

    it("changes only staff roles", async () => {
      const entrant = await f.services.identity.createEntrant({
        email: "thi-sinh@example.vn",
        password: PASSWORD,
        profile: {
          type: "individual",
          fullName: "Thí Sinh",
          phone: "+84912345678",
          address: "Hà Nội",
          personalId: null,
          companyName: null,
          businessRegistrationNumber: null,
          taxCode: null,
          licenceFileId: null,
        },
      });
      expect(await f.services.staff.changeRole(entrant, "admin")).toMatchObject({
        ok: false,
        formError: "adminPlatform.errors.notStaff",
      });
    });

    it("records a role change an admin makes, before and after", async () => {
      const id = await f.services.identity.createStaff({
        email: "doi-vai-tro@vanxuan.example",
        name: "Đổi Vai Trò",
        password: PASSWORD,
        role: "editor",
      });
      expect((await f.services.staff.changeRole(id, "finance", f.actor())).ok).toBe(true);
      const log = await f.services.audit.list({ search: "user.role" });
      expect(log.items[0]).toMatchObject({
        actorEmail: "admin@vanxuan.example",
        targetId: id,
        summary: { role: ["editor", "finance"] },
      });
    });
  });
});
