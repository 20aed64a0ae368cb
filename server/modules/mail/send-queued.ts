import { runExclusive } from "../../db/advisory-lock";
import type { Db } from "../../db/database";
import type { MailLogger, RetryRun } from "./mailer";

export interface SendQueuedDeps {
  db: Db;
  mail: { retryDue: () => Promise<RetryRun> };
  logger?: Pick<MailLogger, "error"> | undefined;
}

/**
 * Starts the mail job now, under its lock, without waiting for it: called once the
 * transaction that queued messages is committed, so they go within seconds instead of at the
 * job's next minute. When another process holds the lock, its run or the next one sends them;
 * nothing is lost either way, the messages are in the table.
 */
export function sendQueuedSoon(deps: SendQueuedDeps): void {
  runExclusive(deps.db, "mail-retry", () => deps.mail.retryDue()).catch((err: unknown) => {
    deps.logger?.error({ err }, "queued mail could not be sent now: the mail job will");
  });
}
