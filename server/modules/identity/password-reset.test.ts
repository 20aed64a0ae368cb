import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../../services";
import { testDatabases } from "../../test-support/databases";
import { SUBJECTS } from "../../test-support/email-subjects";
import { queuedMailSent } from "../../test-support/mail";
import { linkIn, type SmtpReceiver } from "../../test-support/smtp-receiver";
import { LIMITS } from "./rate-limit";
import {
  identityTestbed,
  meta,
  NEW_PASSWORD,
  PASSWORD,
  PUBLIC_URL,
  uniqueEmail,
  withCookie,
} from "./testbed";

describe.each(testDatabases())("identity on $name", (target) => {
  describe.skipIf(!target.available)("password reset", () => {
    const { bed, registerIndividual, follow } = identityTestbed(target);
    let receiver: SmtpReceiver;
    let services: Services;
    beforeAll(() => {
      ({ receiver, services } = bed);
    });

    it("resets a password through the emailed link: the old one stops working", async () => {
      const email = uniqueEmail("chi");
      const registered = await registerIndividual(email, "en");
      await receiver.next(email); // the verification email

      const asked = Date.now();
      expect((await services.identity.requestPasswordReset(email, meta("en"))).ok).toBe(true);
      const mail = await receiver.next(email);
      expect(mail.subject).toBe(SUBJECTS.passwordReset.en);
      // The email states when the link stops working: an hour after the request, Vietnam time.
      const until = /works until (\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d) \(Vietnam time\)/.exec(
        mail.text ?? "",
      );
      expect(until, mail.text).not.toBeNull();
      const [, day, month, year, hour, minute] = until!.map(Number);
      const stated = Date.UTC(year!, month! - 1, day!, hour! - 7, minute!);
      expect(Math.abs(stated - (asked + 60 * 60_000))).toBeLessThan(2 * 60_000);
      const link = linkIn(mail, `${PUBLIC_URL}/api/auth/reset-password/`);
      const landing = await follow(link);
      expect(landing.status).toBe(302);
      const page = new URL(landing.headers.get("location") ?? "");
      expect(page.pathname).toBe("/en/dat-lai-mat-khau");
      const token = page.searchParams.get("token") ?? "";
      expect(token).not.toBe("");

      // Asked from the Vietnamese page, the English account's link still opens the English one.
      expect((await services.identity.requestPasswordReset(email, meta("vi"))).ok).toBe(true);
      const again = await receiver.next(email);
      expect(again.subject).toBe(SUBJECTS.passwordReset.en);
      const landedAgain = await follow(linkIn(again, `${PUBLIC_URL}/api/auth/reset-password/`));
      expect(new URL(landedAgain.headers.get("location") ?? "").pathname).toBe(
        "/en/dat-lai-mat-khau",
      );

      // A reset, not a first password: the account had one.
      expect(await services.identity.passwordLinkPurpose(token)).toBe("reset");
      expect(await services.identity.resetPassword(token, NEW_PASSWORD)).toMatchObject({
        ok: true,
        firstPassword: false,
      });
      expect(await services.identity.passwordLinkPurpose(token)).toBeNull();
      expect(await services.identity.passwordLinkPurpose("")).toBeNull();
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

    it("emails the link once the mail server takes it again, and the link still works", async () => {
      const email = uniqueEmail("hoa");
      await registerIndividual(email, "vi");
      await receiver.next(email); // the verification email

      // The server turns connections away: the request still succeeds, the email waits.
      receiver.busy = true;
      const asked = Date.now();
      try {
        expect((await services.identity.requestPasswordReset(email, meta("vi"))).ok).toBe(true);
        // The mail job's first attempt, just after the answer, is turned away.
        await queuedMailSent(bed.db);
        await expect(receiver.next(email, 300)).rejects.toThrow(/no mail/);
      } finally {
        receiver.busy = false;
      }
      const answered = Date.now();

      // The mail-retry job's run a minute later sends it.
      expect(await services.mail.retryDue(new Date(Date.now() + 61_000))).toMatchObject({
        sent: 1,
      });
      const mail = await receiver.next(email);
      expect(mail.subject).toBe(SUBJECTS.passwordReset.vi);
      const landing = await follow(linkIn(mail, `${PUBLIC_URL}/api/auth/reset-password/`));
      const token = new URL(landing.headers.get("location") ?? "").searchParams.get("token");
      expect(token).toBeTruthy();
      // Its hour runs from when it was asked for, not from when the email finally went.
      const link = await (
        await services.auth.$context
      ).internalAdapter.findVerificationValue(`reset-password:${token}`);
      const expires = new Date(link!.expiresAt).getTime();
      expect(expires).toBeGreaterThanOrEqual(asked + 3_600_000 - 1_000);
      expect(expires).toBeLessThanOrEqual(answered + 3_600_000 + 1_000);
      expect((await services.identity.resetPassword(token!, NEW_PASSWORD)).ok).toBe(true);
      const signedIn = await services.identity.signIn(
        { email, password: NEW_PASSWORD },
        meta("vi"),
        "entrant",
      );
      expect(signedIn.ok).toBe(true);
    });

    it("answers a known address's reset request without waiting for the mail server", async () => {
      const email = uniqueEmail("nhanh");
      await registerIndividual(email, "vi");
      await receiver.next(email); // the verification email

      // The mail server answers each message two seconds after it was sent.
      setTimeout(receiver.hold(), 2_000);
      const started = performance.now();
      expect((await services.identity.requestPasswordReset(email, meta("vi"))).ok).toBe(true);
      // Answered well before the server: the email goes after the answer.
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(receiver.received.some((mail) => mail.to.includes(email))).toBe(false);
      // And it arrives once the server answers.
      const mail = await receiver.next(email, 10_000);
      expect(mail.subject).toBe(SUBJECTS.passwordReset.vi);
    });

    it("answers a reset request for an unknown address like any other, and sends nothing", async () => {
      const nobody = uniqueEmail("nobody");
      expect(await services.identity.requestPasswordReset(nobody, meta())).toMatchObject({
        ok: true,
      });
      await expect(receiver.next(nobody, 300)).rejects.toThrow(/no mail/);
    });

    it("sends no link to a deactivated account, and answers as for any address", async () => {
      const email = uniqueEmail("khoa");
      await registerIndividual(email, "vi");
      await receiver.next(email); // the verification email
      await bed.db.kysely
        .updateTable("user")
        .set({ active: (bed.db.kind === "postgres" ? false : 0) as never })
        .where("email", "=", email)
        .execute();
      expect(await services.identity.requestPasswordReset(email, meta("vi"))).toMatchObject({
        ok: true,
      });
      await expect(receiver.next(email, 300)).rejects.toThrow(/no mail/);
    });

    it("limits password-reset requests per account, saying how long to wait", async () => {
      const email = uniqueEmail("giang");
      await registerIndividual(email, "vi", "198.51.100.8");
      const request = () =>
        services.identity.requestPasswordReset(email, meta("vi", "198.51.100.8"));
      for (let i = 0; i < LIMITS.resetPerAccountFromIp.limit; i += 1) {
        expect((await request()).ok).toBe(true);
      }
      const refused = await request();
      expect(refused).toMatchObject({ ok: false, status: 429 });
      expect(refused.ok ? 0 : (refused.retryAfterSeconds ?? 0)).toBeGreaterThan(0);
    });

    it("still sends the owner a link when a stranger at one address used up theirs; many addresses are limited", async () => {
      const email = uniqueEmail("hanh");
      await registerIndividual(email, "vi", "198.51.100.9");
      // Reset emails go just after each answer: counted once every queued one has been sent.
      const sentTo = async () => {
        await queuedMailSent(bed.db);
        return receiver.received.filter(
          (mail) => mail.to.includes(email) && mail.parsed.subject === SUBJECTS.passwordReset.vi,
        ).length;
      };
      const before = await sentTo();
      const from = (ip: string) => services.identity.requestPasswordReset(email, meta("vi", ip));
      for (let i = 0; i < LIMITS.resetPerAccountFromIp.limit; i += 1) {
        expect((await from("203.0.113.20")).ok).toBe(true);
      }
      expect(await from("203.0.113.20")).toMatchObject({ ok: false, status: 429 });
      // The owner, at their own address, gets a link.
      expect((await from("198.51.100.10")).ok).toBe(true);
      expect(await sentTo()).toBe(before + LIMITS.resetPerAccountFromIp.limit + 1);

      // Spread over many addresses, the account's mailbox gets no more than its overall limit.
      for (let i = 0; i < LIMITS.resetPerAccount.limit; i += 1) await from(`192.0.2.${100 + i}`);
      expect(await from("198.51.100.11")).toMatchObject({ ok: false, status: 429 });
      expect(await sentTo()).toBe(before + LIMITS.resetPerAccount.limit);
    });
  });
});
