import type { Kysely } from "kysely";
import type { Lang } from "../../../core/languages";
import type { Database } from "../../db/schema";

/**
 * A message ready to go, as the SMTP server or the outbox takes it. A retry sends this same
 * message (same id, Message-ID and date), so a receiving server or a person can tell a repeat.
 */
export interface ComposedMail {
  id: string;
  messageId: string;
  /** ISO time the message was first composed: its Date header. */
  createdAt: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
  template: string | null;
  lang: Lang | null;
}

/** A message waiting for its first attempt (queued) or for another one. */
export interface WaitingMail {
  mail: ComposedMail;
  /** Attempts made so far: 0 for a queued message, then the first send counts. */
  attempts: number;
}

/**
 * The waits after the first, second … failed attempt: 1 min, 5 min, 15 min, 1 h, 3 h, 6 h and
 * 12 h. The eighth attempt, about 22 hours after the first, is the last.
 */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360, 720] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/** How long a given-up message stays listed in the back office before it is forgotten. */
export const GIVEN_UP_KEPT_DAYS = 30;

/** Messages read at once by a run of the mail job; a run reads again until none is due. */
const DUE_PER_BATCH = 20;

/** Inserted at once when queueing: well under SQLite's limit on a statement's parameters. */
const QUEUED_PER_INSERT = 200;

/**
 * Whether a failed send may succeed later. Final: the server refusing this message for good (a
 * 5xx answer to its sender, a recipient or its content) or nodemailer refusing the envelope or
 * message before sending. Everything else may pass: the server unreachable, slow, busy (4xx) or
 * refusing to sign in (fixed by the operator), the outbox's store failing.
 */
export function mayPass(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return true;
  const { responseCode, command, code } = error as {
    responseCode?: unknown;
    command?: unknown;
    code?: unknown;
  };
  if (typeof responseCode === "number" && responseCode >= 500) {
    return !(command === "MAIL FROM" || command === "RCPT TO" || command === "DATA");
  }
  if (command === "API" && (code === "EENVELOPE" || code === "EMESSAGE")) return false;
  return true;
}

/** When the attempt after `attempts` failed ones is due, or null when there is none. */
export function nextAttemptAt(attempts: number, at: Date): Date | null {
  const minutes = RETRY_DELAYS_MINUTES[attempts - 1];
  return minutes === undefined ? null : new Date(at.getTime() + minutes * 60_000);
}

/** What a log line and the table keep of a failure: never the message, which holds tokens. */
export function failureText(error: unknown): string {
  const { message, responseCode, code } = (error ?? {}) as {
    message?: unknown;
    responseCode?: unknown;
    code?: unknown;
  };
  const parts = [
    typeof code === "string" ? code : null,
    typeof responseCode === "number" ? String(responseCode) : null,
    typeof message === "string" ? message : String(error),
  ].filter(Boolean);
  return parts.join(" ").slice(0, 500);
}

/** A message not sent yet, as the back office's outbox lists it (never its body). */
export interface UndeliveredMail {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string;
  createdAt: string;
  /** When the next attempt is due; null once given up. */
  nextAttemptAt: string | null;
  givenUpAt: string | null;
}

export type MailRetries = ReturnType<typeof mailRetries>;

/**
 * The table of messages not sent yet (`mail_retries`): queued ones waiting for their first
 * attempt, and ones waiting for another. Built on a transaction, `queue` files messages with
 * the change they tell of: both are kept, or neither.
 */
export function mailRetries(db: Kysely<Database>) {
  return {
    /**
     * Files messages to be sent by the mail job, due at `at`, no attempt made. A process that
     * stops before sending them loses nothing: whichever process runs the job next sends them.
     */
    async queue(mails: readonly ComposedMail[], at: Date): Promise<void> {
      for (let i = 0; i < mails.length; i += QUEUED_PER_INSERT) {
        await db
          .insertInto("mail_retries")
          .values(mails.slice(i, i + QUEUED_PER_INSERT).map((mail) => rowOf(mail, 0, "", at)))
          .execute();
      }
    },

    /** Files a message whose first attempt failed; resolves to when the next is due. */
    async defer(mail: ComposedMail, error: unknown, at: Date): Promise<Date> {
      const next = nextAttemptAt(1, at)!;
      await db
        .insertInto("mail_retries")
        .values(rowOf(mail, 1, failureText(error), next))
        .execute();
      return next;
    },

    /** The messages due at `at`, the longest due first. */
    async due(at: Date): Promise<WaitingMail[]> {
      const rows = await db
        .selectFrom("mail_retries")
        .select(["message", "attempts"])
        .where("given_up_at", "is", null)
        .where("next_attempt_at", "<=", at.toISOString())
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(DUE_PER_BATCH)
        .execute();
      return rows.flatMap((row) =>
        row.message === null
          ? []
          : [{ mail: JSON.parse(row.message) as ComposedMail, attempts: Number(row.attempts) }],
      );
    },

    /** Messages waiting or given up, the newest first. */
    async undelivered(limit = 50): Promise<UndeliveredMail[]> {
      const rows = await db
        .selectFrom("mail_retries")
        .select([
          "id",
          "recipient",
          "subject",
          "attempts",
          "last_error",
          "created_at",
          "next_attempt_at",
          "given_up_at",
        ])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        attempts: Number(row.attempts),
        lastError: row.last_error,
        createdAt: row.created_at,
        nextAttemptAt: row.next_attempt_at,
        givenUpAt: row.given_up_at,
      }));
    },

    /** Forgets the messages given up more than GIVEN_UP_KEPT_DAYS before `at`. */
    async forgetGivenUp(at: Date): Promise<void> {
      const before = new Date(at.getTime() - GIVEN_UP_KEPT_DAYS * 24 * 3_600_000);
      await db.deleteFrom("mail_retries").where("given_up_at", "<", before.toISOString()).execute();
    },

    /** Every waiting message becomes due at `at` (staff's "send again now"). */
    async makeWaitingDue(at: Date): Promise<void> {
      await db
        .updateTable("mail_retries")
        .set({ next_attempt_at: at.toISOString() })
        .where("given_up_at", "is", null)
        .where("next_attempt_at", ">", at.toISOString())
        .execute();
    },

    /** The message went: nothing of it is kept. */
    async sent(id: string): Promise<void> {
      await db.deleteFrom("mail_retries").where("id", "=", id).execute();
    },

    /**
     * Another attempt failed: resolves to when the next is due, or to null when the message is
     * given up (`final`, or no attempt left). A given-up message keeps who, what and why, not
     * its body.
     */
    async failed(waiting: WaitingMail, error: unknown, at: Date, final: boolean) {
      const attempts = waiting.attempts + 1;
      const next = final ? null : nextAttemptAt(attempts, at);
      await db
        .updateTable("mail_retries")
        .set({
          attempts,
          last_error: failureText(error),
          next_attempt_at: next?.toISOString() ?? null,
          ...(next ? {} : { given_up_at: at.toISOString(), message: null }),
        })
        .where("id", "=", waiting.mail.id)
        .execute();
      return { attempts, next };
    },
  };
}

/** The row of a message not sent yet, after `attempts` attempts, due at `next`. */
function rowOf(mail: ComposedMail, attempts: number, lastError: string, next: Date) {
  return {
    id: mail.id,
    recipient: mail.to,
    subject: mail.subject,
    template: mail.template,
    lang: mail.lang,
    message: JSON.stringify(mail),
    attempts,
    last_error: lastError,
    created_at: mail.createdAt,
    next_attempt_at: next.toISOString(),
    given_up_at: null,
  };
}
