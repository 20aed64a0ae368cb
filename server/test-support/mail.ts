import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { App } from "../app";
import type { Db } from "../db/database";

/**
 * The newest message of a template to an address in the app's outbox (the app files its mail
 * there when no SMTP server is configured); throws when there is none.
 */
export async function outboxMail(app: App, to: string, template: string) {
  const { items } = await app.services.mail.listOutbox({ pageSize: 100 });
  const entry = items.find((item) => item.to === to && item.template === template);
  if (!entry) throw new Error(`no ${template} mail to ${to}`);
  const message = await app.services.mail.readOutboxMessage(entry.id);
  if (!message) throw new Error(`outbox message ${entry.id} unreadable`);
  return message;
}

/**
 * Runs `work` while the outbox folder cannot take a message (a file stands where the folder
 * should be: filing fails as a broken store does), then puts the folder back.
 */
export async function withOutboxBlocked<T>(outbox: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(outbox, { recursive: true });
  renameSync(outbox, `${outbox}.away`);
  writeFileSync(outbox, "");
  try {
    return await work();
  } finally {
    rmSync(outbox);
    renameSync(`${outbox}.away`, outbox);
  }
}

/**
 * Waits until the messages queued with a change have gone out (sent or filed, or waiting for a
 * retry after a failed attempt): they are queued in the change's transaction and the mail job
 * sends them just after the commit, so a test reads the outbox once this resolves. A plain
 * loop rather than `expect.poll`, so set-up hooks may wait too.
 */
export async function queuedMailSent(db: Db, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.kysely
      .selectFrom("mail_retries")
      .select((eb) => eb.fn.countAll().as("queued"))
      .where("attempts", "=", 0)
      .executeTakeFirstOrThrow();
    const queued = Number(row.queued);
    if (queued === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`${queued} queued message(s) still not sent after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
