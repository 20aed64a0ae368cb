import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../../core/languages";
import type { Db } from "../../db/database";
import { authRoutes } from "../../plugins/auth-routes";
import type { Services } from "../../services";
import { testDatabases } from "../../test-support/databases";
import { SUBJECTS } from "../../test-support/email-subjects";
import { holdHeavyWork, holdingUserWrites } from "../../test-support/races";
import { linkIn, type SmtpReceiver } from "../../test-support/smtp-receiver";
import type { Outcome, RegistrantProfile } from "./types";
import {
  cookieFrom,
  identityTestbed,
  individual,
  meta,
  PASSWORD,
  PDF,
  PUBLIC_URL,
  uniqueEmail,
  withCookie,
} from "./testbed";

// One address, one account: when two requests want the same address at the same moment, each
// having found it free, the database's unique address decides, and the one refused gets the
// answer the check before it gives — never an error — with nothing of it left behind.
// PostgreSQL holds the writes on the `user` table until both requests wait on it, so they
// meet every time; SQLite runs them side by side and must answer the same whichever way
// they meet.

/** Two operations started together; on PostgreSQL both reach their write before either makes it. */
async function atOnce<T>(db: Db, start: () => Promise<T>[]): Promise<T[]> {
  if (db.kind !== "postgres") return Promise.all(start());
  const pending = await holdingUserWrites(db, async (writersWaiting) => {
    const started = start();
    await writersWaiting(started.length);
    return started;
  });
  return Promise.all(pending);
}

async function until(condition: () => Promise<boolean>, what: string) {
  for (let tries = 0; tries < 500; tries += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

/** What the registration page makes of an outcome: the answer and its headers. */
const answer = (outcome: Outcome) =>
  outcome.ok ? { ...outcome, headers: [...outcome.headers] } : outcome;

function company(fullName: string): RegistrantProfile {
  return {
    type: "enterprise",
    fullName,
    phone: "+842838221234",
    address: "25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
    personalId: null,
    companyName: "Công ty TNHH Quảng cáo Cùng Lúc",
    businessRegistrationNumber: "0314409058",
    taxCode: "0314409058",
    licenceFileId: null,
  };
}

const licence = {
  data: PDF,
  allowedMimes: ["application/pdf", "image/jpeg", "image/png"],
  maxBytes: 20 * 1024 * 1024,
};

describe.each(testDatabases())("one account per address on $name", (target) => {
  describe.skipIf(!target.available)("requests for the same address at the same moment", () => {
    const { bed } = identityTestbed(target);
    let receiver: SmtpReceiver;
    let db: Db;
    let services: Services;
    // The accounts door as the server mounts it: the emailed links reach better-auth through it.
    let door: FastifyInstance;
    beforeAll(async () => {
      ({ receiver, db, services } = bed);
      door = Fastify();
      await door.register(authRoutes, {
        auth: services.auth,
        publicUrl: PUBLIC_URL,
        limiter: services.limiter,
      });
      await door.ready();
    });
    afterAll(async () => {
      await door?.close();
    });

    const unownedLicences = () =>
      db.kysely
        .selectFrom("files")
        .select(["id", "storage_key"])
        .where("owner_user_id", "is", null)
        .where("purpose", "=", "licence")
        .execute();
    const accountsOf = (email: string) =>
      db.kysely
        .selectFrom("user")
        .leftJoin("registrants", "registrants.user_id", "user.id")
        .select(["user.id", "user.lang", "registrants.full_name", "registrants.licence_file_id"])
        .where("user.email", "=", email)
        .execute();
    const emailOf = async (userId: string) =>
      (
        await db.kysely
          .selectFrom("user")
          .select("email")
          .where("id", "=", userId)
          .executeTakeFirstOrThrow()
      ).email;

    it("registers one account when two companies register one new address together; the other is answered as a taken address is", async () => {
      const email = uniqueEmail("cung-luc");
      expect(await unownedLicences()).toEqual([]);
      // Both registrations check the address and store their licence, then wait at their
      // password's hash: both found the address free, neither has written its account.
      const gate = holdHeavyWork();
      const racing = [
        services.identity.register(
          { email, password: PASSWORD, profile: company("Nguyễn Thị Trước"), licence },
          meta("vi", "203.0.113.81"),
        ),
        services.identity.register(
          { email, password: PASSWORD, profile: company("Nguyen Van Sau"), licence },
          meta("en", "203.0.113.82"),
        ),
      ];
      await until(async () => (await unownedLicences()).length === 2, "both licences stored");
      const stored = await unownedLicences();
      await gate.release();
      const outcomes = await Promise.all(racing);

      // One account: its user, its credential, its profile and its licence.
      const accounts = await accountsOf(email);
      expect(accounts).toHaveLength(1);
      const winner = accounts[0]!;
      const winnerLang = winner.lang as Lang;
      expect(winner.full_name).toBe(winnerLang === "vi" ? "Nguyễn Thị Trước" : "Nguyen Van Sau");
      const credentials = await db.kysely
        .selectFrom("account")
        .select("id")
        .where("userId", "=", winner.id)
        .execute();
      expect(credentials).toHaveLength(1);
      expect(stored.map((file) => file.id)).toContain(winner.licence_file_id);
      expect((await services.files.find(winner.licence_file_id!))?.owner_user_id).toBe(winner.id);

      // The other registration left nothing: no licence row, no stored bytes, no profile.
      const lost = stored.find((file) => file.id !== winner.licence_file_id)!;
      expect(await services.files.find(lost.id)).toBeUndefined();
      expect(await services.storage.stat(services.files.objectKey(lost.storage_key))).toBeNull();
      expect(await unownedLicences()).toEqual([]);
      const profiles = await db.kysely
        .selectFrom("registrants")
        .select("user_id")
        .where("company_name", "=", "Công ty TNHH Quảng cáo Cùng Lúc")
        .execute();
      expect(profiles).toEqual([{ user_id: winner.id }]);

      // Both answered alike, and as the check answers an address that has an account (here a
      // third registration after them): "check your email", no session, in either language.
      const later = await services.identity.register(
        { email, password: PASSWORD, profile: company("Trần Văn Muộn"), licence },
        meta("en", "203.0.113.83"),
      );
      expect(outcomes.map(answer)).toEqual([answer(later), answer(later)]);
      expect(answer(later)).toEqual({ ok: true, headers: [] });
      expect(await unownedLicences()).toEqual([]);
      // The address got its confirmation link, and its owner a notice for each refused attempt.
      const subjects = [];
      for (let i = 0; i < 3; i += 1) subjects.push((await receiver.next(email)).subject);
      expect(subjects.sort()).toEqual(
        [
          SUBJECTS.verification[winnerLang],
          SUBJECTS.registrationAttempt[winnerLang],
          SUBJECTS.registrationAttempt[winnerLang],
        ].sort(),
      );
    });

    it("invites one staff member when two invitations name one address together; the other is refused as a taken address is", async () => {
      const email = uniqueEmail("bien-tap");
      const outcomes = await atOnce(db, () => [
        services.staff.invite({ email, name: "Biên Tập Một", role: "editor", lang: "vi" }),
        services.staff.invite({ email, name: "Finance Two", role: "finance", lang: "en" }),
      ]);
      const later = await services.staff.invite({
        email,
        name: "Biên Tập Ba",
        role: "editor",
        lang: "vi",
      });
      expect(later).toMatchObject({
        ok: false,
        status: 409,
        fieldErrors: { email: "adminPlatform.errors.emailTaken" },
      });
      const accounts = await accountsOf(email);
      expect(accounts).toHaveLength(1);
      expect(outcomes).toContainEqual({ ok: true, userId: accounts[0]!.id });
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([later]);
      // One invitation went out, for the account that exists.
      expect((await receiver.next(email)).subject).toBe(
        SUBJECTS.staffInvitation[accounts[0]!.lang as Lang],
      );
      await expect(receiver.next(email, 300)).rejects.toThrow(/no mail/);
    });

    it("gives one address to one of two unconfirmed accounts changing to it together; the other keeps its own, told the address is taken", async () => {
      const first = uniqueEmail("chua-xac-nhan-1");
      const second = uniqueEmail("chua-xac-nhan-2");
      const wanted = uniqueEmail("dia-chi-chung");
      const signedUp = async (email: string, ip: string) => {
        const outcome = await services.identity.register(
          { email, password: PASSWORD, profile: individual("Trần Văn An") },
          meta("vi", ip),
        );
        expect(outcome.ok).toBe(true);
        const signedIn = await services.identity.signIn(
          { email, password: PASSWORD },
          meta("vi", ip),
          "entrant",
        );
        if (!signedIn.ok) throw new Error("not signed in");
        const cookie = cookieFrom(signedIn.headers);
        const user = (await services.identity.currentUser(withCookie(cookie)))!;
        expect(user.emailVerified).toBe(false);
        return { cookie, user };
      };
      const a = await signedUp(first, "203.0.113.84");
      const b = await signedUp(second, "203.0.113.85");
      const change = (who: { cookie: string; user: typeof a.user }) =>
        services.identity.changeEmail(
          who.user,
          withCookie(who.cookie),
          { newEmail: wanted, currentPassword: PASSWORD },
          "vi",
        );
      const outcomes = await atOnce(db, () => [change(a), change(b)]);

      const owner = await accountsOf(wanted);
      expect(owner).toHaveLength(1);
      const [winner, loser] = owner[0]!.id === a.user.id ? [a, b] : [b, a];
      expect(outcomes[winner === a ? 0 : 1]).toMatchObject({ ok: true, immediate: true });
      const refused = outcomes[winner === a ? 1 : 0];
      // The same refusal the check gives when the address already has its account.
      expect(refused).toEqual(await change(loser));
      expect(refused).toEqual({
        ok: false,
        status: 409,
        formError: "auth.emailTaken",
        fieldErrors: { newEmail: "auth.emailTaken" },
      });
      expect(await emailOf(loser.user.id)).toBe(loser.user.email);
    });

    it.each(["vi", "en"] as const)(
      "changes nothing when the link is opened after the new address became another account's (%s)",
      async (lang) => {
        const email = uniqueEmail(`da-xac-nhan-${lang}`);
        const wanted = uniqueEmail(`bi-chiem-${lang}`);
        const userId = await services.identity.createEntrant({
          email,
          password: PASSWORD,
          profile: individual("Lê Thị Hoa"),
        });
        await services.identity.setEmailLanguage(userId, lang);
        const signedIn = await services.identity.signIn(
          { email, password: PASSWORD },
          meta(lang, "203.0.113.86"),
          "entrant",
        );
        if (!signedIn.ok) throw new Error("not signed in");
        const cookie = cookieFrom(signedIn.headers);
        const user = (await services.identity.currentUser(withCookie(cookie)))!;
        const asked = await services.identity.changeEmail(
          user,
          withCookie(cookie),
          { newEmail: wanted, currentPassword: PASSWORD },
          lang,
        );
        expect(asked).toMatchObject({ ok: true, immediate: false });
        const link = linkIn(await receiver.next(wanted), `${PUBLIC_URL}/api/auth/verify-email?`);

        // Meanwhile someone registers the address the link would move the account to.
        const registered = await services.identity.register(
          { email: wanted, password: PASSWORD, profile: individual("Người Đăng Ký Trước") },
          meta("vi", "203.0.113.87"),
        );
        expect(registered.ok).toBe(true);
        const newcomer = (await accountsOf(wanted))[0]!;

        const followed = await door.inject({
          method: "GET",
          url: link.slice(PUBLIC_URL.length),
          headers: { host: "localhost:3000", cookie },
        });
        expect(followed.statusCode).toBe(302);
        expect(followed.headers.location).toBe(
          `${lang === "en" ? "/en" : ""}/tai-khoan?emailChanged=1&error=email_taken`,
        );
        // Both accounts as they were; the old address is told of no change.
        expect(await services.identity.currentUser(withCookie(cookie))).toMatchObject({
          email,
          emailVerified: true,
        });
        expect(await accountsOf(wanted)).toEqual([newcomer]);
        expect((await receiver.next(wanted)).subject).toBe(SUBJECTS.verification.vi);
        await expect(receiver.next(email, 300)).rejects.toThrow(/no mail/);
      },
    );

    it("moves one of two confirmed accounts whose links to one address are opened together; the other lands on the page saying the address is taken", async () => {
      const wanted = uniqueEmail("lien-ket-chung");
      const confirmed = async (email: string, ip: string) => {
        const userId = await services.identity.createEntrant({
          email,
          password: PASSWORD,
          profile: individual("Phạm Văn Bình"),
        });
        const signedIn = await services.identity.signIn(
          { email, password: PASSWORD },
          meta("vi", ip),
          "entrant",
        );
        if (!signedIn.ok) throw new Error("not signed in");
        const cookie = cookieFrom(signedIn.headers);
        const user = (await services.identity.currentUser(withCookie(cookie)))!;
        const asked = await services.identity.changeEmail(
          user,
          withCookie(cookie),
          { newEmail: wanted, currentPassword: PASSWORD },
          "vi",
        );
        expect(asked).toMatchObject({ ok: true, immediate: false });
        const link = linkIn(await receiver.next(wanted), `${PUBLIC_URL}/api/auth/verify-email?`);
        return { userId, email, cookie, link };
      };
      const a = await confirmed(uniqueEmail("xac-nhan-1"), "203.0.113.88");
      const b = await confirmed(uniqueEmail("xac-nhan-2"), "203.0.113.89");
      const open = (who: typeof a, ip: string) =>
        door.inject({
          method: "GET",
          url: who.link.slice(PUBLIC_URL.length),
          headers: { host: "localhost:3000", cookie: who.cookie },
          remoteAddress: ip,
        });
      const responses = await atOnce(db, () => [
        open(a, "198.51.100.11"),
        open(b, "198.51.100.12"),
      ]);

      const owner = await accountsOf(wanted);
      expect(owner).toHaveLength(1);
      const aWon = owner[0]!.id === a.userId;
      const [winner, loser] = aWon ? [a, b] : [b, a];
      expect(responses.map((response) => response.statusCode)).toEqual([302, 302]);
      expect(responses[aWon ? 0 : 1]!.headers.location).toBe(
        `${PUBLIC_URL}/tai-khoan?emailChanged=1`,
      );
      expect(responses[aWon ? 1 : 0]!.headers.location).toBe(
        "/tai-khoan?emailChanged=1&error=email_taken",
      );
      expect(await emailOf(winner.userId)).toBe(wanted);
      expect(await emailOf(loser.userId)).toBe(loser.email);
      // Only the account that moved has its old address told.
      expect((await receiver.next(winner.email)).subject).toBe(SUBJECTS.emailChanged.vi);
      await expect(receiver.next(loser.email, 300)).rejects.toThrow(/no mail/);
    });
  });
});
