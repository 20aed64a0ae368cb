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

    it("changes the email only after the link sent to the NEW address is followed", async () => {
      const email = uniqueEmail("hoa");
      const cookie = await registerIndividual(email, "vi");
      await verifyByEmail(email, "vi");
      const before = await services.identity.currentUser(withCookie(cookie));
      expect(before?.emailVerified).toBe(true);

      const newEmail = uniqueEmail("hoa-moi");
      const outcome = await services.identity.changeEmail(
        before!,
        withCookie(cookie),
        { newEmail, currentPassword: PASSWORD },
        "vi",
      );
      expect(outcome.ok).toBe(true);
      const mail = await receiver.next(newEmail);
      expect(mail.subject).toBe(SUBJECTS.emailChange.vi);
      expect(mail.text).toContain(newEmail);
      // Nothing went to the old address, and the account still has it.
      await expect(receiver.next(email, 200)).rejects.toThrow(/no mail/);
      expect((await services.identity.currentUser(withCookie(cookie)))?.email).toBe(email);

      const response = await follow(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email?`), cookie);
      expect(response.status).toBe(302);
      const after = await services.identity.currentUser(withCookie(cookie));
      expect(after?.email).toBe(newEmail);
      const signIn = await services.identity.signIn(
        { email: newEmail, password: PASSWORD },
        meta(),
        "entrant",
      );
      expect(signIn.ok).toBe(true);
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
