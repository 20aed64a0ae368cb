import { runExclusive } from "../../db/advisory-lock";
import type { Db } from "../../db/database";
import type { MailLogger, RetryRun } from "./mailer";

export interface SendQueuedDeps {
  db: Db;
  mail: { retryDue: () => Promise<RetryRun>; isRetrying: () => boolean };
  logger?: Pick<MailLogger, "error"> | undefined;
}

/** How often, and how long apart, a start finding another process's run is tried again. */
const TRIES = 5;
const TRY_AGAIN_MS = 1_000;

/**
 * Starts the mail job now, under its lock, without waiting for it: called once the
 * transaction that queued messages is committed, so they go within seconds instead of at the
 * job's next minute. When this process is sending already, its run reads the table once more.
 * When another process holds the lock (its run started before these messages were there and
 * will not see them), this tries again a second later, a few times; after that the job's next
 * minute sends them. Nothing is lost either way: the messages are in the table.
 */
export function sendQueuedSoon(deps: SendQueuedDeps, tries = TRIES): void {
  const failed = (err: unknown) => {
    deps.logger?.error({ err }, "queued mail could not be sent now: the mail job will");
  };
  if (deps.mail.isRetrying()) {
    deps.mail.retryDue().catch(failed);
    return;
  }
  runExclusive(deps.db, "mail-retry", () => deps.mail.retryDue())
    .then((run) => {
      if (run !== "skipped" || tries <= 1) return;
      setTimeout(() => sendQueuedSoon(deps, tries - 1), TRY_AGAIN_MS).unref();
    })
    .catch(failed);
}
