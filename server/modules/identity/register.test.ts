import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database";
import type { Services } from "../../services";
import { testDatabases } from "../../test-support/databases";
import { SUBJECTS } from "../../test-support/email-subjects";
import { linkIn, type SmtpReceiver } from "../../test-support/smtp-receiver";
import { FileRejected } from "../files/storage";
import type { RegistrantProfile } from "./types";
import {
  cookieFrom,
  identityTestbed,
  individual,
  meta,
  NEW_PASSWORD,
  PASSWORD,
  PDF,
  PNG,
  PUBLIC_URL,
  uniqueEmail,
  withCookie,
} from "./testbed";
import { insertSeason } from "../../test-support/seasons";

describe.each(testDatabases())("identity on $name", (target) => {
  describe.skipIf(!target.available)("registration", () => {
    const { bed, registerIndividual, follow } = identityTestbed(target);
    let receiver: SmtpReceiver;
    let db: Db;
    let services: Services;
    beforeAll(() => {
      ({ receiver, db, services } = bed);
    });

    it("registers an individual: profile stored, signed in, verification email in Vietnamese", async () => {
      const email = uniqueEmail("an");
      const cookie = await registerIndividual(email.toUpperCase(), "vi");

      const user = await services.identity.currentUser(withCookie(cookie));
      expect(user).toMatchObject({
        email,
        name: "Trần Văn An",
        role: "entrant",
        lang: "vi",
        emailVerified: false,
      });
      expect(await services.identity.registrantProfile(user!.id)).toEqual(
        individual("Trần Văn An"),
      );
      const row = await db.kysely
        .selectFrom("registrants")
        .selectAll()
        .where("user_id", "=", user!.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ type: "individual", phone: "+84912345678" });

      const mail = await receiver.next(email);
      expect(mail.subject).toBe(SUBJECTS.verification.vi);
      expect(mail.text).toContain("Xin chào Trần Văn An,");
      const link = linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email?`);
      expect(mail.html || "").toContain(link.replace(/&/g, "&amp;"));

      const response = await follow(link);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/tai-khoan?verified=1`);
      expect((await services.identity.currentUser(withCookie(cookie)))?.emailVerified).toBe(true);
      // Then the welcome, in the same language, pointing at the dashboard.
      const welcome = await receiver.next(email);
      expect(welcome.subject).toBe(SUBJECTS.welcome.vi);
      expect(linkIn(welcome, PUBLIC_URL)).toBe(`${PUBLIC_URL}/tai-khoan`);

      // The link opened again (a second click, a mail scanner): no second welcome. The next
      // message the address gets is the one asked for after it.
      expect((await follow(link)).status).toBe(302);
      expect((await services.identity.requestPasswordReset(email, meta("vi"))).ok).toBe(true);
      expect((await receiver.next(email)).subject).toBe(SUBJECTS.passwordReset.vi);
    });

    it("registers an enterprise with its licence, claimed by the new account; email in English", async () => {
      const licence = await services.files.save({
        data: PDF,
        purpose: "licence",
        ownerUserId: null,
        allowedMimes: ["application/pdf", "image/jpeg", "image/png"],
        maxBytes: 20 * 1024 * 1024,
        tooLargeKey: "validation.licenceTooLarge",
        wrongTypeKey: "validation.licenceType",
      });
      expect(licence.mime).toBe("application/pdf");
      const email = uniqueEmail("minh-phat");
      const profile: RegistrantProfile = {
        type: "enterprise",
        fullName: "Lê Thị Bích",
        phone: "+842838221234",
        address: "25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
        personalId: null,
        companyName: "Công ty TNHH Quảng cáo Minh Phát",
        businessRegistrationNumber: "0314409058",
        taxCode: "0314409058",
        licenceFileId: licence.id,
      };
      const outcome = await services.identity.register(
        { email, password: PASSWORD, profile },
        meta("en"),
      );
      expect(outcome.ok).toBe(true);
      const signedIn = await services.identity.signIn(
        { email, password: PASSWORD },
        meta("en"),
        "entrant",
      );
      const cookie = signedIn.ok ? cookieFrom(signedIn.headers) : "";

      const user = await services.identity.currentUser(withCookie(cookie));
      expect(user).toMatchObject({ email, lang: "en" });
      expect(await services.identity.registrantProfile(user!.id)).toEqual(profile);
      const file = await services.files.find(licence.id);
      expect(file?.owner_user_id).toBe(user?.id);
      expect((await services.files.read(licence.id))?.data.equals(PDF)).toBe(true);

      const mail = await receiver.next(email);
      expect(mail.subject).toBe(SUBJECTS.verification.en);
      expect(mail.text).toContain("Hello Lê Thị Bích,");
      const response = await follow(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email?`));
      expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/en/tai-khoan?verified=1`);
      expect((await services.identity.currentUser(withCookie(cookie)))?.emailVerified).toBe(true);
      expect((await receiver.next(email)).subject).toBe(SUBJECTS.welcome.en);
    });

    it("accepts a PNG licence and refuses a text file named .pdf, by content", async () => {
      const rules = {
        purpose: "licence",
        ownerUserId: null,
        allowedMimes: ["application/pdf", "image/jpeg", "image/png"],
        maxBytes: 20 * 1024 * 1024,
        tooLargeKey: "validation.licenceTooLarge",
        wrongTypeKey: "validation.licenceType",
      };
      expect((await services.files.save({ ...rules, data: PNG })).mime).toBe("image/png");
      const text = Buffer.from("Giấy phép kinh doanh số 0314409058 (not really a PDF)\n");
      const refused = services.files.save({ ...rules, data: text });
      await expect(refused).rejects.toBeInstanceOf(FileRejected);
      await expect(refused).rejects.toMatchObject({ messageKey: "validation.licenceType" });
    });

    it("answers a taken address like a new one, and tells its owner by email instead", async () => {
      const email = uniqueEmail("twice");
      const first = await services.identity.register(
        { email, password: PASSWORD, profile: individual("Trần Văn An") },
        meta("en", "203.0.113.20"),
      );
      expect((await receiver.next(email)).subject).toBe(SUBJECTS.verification.en);
      const again = await services.identity.register(
        { email: ` ${email.toUpperCase()} `, password: NEW_PASSWORD, profile: individual("Ai Đó") },
        meta("vi", "203.0.113.20"),
      );
      // Nothing in the answer says the address has an account.
      expect(again).toEqual(first);
      expect(again.ok && [...again.headers]).toEqual([]);
      // Its owner learns of it, in the account's language, with the ways back in.
      const notice = await receiver.next(email);
      expect(notice.subject).toBe(SUBJECTS.registrationAttempt.en);
      expect(notice.text).toContain("Hello Trần Văn An,");
      expect(linkIn(notice, PUBLIC_URL)).toBe(`${PUBLIC_URL}/en/dang-nhap`);
      expect(notice.text).toContain(`${PUBLIC_URL}/en/quen-mat-khau`);
      // The account is unchanged: the old password signs in, the new one does not.
      const rows = await db.kysely
        .selectFrom("user")
        .select("name")
        .where("email", "=", email)
        .execute();
      expect(rows).toEqual([{ name: "Trần Văn An" }]);
      const old = await services.identity.signIn(
        { email, password: PASSWORD },
        meta("vi", "203.0.113.20"),
        "entrant",
      );
      expect(old.ok).toBe(true);

      // The notices are limited per account: a fourth try an hour sends nothing.
      for (let i = 0; i < 3; i += 1) {
        const outcome = await services.identity.register(
          { email, password: NEW_PASSWORD, profile: individual("Ai Đó") },
          meta("vi", `203.0.113.${30 + i}`),
        );
        expect(outcome.ok).toBe(true);
        if (i < 2)
          expect((await receiver.next(email)).subject).toBe(SUBJECTS.registrationAttempt.en);
      }
      await expect(receiver.next(email, 300)).rejects.toThrow(/no mail/);
    });

    it("writes nothing when the registrant profile cannot be stored (one transaction)", async () => {
      const email = uniqueEmail("half");
      const broken = { ...individual("Nửa Vời"), type: "company" } as unknown as RegistrantProfile;
      await expect(
        services.identity.register(
          { email, password: PASSWORD, profile: broken },
          meta("vi", "203.0.113.40"),
        ),
      ).rejects.toThrow();
      expect(
        await db.kysely.selectFrom("user").select("id").where("email", "=", email).execute(),
      ).toEqual([]);
      const orphans = await db.kysely
        .selectFrom("account")
        .leftJoin("user", "user.id", "account.userId")
        .select("account.id")
        .where("user.id", "is", null)
        .execute();
      expect(orphans).toEqual([]);
      // Nothing was sent for an account that does not exist.
      await expect(receiver.next(email, 300)).rejects.toThrow(/no mail/);
      // And the address is free for a registration that works.
      const retried = await services.identity.register(
        { email, password: PASSWORD, profile: individual("Nửa Vời") },
        meta("vi", "203.0.113.40"),
      );
      expect(retried.ok).toBe(true);
      expect((await receiver.next(email)).subject).toBe(SUBJECTS.verification.vi);
    });
    it("refuses outside the current season's registration window, storing and counting nothing", async () => {
      const { currentSeasonYear } = await services.settings.get();
      const day = 86_400_000;
      const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
      await insertSeason(db.kysely, 2041, {
        registration_opens_at: at(10),
        registration_closes_at: at(20),
      });
      const window = (opens: number, closes: number) =>
        db.kysely
          .updateTable("seasons")
          .set({ registration_opens_at: at(opens), registration_closes_at: at(closes) })
          .where("year", "=", 2041)
          .execute();
      await services.settings.update({ currentSeasonYear: 2041 });
      try {
        const email = uniqueEmail("giang");
        const attempt = () =>
          services.identity.register(
            { email, password: PASSWORD, profile: individual("Đỗ Hương Giang") },
            meta("vi", "203.0.113.77"),
          );
        // More attempts than the per-IP limit allows: refusals here are not counted.
        for (let i = 0; i < 11; i += 1) {
          expect(await attempt()).toEqual({
            ok: false,
            status: 403,
            formError: "registration.window.notYetOpen",
          });
        }
        await window(-20, -1);
        expect(await attempt()).toEqual({
          ok: false,
          status: 403,
          formError: "registration.window.closed",
        });
        const stored = await db.kysely
          .selectFrom("user")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirst();
        expect(stored).toBeUndefined();

        await window(-1, 1);
        expect(await attempt()).toMatchObject({ ok: true });
        expect((await receiver.next(email)).subject).toBe(SUBJECTS.verification.vi);
      } finally {
        await services.settings.update({ currentSeasonYear });
      }
    });
  });
});
