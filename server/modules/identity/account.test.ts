import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database";
import type { Services } from "../../services";
import { testDatabases } from "../../test-support/databases";
import { SUBJECTS } from "../../test-support/email-subjects";
import { linkIn, type SmtpReceiver } from "../../test-support/smtp-receiver";
import { LIMITS } from "./rate-limit";
import {
  identityTestbed,
  individual,
  meta,
  PASSWORD,
  PUBLIC_URL,
  uniqueEmail,
  withCookie,
} from "./testbed";

describe.each(testDatabases())("identity on $name", (target) => {
  describe.skipIf(!target.available)("the account: profile, email, verification", () => {
    const { bed, registerIndividual, follow, verifyByEmail } = identityTestbed(target);
    let receiver: SmtpReceiver;
    let db: Db;
    let services: Services;
    beforeAll(() => {
      ({ receiver, db, services } = bed);
    });

    it("keeps the account operations to the form's rules: profile, email change, resend", async () => {
      const email = uniqueEmail("rules");
      const cookie = await registerIndividual(email, "vi", "203.0.113.70");
      const user = (await services.identity.currentUser(withCookie(cookie)))!;
      const { type: _type, ...profile } = individual("Trần Văn An");
      // A 5,000-character name does not get past the service, and nothing changes.
      await expect(
        services.identity.updateProfile(user.id, { ...profile, fullName: "x".repeat(5000) }),
      ).rejects.toThrow(RangeError);
      await services.identity.updateProfile(user.id, { ...profile, fullName: "Trần Văn Bình" });
      const row = await db.kysely
        .selectFrom("user")
        .select(["name", "lang", "image"])
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: "Trần Văn Bình", lang: "vi", image: null });

      // Changes of email, right password or wrong, are limited per account.
      for (let i = 0; i < LIMITS.passwordConfirmationPerAccount.limit; i += 1) {
        const outcome = await services.identity.changeEmail(
          user,
          withCookie(cookie),
          { newEmail: uniqueEmail("x"), currentPassword: `sai-${i}` },
          "vi",
        );
        expect(outcome).toMatchObject({ ok: false, status: 400 });
      }
      expect(
        await services.identity.changeEmail(
          user,
          withCookie(cookie),
          { newEmail: uniqueEmail("x"), currentPassword: PASSWORD },
          "vi",
        ),
      ).toMatchObject({ ok: false, status: 429 });

      // The confirmation link is resent at most 3 times an hour.
      await receiver.next(email);
      for (let i = 0; i < LIMITS.verificationResendPerAccount.limit; i += 1) {
        expect((await services.identity.resendVerification(user, "vi")).ok).toBe(true);
        expect((await receiver.next(email)).subject).toBe(SUBJECTS.verification.vi);
      }
      expect(await services.identity.resendVerification(user, "vi")).toMatchObject({
        ok: false,
        status: 429,
      });
    });

    it("says so when the mail server refuses an address for good: the link sent again, a new address", async () => {
      // The receiver refuses every "refused@" mailbox, as a server refuses an unknown one.
      const refused = `refused@${uniqueEmail("hop-thu").split("@")[0]}.example.vn`;
      const cookie = await registerIndividual(refused, "vi", "203.0.113.71");
      const user = (await services.identity.currentUser(withCookie(cookie)))!;
      expect(await services.identity.resendVerification(user, "vi")).toEqual({
        ok: false,
        status: 422,
        formError: "auth.emailRefused",
      });

      const email = uniqueEmail("doi-sang-hop-thu-loi");
      const ownCookie = await registerIndividual(email, "en", "203.0.113.72");
      await verifyByEmail(email, "en");
      const owner = (await services.identity.currentUser(withCookie(ownCookie)))!;
      const outcome = await services.identity.changeEmail(
        owner,
        withCookie(ownCookie),
        { newEmail: refused.replace("@", "@moi-"), currentPassword: PASSWORD },
        "en",
      );
      expect(outcome).toMatchObject({
        ok: false,
        status: 422,
        fieldErrors: { newEmail: "auth.emailRefused" },
      });
      expect((await services.identity.currentUser(withCookie(ownCookie)))?.email).toBe(email);
    });

    it.each(["vi", "en"] as const)(
      "changes the email, confirmed, once the link sent to the NEW address is followed (%s)",
      async (lang) => {
        const email = uniqueEmail("hoa");
        const cookie = await registerIndividual(email, lang);
        await verifyByEmail(email, lang);
        const before = await services.identity.currentUser(withCookie(cookie));
        expect(before?.emailVerified).toBe(true);

        const newEmail = uniqueEmail("hoa-moi");
        const outcome = await services.identity.changeEmail(
          before!,
          withCookie(cookie),
          { newEmail, currentPassword: PASSWORD },
          lang,
        );
        expect(outcome).toMatchObject({ ok: true, immediate: false });
        const mail = await receiver.next(newEmail);
        expect(mail.subject).toBe(SUBJECTS.emailChange[lang]);
        expect(mail.text).toContain(newEmail);
        // Nothing went to the old address yet, and the account still has it.
        await expect(receiver.next(email, 200)).rejects.toThrow(/no mail/);
        expect((await services.identity.currentUser(withCookie(cookie)))?.email).toBe(email);

        const response = await follow(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email?`), cookie);
        expect(response.status).toBe(302);
        const landing = new URL(response.headers.get("location")!, PUBLIC_URL);
        expect(landing.pathname).toBe(lang === "en" ? "/en/tai-khoan" : "/tai-khoan");
        expect(landing.searchParams.get("emailChanged")).toBe("1");
        expect(landing.searchParams.has("error")).toBe(false);

        // The link proved the new address: the account keeps it confirmed, no second link.
        const after = await services.identity.currentUser(withCookie(cookie));
        expect(after).toMatchObject({ email: newEmail, emailVerified: true });
        const row = await db.kysely
          .selectFrom("user")
          .select(["email", "emailVerified"])
          .where("id", "=", before!.id)
          .executeTakeFirstOrThrow();
        expect({ email: row.email, emailVerified: Boolean(row.emailVerified) }).toEqual({
          email: newEmail,
          emailVerified: true,
        });
        // The old address is told, in the account's language, with the address now in use.
        const notice = await receiver.next(email);
        expect(notice.subject).toBe(SUBJECTS.emailChanged[lang]);
        expect(notice.text).toContain(newEmail);
        expect(notice.text).toContain(`${PUBLIC_URL}${lang === "en" ? "/en" : ""}/dang-nhap`);
        await expect(receiver.next(newEmail, 200)).rejects.toThrow(/no mail/);

        const signIn = await services.identity.signIn(
          { email: newEmail, password: PASSWORD },
          meta(),
          "entrant",
        );
        expect(signIn.ok).toBe(true);
        // Following the link again (a mail scanner, a second click) changes and sends nothing.
        const again = await follow(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email?`), cookie);
        expect(again.status).toBe(302);
        expect(new URL(again.headers.get("location")!, PUBLIC_URL).search).toMatch(/error=/);
        expect(await services.identity.currentUser(withCookie(cookie))).toMatchObject({
          email: newEmail,
          emailVerified: true,
        });
        await expect(receiver.next(email, 200)).rejects.toThrow(/no mail/);
      },
    );

    it("changes nothing when the link is opened without the account's session", async () => {
      const email = uniqueEmail("lan");
      const cookie = await registerIndividual(email, "vi");
      await verifyByEmail(email, "vi");
      const user = (await services.identity.currentUser(withCookie(cookie)))!;
      const newEmail = uniqueEmail("lan-moi");
      const outcome = await services.identity.changeEmail(
        user,
        withCookie(cookie),
        { newEmail, currentPassword: PASSWORD },
        "vi",
      );
      expect(outcome.ok).toBe(true);
      const mail = await receiver.next(newEmail);

      const response = await follow(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email?`));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/emailChanged=1\?error=unauthorized$/);
      expect(await services.identity.currentUser(withCookie(cookie))).toMatchObject({
        email,
        emailVerified: true,
      });
      await expect(receiver.next(email, 200)).rejects.toThrow(/no mail/);
    });

    it("refuses an email change with the wrong password or to an address already in use", async () => {
      const email = uniqueEmail("khanh");
      const cookie = await registerIndividual(email);
      const user = (await services.identity.currentUser(withCookie(cookie)))!;
      const other = uniqueEmail("khanh-other");
      await registerIndividual(other);

      expect(
        await services.identity.changeEmail(
          user,
          withCookie(cookie),
          { newEmail: uniqueEmail("x"), currentPassword: "not-my-password" },
          "vi",
        ),
      ).toMatchObject({ ok: false, fieldErrors: { currentPassword: "auth.wrongPassword" } });
      expect(
        await services.identity.changeEmail(
          user,
          withCookie(cookie),
          { newEmail: other, currentPassword: PASSWORD },
          "vi",
        ),
      ).toMatchObject({ ok: false, status: 409, fieldErrors: { newEmail: "auth.emailTaken" } });
      expect((await services.identity.currentUser(withCookie(cookie)))?.email).toBe(email);
    });
  });
});
