import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { App } from "../app";

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
