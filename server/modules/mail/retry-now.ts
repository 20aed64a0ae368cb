import { runExclusive } from "../../db/advisory-lock";
import type { Db } from "../../db/database";
import type { Actor, AuditService } from "../audit/service";
import type { RetryRun } from "./mailer";
import type { MailRetries } from "./retries";

export interface RetryNowDeps {
  db: Db;
  retries: MailRetries;
  audit: AuditService;
  /** The mailer's retry run. */
  retryDue: (at: Date) => Promise<RetryRun>;
  clock: () => Date;
}

/**
 * Staff's "send again now", once the mail server is put right: every waiting message becomes
 * due and one retry run sends what it can, as the mail-retry job would and under its lock (one
 * process at a time). Resolves to the run, or to null when another process's run was under
 * way (it is sending them). Given-up messages have no body left and stay as they are. Recorded
 * in the audit log with what happened.
 */
export async function retryWaitingNow(deps: RetryNowDeps, actor: Actor): Promise<RetryRun | null> {
  const at = deps.clock();
  const run = await runExclusive(deps.db, "mail-retry", async () => {
    await deps.retries.makeWaitingDue(at);
    return deps.retryDue(at);
  });
  const outcome = run === "skipped" ? null : run;
  await deps.audit.record(
    actor,
    "mail.retryNow",
    { type: "mail" },
    outcome ? { ...outcome } : { underWay: true },
  );
  return outcome;
}
