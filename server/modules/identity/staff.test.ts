import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";

const PASSWORD = "mua-thu-ha-noi-2026";

describe.each(testDatabases())("staff accounts on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    let db: Db;
    let services: Services;
    let adminId: string;

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      services = createServices(db, testConfig(), { onContentChange: () => {} });
      adminId = await services.identity.createStaff({
        email: "admin@vanxuan.example",
        name: "Quản Trị",
        password: PASSWORD,
        role: "admin",
      });
    });
    afterAll(() => target.cleanup());

    async function signIn(email: string, password = PASSWORD) {
      return services.identity.signIn(
        { email, password },
        { headers: new Headers(), ip: "127.0.0.1", lang: "vi" },
        "staff",
      );
    }

    it("invites staff: an account without a password and a link that sets one", async () => {
      const invited = await services.staff.invite({
        email: "Bien.Tap@VanXuan.example",
        name: "Biên Tập",
        role: "editor",
        lang: "vi",
      });
      expect(invited.ok).toBe(true);
      const { items } = await services.mail.listOutbox();
      const mail = items.find((m) => m.to === "bien.tap@vanxuan.example");
      expect(mail?.template).toBe("staffInvitation");
      const message = await services.mail.readOutboxMessage(mail!.id);
      expect(message?.text).toContain("Biên tập viên");
      const link =
        /http:\/\/localhost:3000\/api\/auth\/reset-password\/([\w-]+)\?callbackURL=\S+/.exec(
          message!.text,
        );
      expect(link?.[1]).toBeTruthy();

      // No password yet: nobody can sign in; the table says "invited".
      expect((await signIn("bien.tap@vanxuan.example")).ok).toBe(false);
      const list = await services.staff.list({ q: "bien.tap" });
      expect(list.items[0]).toMatchObject({ role: "editor", invited: true, active: true });

      // The link's token sets the password (better-auth's reset flow), then sign-in works.
      expect((await services.identity.resetPassword(link![1]!, "mat-khau-moi-2026!")).ok).toBe(
        true,
      );
      expect((await signIn("bien.tap@vanxuan.example", "mat-khau-moi-2026!")).ok).toBe(true);
      expect((await services.staff.list({ q: "bien.tap" })).items[0]?.invited).toBe(false);

      // The same address again is refused.
      const again = await services.staff.invite({
        email: "bien.tap@vanxuan.example",
        name: "X",
        role: "finance",
        lang: "en",
      });
      expect(again).toMatchObject({ ok: false, status: 409 });
    });

    it("pages, searches and filters by role", async () => {
      for (let i = 0; i < 30; i++) {
        await services.identity.createStaff({
          email: `finance-${String(i).padStart(2, "0")}@vanxuan.example`,
          name: `Tài Chính ${i}`,
          password: PASSWORD,
          role: "finance",
        });
      }
      const page2 = await services.staff.list({ role: "finance", page: 2, pageSize: 25 });
      expect(page2).toMatchObject({ total: 30, page: 2, pageCount: 2 });
      expect(page2.items).toHaveLength(5);
      expect((await services.staff.list({ q: "TÀI CHÍNH 1" })).total).toBeGreaterThan(0);
      expect((await services.staff.list({ role: "jury_manager" })).total).toBe(0);
      const percent = await services.staff.list({ q: "%" });
      expect(percent.total).toBe(0);
    });

    it("never demotes or deactivates the last active admin", async () => {
      expect(await services.staff.changeRole(adminId, "editor")).toMatchObject({
        ok: false,
        formError: "adminPlatform.errors.lastAdmin",
      });
      expect(await services.staff.setActive(adminId, false)).toMatchObject({
        ok: false,
        formError: "adminPlatform.errors.lastAdmin",
      });
      const second = await services.identity.createStaff({
        email: "admin2@vanxuan.example",
        name: "Quản Trị 2",
        password: PASSWORD,
        role: "admin",
      });
      expect(await services.staff.changeRole(adminId, "editor")).toMatchObject({ ok: true });
      expect(await services.staff.changeRole(second, "jury_manager")).toMatchObject({
        ok: false,
        formError: "adminPlatform.errors.lastAdmin",
      });
      expect(await services.staff.changeRole(adminId, "admin")).toMatchObject({ ok: true });
    });

    it("deactivation ends the sessions and blocks sign-in; reactivation allows it again", async () => {
      const id = await services.identity.createStaff({
        email: "giam-khao@vanxuan.example",
        name: "Quản Lý Giám Khảo",
        password: PASSWORD,
        role: "jury_manager",
      });
      const signedIn = await signIn("giam-khao@vanxuan.example");
      expect(signedIn.ok).toBe(true);
      const cookie = signedIn.ok ? (signedIn.headers.get("set-cookie") ?? "").split(";")[0]! : "";
      expect((await services.identity.currentUser(new Headers({ cookie })))?.id).toBe(id);

      expect((await services.staff.setActive(id, false)).ok).toBe(true);
      expect(await services.identity.currentUser(new Headers({ cookie }))).toBeNull();
      const sessions = await db.kysely
        .selectFrom("session")
        .select("id")
        .where("userId", "=", id)
        .execute();
      expect(sessions).toHaveLength(0);
      expect((await signIn("giam-khao@vanxuan.example")).ok).toBe(false);

      expect((await services.staff.setActive(id, true)).ok).toBe(true);
      expect((await signIn("giam-khao@vanxuan.example")).ok).toBe(true);
    });

    it("changes only staff roles", async () => {
      const entrant = await services.identity.createEntrant({
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
      expect(await services.staff.changeRole(entrant, "admin")).toMatchObject({
        ok: false,
        formError: "adminPlatform.errors.notStaff",
      });
    });
  });
});
