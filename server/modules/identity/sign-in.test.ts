import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database";
import type { Services } from "../../services";
import { testDatabases } from "../../test-support/databases";
import { createRateLimiter, LIMITS } from "./rate-limit";
import { createIdentityService } from "./service";
import {
  cookieFrom,
  identityTestbed,
  individual,
  meta,
  PASSWORD,
  PUBLIC_URL,
  uniqueEmail,
  withCookie,
} from "./testbed";

describe.each(testDatabases())("identity on $name", (target) => {
  describe.skipIf(!target.available)("sign-in and sessions", () => {
    const { bed, registerIndividual } = identityTestbed(target);
    let db: Db;
    let services: Services;
    beforeAll(() => {
      ({ db, services } = bed);
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
      expect(
        await limiter.count(
          `signin:account-ip:${ip}:${email}`,
          LIMITS.signInFailuresPerAccountFromIp,
        ),
      ).toBe(50);
      expect(await limiter.count(`signin:ip:${ip}`, LIMITS.signInFailuresPerIp)).toBe(50);
      // Exactly the account's limit got as far as the password check.
      const statuses = outcomes.map((outcome) => (outcome.ok ? 200 : outcome.status));
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        LIMITS.signInFailuresPerAccountFromIp.limit,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        50 - LIMITS.signInFailuresPerAccountFromIp.limit,
      );
    });

    it("counts nothing more for an address once it is refused: no counter for each account it names", async () => {
      const ip = "198.51.100.51";
      const limiter = createRateLimiter(db);
      for (let i = 0; i < LIMITS.signInFailuresPerIp.limit; i += 1) {
        await services.identity.signIn(
          { email: uniqueEmail(`spray-${i}`), password: "wrong-password" },
          meta("vi", ip),
          "entrant",
        );
      }
      const before = await db.kysely
        .selectFrom("rate_limits")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      for (let i = 0; i < 20; i += 1) {
        const email = uniqueEmail(`sprayed-${i}`);
        const outcome = await services.identity.signIn(
          { email, password: "wrong-password" },
          meta("vi", ip),
          "entrant",
        );
        expect(outcome).toMatchObject({ ok: false, status: 429 });
        expect(
          await limiter.count(`signin:account:${email}`, LIMITS.signInFailuresPerAccount),
        ).toBe(0);
      }
      const after = await db.kysely
        .selectFrom("rate_limits")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
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

      // The session cookie is found among others; without it the request is nobody.
      const among = withCookie(`lang=vi; theme=dark; ${cookie}; consent=1`);
      expect((await services.identity.currentUser(among))?.email).toBe(email);
      expect(await services.identity.currentUser(withCookie("lang=vi; theme=dark"))).toBeNull();
      expect(await services.identity.currentUser(new Headers())).toBeNull();

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

    it("locks an account after 10 failed sign-ins, with the wait, and lets it in after the window", async () => {
      let now = Date.parse("2026-09-01T03:00:00.000Z");
      const identity = createIdentityService({
        db,
        auth: services.auth,
        limiter: createRateLimiter(db, () => now),
        files: services.files,
        audit: services.audit,
        publicUrl: PUBLIC_URL,
        registrationWindow: () => services.seasons.registration(),
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
      expect(wait).toBeLessThanOrEqual(LIMITS.signInFailuresPerAccountFromIp.windowMs / 1000);

      // Five minutes later the wait is shorter, and still no password gets in.
      now += 5 * 60_000;
      const later = await attempt(PASSWORD);
      expect(later).toMatchObject({ ok: false, status: 429 });
      expect(later.ok ? 0 : (later.retryAfterSeconds ?? 0)).toBeLessThan(wait);

      now += LIMITS.signInFailuresPerAccountFromIp.windowMs;
      expect((await attempt(PASSWORD)).ok).toBe(true);
    });

    it("keeps a stranger failing on purpose from locking the owner out; guessing from many addresses locks it", async () => {
      const identity = createIdentityService({
        db,
        auth: services.auth,
        limiter: createRateLimiter(db),
        files: services.files,
        audit: services.audit,
        publicUrl: PUBLIC_URL,
        registrationWindow: () => services.seasons.registration(),
      });
      const email = uniqueEmail("khoa");
      await registerIndividual(email);
      const attempt = (password: string, ip: string) =>
        identity.signIn({ email, password }, meta("vi", ip), "entrant");

      // A stranger at one address fails until refused there, and goes on failing.
      const stranger = "203.0.113.99";
      for (let i = 0; i < LIMITS.signInFailuresPerAccountFromIp.limit; i += 1) {
        expect(await attempt(`wrong-password-${i}`, stranger)).toMatchObject({ status: 401 });
      }
      expect(await attempt(PASSWORD, stranger)).toMatchObject({ ok: false, status: 429 });
      // The owner, at their own address, still signs in.
      expect((await attempt(PASSWORD, "198.51.100.77")).ok).toBe(true);

      // Guessing spread over many addresses, past the account's overall limit, locks it everywhere.
      const perIp = LIMITS.signInFailuresPerAccountFromIp.limit;
      const spread = LIMITS.signInFailuresPerAccount.limit;
      for (let i = 0; i < spread; i += 1) {
        const ip = `192.0.2.${Math.floor(i / perIp) + 1}`;
        await attempt(`guess-${i}`, ip);
      }
      expect(await attempt(PASSWORD, "198.51.100.78")).toMatchObject({
        ok: false,
        status: 429,
        formError: "auth.tooManyAttempts",
      });
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
      expect((await services.identity.registrantProfile(a!.id))?.phone).toBe("+84912345678");
      expect(b?.email).toBe(emailB);
      expect((await services.identity.registrantProfile(b!.id))?.phone).toBe("+84987654321");
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
      const editor = await services.identity.currentUser(withCookie(cookie));
      expect(editor).toMatchObject({ role: "editor", emailVerified: true });
      expect(await services.identity.registrantProfile(editor!.id)).toBeNull();
      const public_ = await services.identity.signIn(
        { email, password: PASSWORD },
        meta(),
        "entrant",
      );
      expect(public_).toMatchObject({ ok: false, status: 401 });
    });
  });
});
