import { describe, expect, it } from "vitest";
import { testDatabases } from "../../../test-support/databases";
import { identityTestbed, PASSWORD } from "../testbed";
import { staffFixture } from "./staff-test-setup";

describe.each(testDatabases())("staff invitations on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const f = staffFixture(target);

    it("invites staff: an account without a password and a link that sets one", async () => {
      const invited = await f.services.staff.invite({
        email: "Bien.Tap@VanXuan.example",
        name: "Biên Tập",
        role: "editor",
        lang: "vi",
      });
      expect(invited.ok).toBe(true);
      const { items } = await f.services.mail.listOutbox();
      const mail = items.find((m) => m.to === "bien.tap@vanxuan.example");
      expect(mail?.template).toBe("staffInvitation");
      const message = await f.services.mail.readOutboxMessage(mail!.id);
      expect(message?.text).toContain("Biên tập viên");
      const link =
        /http:\/\/localhost:3000\/api\/auth\/reset-password\/([\w-]+)\?callbackURL=\S+/.exec(
          message!.text,
        );
      expect(link?.[1]).toBeTruthy();

      // No password yet: nobody can sign in; the table says "invited".
      expect((await f.signIn("bien.tap@vanxuan.example")).ok).toBe(false);
      const list = await f.services.staff.list({ q: "bien.tap" });
      expect(list.items[0]).toMatchObject({ role: "editor", invited: true, active: true });

      // The link's token sets the first password (better-auth's reset flow): the page says the
      // account is ready, not that a password changed; then sign-in works.
      const token = link![1]!;
      expect(await f.services.identity.passwordLinkPurpose(token)).toBe("firstPassword");
      expect(await f.services.identity.resetPassword(token, "mat-khau-moi-2026!")).toMatchObject({
        ok: true,
        firstPassword: true,
      });
      expect(await f.services.identity.passwordLinkPurpose(token)).toBeNull();
      expect((await f.signIn("bien.tap@vanxuan.example", "mat-khau-moi-2026!")).ok).toBe(true);
      expect((await f.services.staff.list({ q: "bien.tap" })).items[0]?.invited).toBe(false);

      // The same address again is refused.
      const again = await f.services.staff.invite({
        email: "bien.tap@vanxuan.example",
        name: "X",
        role: "finance",
        lang: "en",
      });
      expect(again).toMatchObject({ ok: false, status: 409 });
    });

    it("records the invitation and each resend when an admin makes them", async () => {
      const actor = f.actor();
      const invited = await f.services.staff.invite(
        { email: "Nhat.Ky@VanXuan.example", name: "Nhật Ký", role: "editor", lang: "vi" },
        actor,
      );
      if (!invited.ok) throw new Error("invitation refused");
      await f.services.staff.sendInvitation(invited.userId, actor);
      expect((await f.services.staff.sendInvitation("no-such-user", actor)).ok).toBe(false);
      const log = await f.services.audit.list({ search: "invite" });
      expect(log.items.map((entry) => [entry.action, entry.targetId, entry.summary])).toEqual([
        ["user.reinvite", invited.userId, {}],
        ["user.invite", invited.userId, { email: "nhat.ky@vanxuan.example", role: "editor" }],
      ]);
      expect(log.items[0]).toMatchObject({ actorEmail: actor.email, ip: actor.ip });
    });
  });

  describe.skipIf(!target.available)("with a mail server that refuses an address", () => {
    const { bed } = identityTestbed(target);

    it("creates no account for an invitation the mail server refuses, and says so", async () => {
      // The receiver refuses every "refused@" mailbox, as a server refuses an unknown one.
      const email = "refused@nhap-sai.example.vn";
      const invite = () =>
        bed.services.staff.invite({ email, name: "Nhập Sai", role: "finance", lang: "vi" });
      const refusedOutcome = {
        ok: false,
        status: 422,
        formError: "adminPlatform.errors.invitationRefused",
        fieldErrors: { email: "adminPlatform.errors.invitationRefused" },
      };
      expect(await invite()).toMatchObject(refusedOutcome);
      const rows = () =>
        bed.db.kysely.selectFrom("user").select("id").where("email", "=", email).execute();
      expect(await rows()).toEqual([]);
      // Asked again, the same answer (not "this address already has an account").
      expect(await invite()).toMatchObject(refusedOutcome);

      // An account whose address the server stopped taking: its invitation sent again says so.
      const userId = await bed.services.identity.createStaff({
        email: "refused@da-doi.example.vn",
        name: "Đã Đổi",
        password: PASSWORD,
        role: "editor",
      });
      expect(await bed.services.staff.sendInvitation(userId)).toMatchObject({
        ok: false,
        status: 422,
        formError: "adminPlatform.errors.invitationResendRefused",
      });
    });
  });
});
