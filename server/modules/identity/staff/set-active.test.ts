import { describe, expect, it } from "vitest";
import { testDatabases } from "../../../test-support/databases";
import { PASSWORD, staffFixture } from "./staff-test-setup";

describe.each(testDatabases())("staff deactivation on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const f = staffFixture(target);

    it("deactivation ends the sessions and blocks sign-in; reactivation allows it again", async () => {
      const id = await f.services.identity.createStaff({
        email: "giam-khao@vanxuan.example",
        name: "Quản Lý Giám Khảo",
        password: PASSWORD,
        role: "jury_manager",
      });
      const signedIn = await f.signIn("giam-khao@vanxuan.example");
      expect(signedIn.ok).toBe(true);
      const cookie = signedIn.ok ? (signedIn.headers.get("set-cookie") ?? "").split(";")[0]! : "";
      expect((await f.services.identity.currentUser(new Headers({ cookie })))?.id).toBe(id);

      expect((await f.services.staff.setActive(id, false)).ok).toBe(true);
      expect(await f.services.identity.currentUser(new Headers({ cookie }))).toBeNull();
      const sessions = await f.db.kysely
        .selectFrom("session")
        .select("id")
        .where("userId", "=", id)
        .execute();
      expect(sessions).toHaveLength(0);
      expect((await f.signIn("giam-khao@vanxuan.example")).ok).toBe(false);

      expect((await f.services.staff.setActive(id, true)).ok).toBe(true);
      expect((await f.signIn("giam-khao@vanxuan.example")).ok).toBe(true);
    });

    it("records a deactivation an admin makes (a refused one records nothing)", async () => {
      const id = await f.services.identity.createStaff({
        email: "tam-nghi@vanxuan.example",
        name: "Tạm Nghỉ",
        password: PASSWORD,
        role: "editor",
      });
      expect((await f.services.staff.setActive("no-such-user", false, f.actor())).ok).toBe(false);
      expect((await f.services.staff.setActive(id, false, f.actor())).ok).toBe(true);
      const log = await f.services.audit.list({ search: "user." });
      expect(log.items.map((entry) => [entry.action, entry.targetId, entry.summary])).toEqual([
        ["user.deactivate", id, { active: [true, false] }],
      ]);
    });
  });
});
