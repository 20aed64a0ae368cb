import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../../core/languages";
import type { Config } from "../../config";
import { migrateToLatest, type Db } from "../../db/database";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";
import { linkIn, startSmtpReceiver, type SmtpReceiver } from "../../test-support/smtp-receiver";
import { FileRejected } from "../files/storage";
import { createRateLimiter, LIMITS } from "./rate-limit";
import { createIdentityService, type RegistrantProfile, type RequestMeta } from "./service";
import { SUBJECTS } from "../../test-support/email-subjects";

const PUBLIC_URL = "http://localhost:3000";
const PASSWORD = "mua-thu-ha-noi-2026";
const NEW_PASSWORD = "song-hong-chay-mai";

/** A tiny but well-formed PDF and PNG, as a registrant would upload them. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const uniqueEmail = (who: string) => `${who}.${randomBytes(4).toString("hex")}@example.vn`;

/** A request from one browser: its IP and page language. */
function meta(lang: Lang = "vi", ip = "203.0.113.10", cookie?: string): RequestMeta {
  const headers = new Headers({ "x-vx-client-ip": ip, origin: PUBLIC_URL });
  if (cookie) headers.set("cookie", cookie);
  return { headers, ip, lang };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const withCookie = (cookie: string) => new Headers({ cookie });

function individual(fullName: string): RegistrantProfile {
  return {
    type: "individual",
    fullName,
    phone: "+84912345678",
    address: "12 Lê Thánh Tôn, Quận 1, TP. Hồ Chí Minh",
    personalId: "001203004567",
    companyName: null,
    businessRegistrationNumber: null,
    taxCode: null,
    licenceFileId: null,
  };
}

describe.each(testDatabases())("identity on $name", (target) => {
  describe.skipIf(!target.available)("accounts, email and limits", () => {
    let receiver: SmtpReceiver;
    let db: Db;
    let config: Config;
    let services: Services;

    beforeAll(async () => {
      receiver = await startSmtpReceiver();
      db = await target.open();
      await migrateToLatest(db);
      config = testConfig({ SMTP_URL: receiver.url, PUBLIC_URL });
      services = createServices(db, config, { onContentChange: () => {} });
    });

    afterAll(async () => {
      services?.mail.close();
      await receiver?.close();
      await target.cleanup();
      if (config) rmSync(config.dataDir, { recursive: true, force: true });
    });

    /** Registers an individual entrant, then signs in (registering alone does not) for the cookie. */
    async function registerIndividual(email: string, lang: Lang = "vi", ip?: string) {
      const outcome = await services.identity.register(
        { email, password: PASSWORD, profile: individual("Trần Văn An") },
        meta(lang, ip),
      );
      if (!outcome.ok) throw new Error(`registration refused: ${outcome.formError}`);
      expect(cookieFrom(outcome.headers)).toBe("");
      const signedIn = await services.identity.signIn(
        { email, password: PASSWORD },
        meta(lang, ip),
        "entrant",
      );
      if (!signedIn.ok) throw new Error(`sign-in refused: ${signedIn.formError}`);
      return cookieFrom(signedIn.headers);
    }

    /** Follows an emailed /api/auth link as the browser would (with its cookie, if any). */
    async function follow(link: string, cookie?: string): Promise<Response> {
      expect(link.startsWith(`${PUBLIC_URL}/api/auth/`)).toBe(true);
      return services.auth.handler(
        new Request(link, { headers: cookie ? { cookie } : {}, redirect: "manual" }),
      );
    }

    async function verifyByEmail(email: string, lang: Lang) {
      const mail = await receiver.next(email);
      expect(mail.subject).toBe(SUBJECTS.verification[lang]);
      const response = await follow(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email?`));
      expect(response.status).toBe(302);
      expect((await receiver.next(email)).subject).toBe(SUBJECTS.welcome[lang]);
    }

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
      expect(user?.registrant).toEqual(individual("Trần Văn An"));
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
      expect(user).toMatchObject({ email, lang: "en", registrant: profile });
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

    it("counts 50 parallel wrong passwords as exactly 50 (the limiter counts in one statement)", async () => {
      const email = uniqueEmail("parallel");
      await registerIndividual(email, "vi", "203.0.113.50");
      const ip = "198.51.100.50";
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          services.identity.signIn(
            { email, password: `wrong-password-${i}` },
            meta("vi", ip),
            "entrant",
          ),
        ),
      );
      const limiter = createRateLimiter(db);
      expect(await limiter.count(`signin:account:${email}`, LIMITS.signInFailuresPerAccount)).toBe(
        50,
      );
      expect(await limiter.count(`signin:ip:${ip}`, LIMITS.signInFailuresPerIp)).toBe(50);
      // Exactly the account's limit got as far as the password check.
      const statuses = outcomes.map((outcome) => (outcome.ok ? 200 : outcome.status));
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        LIMITS.signInFailuresPerAccount.limit,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        50 - LIMITS.signInFailuresPerAccount.limit,
      );
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

    it("answers an unknown address, the other door and a wrong password the same way", async () => {
      const email = uniqueEmail("same");
      await registerIndividual(email, "vi", "203.0.113.60");
      const ip = "198.51.100.60";
      const unknown = await services.identity.signIn(
        { email: uniqueEmail("nobody"), password: PASSWORD },
        meta("vi", ip),
        "entrant",
      );
      const wrong = await services.identity.signIn(
        { email, password: "not-the-password" },
        meta("vi", ip),
        "entrant",
      );
      const otherDoor = await services.identity.signIn(
        { email, password: PASSWORD },
        meta("vi", ip),
        "staff",
      );
      expect(unknown).toEqual({ ok: false, status: 401, formError: "auth.invalidCredentials" });
      expect(wrong).toEqual(unknown);
      expect(otherDoor).toEqual(unknown);
    });

    it("signs in with the right password only, each time with a new session", async () => {
      const email = uniqueEmail("binh");
      const registered = await registerIndividual(email);
      const wrong = await services.identity.signIn(
        { email, password: "not-the-password" },
        meta(),
        "entrant",
      );
      expect(wrong).toMatchObject({ ok: false, status: 401, formError: "auth.invalidCredentials" });

      const right = await services.identity.signIn(
        { email, password: PASSWORD },
        meta(),
        "entrant",
      );
      expect(right.ok).toBe(true);
      const cookie = right.ok ? cookieFrom(right.headers) : "";
      expect(cookie).toMatch(/^vx\.session_token=/);
      expect(cookie).not.toBe(registered);
      expect((await services.identity.currentUser(withCookie(cookie)))?.email).toBe(email);

      // An entrant is not staff: the back-office sign-in refuses the same credentials.
      const asStaff = await services.identity.signIn(
        { email, password: PASSWORD },
        meta(),
        "staff",
      );
      expect(asStaff).toMatchObject({ ok: false, status: 401 });

      // Signing out ends that session; the other one lives on.
      await services.identity.signOut(withCookie(cookie));
      expect(await services.identity.currentUser(withCookie(cookie))).toBeNull();
      expect((await services.identity.currentUser(withCookie(registered)))?.email).toBe(email);
    });

    it("resets a password through the emailed link: the old one stops working", async () => {
      const email = uniqueEmail("chi");
      const registered = await registerIndividual(email, "en");
      await receiver.next(email); // the verification email

      expect((await services.identity.requestPasswordReset(email, meta("en"))).ok).toBe(true);
      const mail = await receiver.next(email);
      expect(mail.subject).toBe(SUBJECTS.passwordReset.en);
      const link = linkIn(mail, `${PUBLIC_URL}/api/auth/reset-password/`);
      const landing = await follow(link);
      expect(landing.status).toBe(302);
      const page = new URL(landing.headers.get("location") ?? "");
      expect(page.pathname).toBe("/en/dat-lai-mat-khau");
      const token = page.searchParams.get("token") ?? "";
      expect(token).not.toBe("");

      expect((await services.identity.resetPassword(token, NEW_PASSWORD)).ok).toBe(true);
      // The link works once, and the sessions from before the reset are gone.
      expect(await services.identity.resetPassword(token, "another-new-password")).toMatchObject({
        ok: false,
        formError: "auth.resetLinkInvalid",
      });
      expect(await services.identity.currentUser(withCookie(registered))).toBeNull();

      const old = await services.identity.signIn(
        { email, password: PASSWORD },
        meta("en"),
        "entrant",
      );
      expect(old).toMatchObject({ ok: false, status: 401 });
      const fresh = await services.identity.signIn(
        { email, password: NEW_PASSWORD },
        meta("en"),
        "entrant",
      );
      expect(fresh.ok).toBe(true);
    });

    it("answers a reset request for an unknown address like any other, and sends nothing", async () => {
      const nobody = uniqueEmail("nobody");
      expect(await services.identity.requestPasswordReset(nobody, meta())).toMatchObject({
        ok: true,
      });
      await expect(receiver.next(nobody, 300)).rejects.toThrow(/no mail/);
    });

    it("locks an account after 10 failed sign-ins, with the wait, and lets it in after the window", async () => {
      let now = Date.parse("2026-09-01T03:00:00.000Z");
      const identity = createIdentityService({
        db,
        auth: services.auth,
        limiter: createRateLimiter(db, () => now),
        files: services.files,
        publicUrl: PUBLIC_URL,
      });
      const email = uniqueEmail("dung");
      await registerIndividual(email);
      const attempt = (password: string) =>
        identity.signIn({ email, password }, meta("vi", "198.51.100.7"), "entrant");

      for (let i = 0; i < 10; i += 1) {
        expect(await attempt(`wrong-password-${i}`)).toMatchObject({ ok: false, status: 401 });
      }
      const locked = await attempt(PASSWORD);
      expect(locked).toMatchObject({ ok: false, status: 429, formError: "auth.tooManyAttempts" });
      const wait = locked.ok ? 0 : (locked.retryAfterSeconds ?? 0);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(LIMITS.signInFailuresPerAccount.windowMs / 1000);

      // Five minutes later the wait is shorter, and still no password gets in.
      now += 5 * 60_000;
      const later = await attempt(PASSWORD);
      expect(later).toMatchObject({ ok: false, status: 429 });
      expect(later.ok ? 0 : (later.retryAfterSeconds ?? 0)).toBeLessThan(wait);

      now += LIMITS.signInFailuresPerAccount.windowMs;
      expect((await attempt(PASSWORD)).ok).toBe(true);
    });

    it("limits password-reset requests per account, saying how long to wait", async () => {
      const email = uniqueEmail("giang");
      await registerIndividual(email, "vi", "198.51.100.8");
      const request = () =>
        services.identity.requestPasswordReset(email, meta("vi", "198.51.100.8"));
      for (let i = 0; i < LIMITS.resetPerAccount.limit; i += 1) {
        expect((await request()).ok).toBe(true);
      }
      const refused = await request();
      expect(refused).toMatchObject({ ok: false, status: 429 });
      expect(refused.ok ? 0 : (refused.retryAfterSeconds ?? 0)).toBeGreaterThan(0);
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

    it("reads only the signed-in person's own data from a session cookie", async () => {
      const emailA = uniqueEmail("a");
      const emailB = uniqueEmail("b");
      const cookieA = await registerIndividual(emailA);
      const outcomeB = await services.identity.register(
        {
          email: emailB,
          password: PASSWORD,
          profile: { ...individual("Bùi Thị B"), phone: "+84987654321" },
        },
        meta(),
      );
      expect(outcomeB.ok).toBe(true);
      const signedInB = await services.identity.signIn(
        { email: emailB, password: PASSWORD },
        meta(),
        "entrant",
      );
      const cookieB = signedInB.ok ? cookieFrom(signedInB.headers) : "";

      const a = await services.identity.currentUser(withCookie(cookieA));
      const b = await services.identity.currentUser(withCookie(cookieB));
      expect(a?.email).toBe(emailA);
      expect(a?.registrant?.phone).toBe("+84912345678");
      expect(b?.email).toBe(emailB);
      expect(b?.registrant?.phone).toBe("+84987654321");
      expect(a?.id).not.toBe(b?.id);

      // A tampered cookie (B's token with A's signature, or garbage) reads no one.
      const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "");
      const [tokenB] = tokenOf(cookieB).split(".");
      const [, signatureA] = tokenOf(cookieA).split(".");
      const forged = `vx.session_token=${encodeURIComponent(`${tokenB}.${signatureA}`)}`;
      expect(await services.identity.currentUser(withCookie(forged))).toBeNull();
      expect(
        await services.identity.currentUser(withCookie("vx.session_token=garbage")),
      ).toBeNull();
    });

    it("creates staff accounts that sign in only at the back office", async () => {
      const email = uniqueEmail("editor");
      await services.identity.createStaff({
        email,
        name: "Biên tập viên",
        password: PASSWORD,
        role: "editor",
      });
      const staff = await services.identity.signIn({ email, password: PASSWORD }, meta(), "staff");
      expect(staff.ok).toBe(true);
      const cookie = staff.ok ? cookieFrom(staff.headers) : "";
      expect(await services.identity.currentUser(withCookie(cookie))).toMatchObject({
        role: "editor",
        emailVerified: true,
        registrant: null,
      });
      const public_ = await services.identity.signIn(
        { email, password: PASSWORD },
        meta(),
        "entrant",
      );
      expect(public_).toMatchObject({ ok: false, status: 401 });
    });
  });
});
