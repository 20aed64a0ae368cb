import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runExclusive } from "../../db/advisory-lock";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import { testDatabases } from "../../test-support/databases";
import { startSmtpReceiver, type SmtpReceiver } from "../../test-support/smtp-receiver";
import { createSettingsService } from "../settings/service";
import { mailRetries } from "./retries";
import { sendQueuedSoon } from "./send-queued";
import { createMailService, type MailService } from "./service";

const FROM = "Giải thưởng Vạn Xuân <no-reply@vanxuan-awards.example>";

describe.each(testDatabases())("queued mail on $name", (target) => {
  describe.skipIf(!target.available)("goes right after the commit that queued it", () => {
    let db: Db;
    let dir: string;
    let receiver: SmtpReceiver;
    let mail: MailService;

    /** Queues one welcome message in a transaction, which commits unless `rollBack`. */
    async function queueWelcome(to: string, rollBack = false): Promise<void> {
      await db.kysely
        .transaction()
        .execute(async (trx) => {
          await mail.queue(trx, [
            {
              template: "welcome",
              to,
              lang: "vi",
              data: { name: "Trần Văn Bình", url: "https://vanxuan-awards.example/tai-khoan" },
            },
          ]);
          if (rollBack) throw new Error("the change failed");
        })
        .catch((error: unknown) => {
          if (!rollBack) throw error;
        });
    }

    const sentTo = (to: string) => receiver.received.filter((m) => m.to.includes(to)).length;
    const rows = () => db.kysely.selectFrom("mail_retries").select("recipient").execute();

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db);
      dir = mkdtempSync(path.join(tmpdir(), "vx-send-queued-"));
      receiver = await startSmtpReceiver();
    });
    beforeEach(() => {
      mail = createMailService(
        {
          publicUrl: "https://vanxuan-awards.example",
          mail: { smtpUrl: receiver.url, from: FROM, outboxDir: path.join(dir, "outbox") },
        },
        createSettingsService(db, () => {}),
        undefined,
        undefined,
        { retries: mailRetries(db.kysely) },
      );
    });
    afterEach(async () => {
      mail.close();
      receiver.received.length = 0;
      await db.kysely.deleteFrom("mail_retries").execute();
    });
    afterAll(async () => {
      await receiver?.close();
      await target.cleanup();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("sends what a committed change queued, and nothing of one rolled back", async () => {
      await queueWelcome("binh.lui@example.vn", true);
      await queueWelcome("binh@example.vn");
      sendQueuedSoon({ db, mail });
      await expect.poll(() => sentTo("binh@example.vn")).toBe(1);
      // The row goes once the server's answer is in, a moment after the server has the message.
      await expect.poll(rows).toEqual([]);
      await mail.retryDue();
      expect(sentTo("binh.lui@example.vn")).toBe(0);
      expect(sentTo("binh@example.vn")).toBe(1);
    });

    it("a message queued while this process is sending goes in the same run", async () => {
      await queueWelcome("an@example.vn");
      // The SMTP server holds its answer: the run is still going when the next change commits.
      const release = receiver.hold();
      // This process's run, under the job's lock as the job and `sendQueuedSoon` take it.
      const run = runExclusive(db, "mail-retry", () => mail.retryDue());
      await expect.poll(() => mail.isRetrying()).toBe(true);
      await queueWelcome("an.sau@example.vn");
      sendQueuedSoon({ db, mail });
      release();
      expect(await run).toEqual({ sent: 2, waiting: 0, givenUp: 0 });
      expect(sentTo("an@example.vn")).toBe(1);
      expect(sentTo("an.sau@example.vn")).toBe(1);
      expect(mail.isRetrying()).toBe(false);
    });

    it("a message another process queues while this one is sending goes in the same run", async () => {
      await queueWelcome("dung@example.vn");
      const release = receiver.hold();
      const run = runExclusive(db, "mail-retry", () => mail.retryDue());
      await expect.poll(() => mail.isRetrying()).toBe(true);
      // Queued and committed elsewhere: nothing asks this process's run to read again (the
      // other process's own start finds the job's lock taken).
      await queueWelcome("dung.sau@example.vn");
      release();
      expect(await run).toEqual({ sent: 2, waiting: 0, givenUp: 0 });
      expect(sentTo("dung.sau@example.vn")).toBe(1);
      expect(await rows()).toEqual([]);
    });

    it.skipIf(target.name !== "postgres")(
      "another process holding the mail job: the message goes once it lets go, not a minute later",
      async () => {
        let letGo!: () => void;
        const holding = new Promise<void>((resolve) => (letGo = resolve));
        // Another process's run, started before the message was queued: it will not see it.
        const other = runExclusive(db, "mail-retry", () => holding);
        await queueWelcome("chi@example.vn");
        sendQueuedSoon({ db, mail });
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(sentTo("chi@example.vn")).toBe(0);
        letGo();
        expect(await other).toBeUndefined();
        await expect.poll(() => sentTo("chi@example.vn"), { timeout: 5_000 }).toBe(1);
        await expect.poll(rows).toEqual([]);
      },
    );
  });
});
