import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runExclusive } from "../../db/advisory-lock";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import { testDatabases } from "../../test-support/databases";
import { SUBJECTS } from "../../test-support/email-subjects";
import { startSmtpReceiver, type SmtpReceiver } from "../../test-support/smtp-receiver";
import { createSettingsService } from "../settings/service";
import type { MailLogger } from "./mailer";
import {
  GIVEN_UP_KEPT_DAYS,
  MAX_ATTEMPTS,
  mailRetries,
  mayPass,
  RETRY_DELAYS_MINUTES,
} from "./retries";
import { createMailService, type MailService } from "./service";

const FROM = "Giải thưởng Vạn Xuân <no-reply@vanxuan-awards.example>";
const TOKEN = "tok_5e4d3c2b1a0f9e8d7c6b";
const URL_WITH_TOKEN = `https://vanxuan-awards.example/dat-lai-mat-khau?token=${TOKEN}`;
const T0 = new Date("2026-12-01T03:00:00.000Z");
const minutes = (n: number) => n * 60_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
/** A retry run that found nothing due. */
const NOTHING_DUE = { sent: 0, waiting: 0, givenUp: 0 };

function recordingLogger() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const record = (level: string) => (obj: object, msg: string) =>
    lines.push({ level, obj: obj as Record<string, unknown>, msg });
  const logger: MailLogger = { info: record("info"), warn: record("warn"), error: record("error") };
  return { lines, logger };
}

/** A free loopback port with nothing listening on it: connections are refused. */
async function closedPort(): Promise<number> {
  const probe = await startSmtpReceiver();
  const port = Number(new URL(probe.url).port);
  await probe.close();
  return port;
}

describe.each(testDatabases())("mail retries on $name", (target) => {
  describe.skipIf(!target.available)("a message the server or the store did not take", () => {
    let db: Db;
    let dir: string;
    let receiver: SmtpReceiver;
    let log: ReturnType<typeof recordingLogger>;
    let now: Date;
    const services: MailService[] = [];

    /** The mail service as one app process has it: SMTP (or the outbox), the retry table. */
    function mailService(smtpUrl: string | null, outboxDir = path.join(dir, "outbox")) {
      const mail = createMailService(
        { publicUrl: "https://vanxuan-awards.example", mail: { smtpUrl, from: FROM, outboxDir } },
        createSettingsService(db, () => {}),
        log.logger,
        undefined,
        { retries: mailRetries(db.kysely), clock: () => now },
      );
      services.push(mail);
      return mail;
    }

    const sendReset = (mail: MailService, to: string) =>
      mail.sendPasswordReset(to, "vi", {
        name: "Trần Văn Bình",
        url: URL_WITH_TOKEN,
        expiresAt: "2026-12-05T08:35:00.000Z",
      });

    const rows = () => db.kysely.selectFrom("mail_retries").selectAll().orderBy("id").execute();

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db);
      dir = mkdtempSync(path.join(tmpdir(), "vx-mail-retries-"));
      receiver = await startSmtpReceiver();
    });
    beforeEach(() => {
      now = T0;
      log = recordingLogger();
      receiver.busy = false;
      receiver.received.length = 0;
    });
    afterEach(async () => {
      for (const mail of services.splice(0)) mail.close();
      await db.kysely.deleteFrom("mail_retries").execute();
    });
    afterAll(async () => {
      await receiver?.close();
      await target.cleanup();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("waits when the server is busy and goes, the same message, once its retry is due", async () => {
      const mail = mailService(receiver.url);
      receiver.busy = true;

      const id = await sendReset(mail, "binh.busy@example.vn");

      expect(receiver.received).toHaveLength(0);
      const [waiting] = await rows();
      expect(waiting).toMatchObject({
        id,
        recipient: "binh.busy@example.vn",
        template: "passwordReset",
        lang: "vi",
        attempts: 1,
        next_attempt_at: later(T0, minutes(1)).toISOString(),
        given_up_at: null,
      });
      expect(waiting!.last_error).toContain("421");
      expect(log.lines).toEqual([
        {
          level: "warn",
          msg: "mail not sent yet: it will be retried",
          obj: expect.objectContaining({
            mailId: id,
            to: "binh.busy@example.vn",
            attempt: 1,
            nextAttemptAt: later(T0, minutes(1)).toISOString(),
          }),
        },
      ]);
      // The logs never carry the message, whose link holds a token.
      expect(JSON.stringify(log.lines)).not.toContain(TOKEN);

      receiver.busy = false;
      // Not due yet: nothing goes.
      expect(await mail.retryDue(later(T0, minutes(1) - 1))).toEqual(NOTHING_DUE);
      expect(receiver.received).toHaveLength(0);

      expect(await mail.retryDue(later(T0, minutes(1)))).toEqual({
        sent: 1,
        waiting: 0,
        givenUp: 0,
      });
      const delivered = await receiver.next("binh.busy@example.vn");
      expect(delivered.messageId).toBe(`<${id}@vanxuan-awards.example>`);
      // Its Date header is still the first attempt's (the header counts whole seconds).
      expect(delivered.date?.getTime()).toBe(
        Math.floor(Date.parse(waiting!.created_at) / 1000) * 1000,
      );
      expect(delivered.subject).toBe(SUBJECTS.passwordReset.vi);
      expect(waiting!.subject).toBe(SUBJECTS.passwordReset.vi);
      expect(delivered.text).toContain(URL_WITH_TOKEN);
      expect(await rows()).toEqual([]);
      expect(log.lines.at(-1)).toMatchObject({
        level: "info",
        msg: "mail sent",
        obj: { mailId: id, attempt: 2 },
      });

      // Sent once: a later run finds nothing.
      expect(await mail.retryDue(later(T0, minutes(60)))).toEqual(NOTHING_DUE);
      expect(receiver.received).toHaveLength(0);
    });

    it("waits longer after each failure and gives up after the last attempt, keeping no body", async () => {
      const mail = mailService(receiver.url);
      receiver.busy = true;
      const id = await sendReset(mail, "binh.away@example.vn");

      let due = later(T0, minutes(1));
      for (const [index, delay] of RETRY_DELAYS_MINUTES.slice(1).entries()) {
        expect(await mail.retryDue(due)).toEqual({ sent: 0, waiting: 1, givenUp: 0 });
        const [row] = await rows();
        expect(row).toMatchObject({ attempts: index + 2 });
        expect(row!.next_attempt_at).toBe(later(due, minutes(delay)).toISOString());
        due = later(due, minutes(delay));
      }
      expect(await mail.retryDue(due)).toEqual({ sent: 0, waiting: 0, givenUp: 1 });

      const [givenUp] = await rows();
      expect(givenUp).toMatchObject({
        id,
        recipient: "binh.away@example.vn",
        attempts: MAX_ATTEMPTS,
        message: null,
        next_attempt_at: null,
        given_up_at: due.toISOString(),
      });
      expect(JSON.stringify(givenUp)).not.toContain(TOKEN);
      expect(log.lines.at(-1)).toMatchObject({
        level: "error",
        msg: "mail given up",
        obj: { mailId: id, attempt: MAX_ATTEMPTS },
      });
      // About 22 hours from the first attempt to the last.
      expect((due.getTime() - T0.getTime()) / 3_600_000).toBeCloseTo(22.35, 1);

      receiver.busy = false;
      expect(await mail.retryDue(later(due, minutes(24 * 60)))).toEqual(NOTHING_DUE);
      expect(receiver.received).toHaveLength(0);
      // Listed for the back office a while, then forgotten.
      await mail.retryDue(later(due, minutes(GIVEN_UP_KEPT_DAYS * 24 * 60)));
      expect((await rows()).map((row) => row.id)).toEqual([id]);
      await mail.retryDue(later(due, minutes(GIVEN_UP_KEPT_DAYS * 24 * 60 + 1)));
      expect(await rows()).toEqual([]);
    });

    it("does not keep a message the server refuses for good", async () => {
      const mail = mailService(receiver.url);
      await expect(sendReset(mail, "refused@example.vn")).rejects.toMatchObject({
        responseCode: 550,
        command: "RCPT TO",
      });
      expect(await rows()).toEqual([]);
      expect(log.lines).toEqual([
        {
          level: "error",
          msg: "mail not sent",
          obj: expect.objectContaining({ to: "refused@example.vn", template: "passwordReset" }),
        },
      ]);
      // Final: the server refusing this message (5xx to its sender, a recipient, its content).
      // Passing: no answer, a 4xx, a refused sign-in the operator can put right.
      const failure = (fields: object) => Object.assign(new Error("failed"), fields);
      expect(mayPass(failure({ responseCode: 552, command: "DATA" }))).toBe(false);
      expect(mayPass(failure({ code: "EENVELOPE", command: "API" }))).toBe(false);
      expect(mayPass(failure({ responseCode: 451, command: "DATA" }))).toBe(true);
      expect(mayPass(failure({ responseCode: 535, command: "AUTH PLAIN" }))).toBe(true);
      expect(mayPass(failure({ code: "ECONNECTION", command: "CONN" }))).toBe(true);
    });

    it("sends through another process what one could not, stopping a run at an unreachable server", async () => {
      // This process's SMTP server does not answer at all (connection refused).
      const unreachable = mailService(`smtp://127.0.0.1:${await closedPort()}`);
      const first = await sendReset(unreachable, "binh.one@example.vn");
      now = later(T0, 1_000);
      const second = await sendReset(unreachable, "binh.two@example.vn");
      expect((await rows()).map((row) => [row.id, row.attempts])).toEqual([
        [first, 1],
        [second, 1],
      ]);
      expect((await rows())[0]!.last_error).toContain("ECONNREFUSED");

      // Its run tries the longest due and stops there: the other would fail the same way.
      expect(await unreachable.retryDue(later(T0, minutes(2)))).toEqual({
        sent: 0,
        waiting: 1,
        givenUp: 0,
      });
      expect((await rows()).map((row) => row.attempts)).toEqual([2, 1]);

      // Another process, whose server answers, sends both from the shared table.
      const other = mailService(receiver.url);
      expect(await other.retryDue(later(T0, minutes(10)))).toEqual({
        sent: 2,
        waiting: 0,
        givenUp: 0,
      });
      expect((await receiver.next("binh.one@example.vn")).messageId).toBe(
        `<${first}@vanxuan-awards.example>`,
      );
      expect((await receiver.next("binh.two@example.vn")).messageId).toBe(
        `<${second}@vanxuan-awards.example>`,
      );
      expect(await rows()).toEqual([]);
    });

    it("files in the outbox, on the retry, a message its store could not take", async () => {
      // A file where the outbox folder should be: writing the message fails.
      const outboxDir = path.join(dir, "blocked-outbox");
      writeFileSync(outboxDir, "not a folder");
      const mail = mailService(null, outboxDir);

      const id = await sendReset(mail, "binh.outbox@example.vn");
      expect((await rows()).map((row) => row.id)).toEqual([id]);

      rmSync(outboxDir);
      expect(await mail.retryDue(later(T0, minutes(1)))).toEqual({
        sent: 1,
        waiting: 0,
        givenUp: 0,
      });
      expect(readFileSync(path.join(outboxDir, `${id}.eml`), "utf8")).toContain(
        `Message-ID: <${id}@vanxuan-awards.example>`,
      );
      expect(existsSync(path.join(outboxDir, `${id}.json`))).toBe(true);
      expect((await mail.listOutbox()).items.map((item) => item.id)).toEqual([id]);
      expect(log.lines.at(-1)).toMatchObject({
        level: "info",
        msg: "mail written to the outbox",
        obj: { mailId: id, attempt: 2 },
      });
      expect(await rows()).toEqual([]);
    });

    /** Password resets for `to`, as `queue` takes them. */
    const resets = (to: readonly string[]) =>
      to.map((address) => ({
        template: "passwordReset" as const,
        to: address,
        lang: "vi" as const,
        data: { name: "Trần Văn Bình", url: URL_WITH_TOKEN, expiresAt: "2026-12-05T08:35:00.000Z" },
      }));

    it("keeps queued messages with their transaction, and one run sends them all", async () => {
      const mail = mailService(receiver.url);
      const addresses = Array.from({ length: 45 }, (_, i) => `queued.${i}@example.vn`);

      // A transaction undone takes its messages with it.
      await expect(
        db.kysely.transaction().execute(async (trx) => {
          await mail.queue(trx, resets(["undone@example.vn"]));
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      expect(await rows()).toEqual([]);

      // Committed: each waits, no attempt made, due now; nothing is sent until the job runs.
      const ids = await db.kysely
        .transaction()
        .execute((trx) => mail.queue(trx, resets(addresses)));
      expect(ids).toHaveLength(45);
      const queued = await rows();
      expect(queued.map((row) => row.id)).toEqual([...ids].sort());
      expect(queued[0]).toMatchObject({
        attempts: 0,
        last_error: "",
        next_attempt_at: T0.toISOString(),
        given_up_at: null,
      });
      expect(receiver.received).toHaveLength(0);
      expect((await mail.undelivered()).map((item) => item.attempts)).toEqual(
        Array.from({ length: 45 }, () => 0),
      );

      // One run reads until nothing is due: more than one read's worth goes.
      expect(await mail.retryDue()).toEqual({ sent: 45, waiting: 0, givenUp: 0 });
      for (const [i, address] of addresses.entries()) {
        expect((await receiver.next(address)).messageId).toBe(`<${ids[i]}@vanxuan-awards.example>`);
      }
      expect(await rows()).toEqual([]);
      expect(log.lines.filter((line) => line.msg === "mail sent")).toHaveLength(45);
      expect(log.lines[0]!.obj).toMatchObject({ attempt: 1 });
    });

    it("retries a queued message like one sent at once, and reads again when asked during a run", async () => {
      const mail = mailService(receiver.url);
      receiver.busy = true;
      const [first] = await mail.queue(db.kysely, resets(["busy.queued@example.vn"]));
      expect(await mail.retryDue()).toEqual({ sent: 0, waiting: 1, givenUp: 0 });
      expect(await rows()).toMatchObject([
        { id: first, attempts: 1, next_attempt_at: later(T0, minutes(1)).toISOString() },
      ]);
      expect((await rows())[0]!.last_error).toContain("421");
      receiver.busy = false;

      // Another message is queued a second later. A run started for the first's retry does not
      // take it (it was not due at the run's time), but asked again while it runs, it does.
      now = later(T0, minutes(1) + 1_000);
      const [second] = await mail.queue(db.kysely, resets(["later.queued@example.vn"]));
      const run = mail.retryDue(later(T0, minutes(1)));
      const asked = mail.retryDue();
      expect(asked).toBe(run);
      expect(await run).toEqual({ sent: 2, waiting: 0, givenUp: 0 });
      expect((await receiver.next("busy.queued@example.vn")).messageId).toBe(
        `<${first}@vanxuan-awards.example>`,
      );
      expect((await receiver.next("later.queued@example.vn")).messageId).toBe(
        `<${second}@vanxuan-awards.example>`,
      );
      expect(await rows()).toEqual([]);
    });

    it("sends a waiting message once when every process's job runs at the same moment", async () => {
      const mail = mailService(receiver.url);
      receiver.busy = true;
      await sendReset(mail, "binh.once@example.vn");
      receiver.busy = false;

      // The app's job: each process runs it on its timer, one process at a time (runExclusive);
      // SQLite is one process, whose mailer runs one retry run at a time.
      const processes =
        target.name === "postgres"
          ? [mailService(receiver.url), mailService(receiver.url), mail]
          : [mail, mail, mail];
      const at = later(T0, minutes(1));
      await Promise.all(
        processes.map((process) => runExclusive(db, "mail-retry", () => process.retryDue(at))),
      );

      await receiver.next("binh.once@example.vn");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(0);
      expect(await rows()).toEqual([]);
    });
  });
});
