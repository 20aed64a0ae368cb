import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import type { Lang } from "../../../core/languages";
import type { Config } from "../../config";
import { outboxIdFor, type OutboxEntry } from "./outbox";
import { mayPass, type ComposedMail, type MailRetries, type WaitingMail } from "./retries";
import { outboxFolder, type OutboxFiles } from "./outbox-files";
import { senderOf } from "./sender";

/** The subset of pino (and so of `fastify.log`) the mailer uses. */
export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** For the outbox listing and the logs. */
  template?: string;
  lang?: Lang;
  /**
   * False for a message that must not wait in the database: one carrying a credential kept
   * only hashed elsewhere (a judge's code), whose sender has another way to hand it over.
   */
  mayWait?: boolean;
}

export interface Mailer {
  readonly mode: "smtp" | "outbox";
  /**
   * Sends (or files) one message; resolves to its id. When the attempt fails for a reason that
   * may pass and a retry table is given, the message waits there for the retry job and this
   * still resolves; it rejects when the server refuses the message for good, or nothing could
   * keep it.
   */
  send(mail: OutgoingMail): Promise<string>;
  /**
   * The message as it will go, with its id, Message-ID and date, for a caller that files it in
   * the database (`MailRetries.queue`) to be sent by the mail job.
   */
  compose(mail: OutgoingMail): ComposedMail;
  /**
   * Sends the messages due at `at`, queued or waiting for a retry (the mail job); counts what
   * happened. A run reads again until nothing is due; a call while a run is going makes it
   * read once more before it ends, so a message queued meanwhile is not left for the next run.
   */
  retryDue(at?: Date): Promise<RetryRun>;
  /** Whether a run of `retryDue` is going in this process. */
  isRetrying(): boolean;
  /** Resolves once no run is going (after `close`, the run stops after the sends under way). */
  idle(): Promise<void>;
  close(): void;
}

/** One run of the retry job: messages sent, still waiting, and given up. */
export interface RetryRun {
  sent: number;
  waiting: number;
  givenUp: number;
}

const SINGLE_ADDRESS = /^[^\s@,;:<>()"'[\]\\]+@[^\s@,;:<>()"'[\]\\]+$/;

/** Messages of a run sent at once: a publication queues a season's worth. */
const SENDS_AT_ONCE = 4;

/** A run stops reading after this long; the rest goes in the next run of the job. */
const RUN_BUDGET_MS = 50_000;

/** A slow or unreachable SMTP server fails a send in seconds rather than nodemailer's minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP when `smtpUrl` is set; otherwise every message is filed in the outbox: `outbox` when
 * given (the shared storage's), else the folder `outboxDir`. With `retries`, a message whose
 * attempt failed for a reason that may pass waits there for `retryDue`.
 */
export function createMailer(
  config: Config["mail"],
  logger?: MailLogger,
  outbox: OutboxFiles = outboxFolder(config.outboxDir),
  options: { retries?: MailRetries; clock?: () => Date } = {},
): Mailer {
  const { retries } = options;
  const clock = options.clock ?? (() => new Date());
  const mode = config.smtpUrl ? "smtp" : "outbox";
  const smtp = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        ...SMTP_TIMEOUTS,
        // Connections are kept and reused: a publication's run sends hundreds of messages, and
        // a TLS handshake per message would cost more than the message.
        pool: true,
        maxConnections: SENDS_AT_ONCE,
      })
    : null;
  // Composes the complete message into a Buffer, exactly what SMTP would carry (CRLF lines).
  const composer = smtp
    ? null
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const domain = /@([^\s<>@]+)>?\s*$/.exec(config.from)?.[1] ?? "localhost";
  let lastTime = 0;
  let retrying: Promise<RetryRun> | null = null;
  let readAgain = false;
  let closed = false;

  /** Ids start with the time; one process never repeats or reorders a millisecond. */
  function nextId(): { id: string; createdAt: Date } {
    lastTime = Math.max(Date.now(), lastTime + 1);
    const createdAt = new Date(lastTime);
    return { id: outboxIdFor(createdAt, randomBytes(6).toString("hex")), createdAt };
  }

  function compose(mail: OutgoingMail): ComposedMail {
    // One recipient per message: a list or a display name here would be a caller's bug.
    if (!SINGLE_ADDRESS.test(mail.to)) throw new Error("mail.to must be one plain email address");
    const { id, createdAt } = nextId();
    return {
      id,
      messageId: `<${id}@${domain}>`,
      createdAt: createdAt.toISOString(),
      from: senderOf(config.from, mail.lang ?? null),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo ?? null,
      template: mail.template ?? null,
      lang: mail.lang ?? null,
    };
  }

  /** Bodies carry tokens: the logs get who, what and which template, never the content. */
  function logged(mail: ComposedMail) {
    return {
      mailId: mail.id,
      to: mail.to,
      subject: mail.subject,
      template: mail.template,
      lang: mail.lang,
      transport: mode,
    };
  }

  async function deliver(mail: ComposedMail): Promise<void> {
    const message = {
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      date: new Date(mail.createdAt),
      // RFC 3834: no auto-replies (out-of-office) to these messages.
      headers: { "Auto-Submitted": "auto-generated" },
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    };
    if (smtp) {
      await smtp.sendMail(message);
    } else if (composer) {
      const info = await composer.sendMail(message);
      if (!Buffer.isBuffer(info.message)) throw new Error("the composer returned no buffer");
      const entry: OutboxEntry = {
        id: mail.id,
        messageId: mail.messageId,
        to: mail.to,
        from: mail.from,
        subject: mail.subject,
        template: mail.template,
        lang: mail.lang,
        createdAt: mail.createdAt,
        sizes: {
          eml: info.message.length,
          html: Buffer.byteLength(mail.html),
          text: Buffer.byteLength(mail.text),
        },
      };
      // The summary is written last: a listed message always has its .eml.
      await outbox.write(mail.id, "eml", info.message);
      await outbox.write(mail.id, "json", Buffer.from(`${JSON.stringify(entry, null, 2)}\n`));
    }
  }

  const sentMessage = mode === "smtp" ? "mail sent" : "mail written to the outbox";

  async function send(mail: OutgoingMail): Promise<string> {
    const composed = compose(mail);
    try {
      await deliver(composed);
    } catch (error) {
      if (retries && mail.mayWait !== false && mayPass(error)) {
        try {
          const next = await retries.defer(composed, error, clock());
          logger?.warn(
            { ...logged(composed), err: error, attempt: 1, nextAttemptAt: next.toISOString() },
            "mail not sent yet: it will be retried",
          );
          return composed.id;
        } catch (deferError) {
          logger?.error(
            { ...logged(composed), err: deferError },
            "mail could not wait for a retry",
          );
        }
      }
      logger?.error({ ...logged(composed), err: error }, "mail not sent");
      throw error;
    }
    logger?.info(logged(composed), sentMessage);
    return composed.id;
  }

  async function retryRun(firstAt: Date): Promise<RetryRun> {
    const run: RetryRun = { sent: 0, waiting: 0, givenUp: 0 };
    if (!retries) return run;
    const table: MailRetries = retries;
    await table.forgetGivenUp(firstAt);
    const started = Date.now();
    let at = firstAt;
    // A server that does not answer at all would keep the others waiting as long: they go in
    // the next run.
    let unreachable = false;

    async function tryOnce(waiting: WaitingMail): Promise<void> {
      const attempt = waiting.attempts + 1;
      try {
        await deliver(waiting.mail);
      } catch (error) {
        const { next } = await table.failed(waiting, error, at, !mayPass(error));
        if (next) {
          run.waiting += 1;
          logger?.warn(
            { ...logged(waiting.mail), err: error, attempt, nextAttemptAt: next.toISOString() },
            "mail not sent yet: it will be retried",
          );
        } else {
          run.givenUp += 1;
          logger?.error({ ...logged(waiting.mail), err: error, attempt }, "mail given up");
        }
        if (!hasAnswer(error)) unreachable = true;
        return;
      }
      await table.sent(waiting.mail.id);
      run.sent += 1;
      logger?.info({ ...logged(waiting.mail), attempt }, sentMessage);
    }

    // Whether the last read was the one by the clock's now that ends a run.
    let caughtUp = false;
    while (!closed && !unreachable && Date.now() - started < RUN_BUDGET_MS) {
      const due = await table.due(at);
      if (due.length === 0) {
        // Before ending, the table is read once more by the clock's now (and again whenever
        // this process asks during the run): what was queued since the run began goes in this
        // run, whether here or by another process, whose start found this run's lock taken.
        const now = clock();
        const later = now.getTime() > at.getTime();
        if (!readAgain && (caughtUp || !later)) break;
        readAgain = false;
        caughtUp = true;
        if (later) at = now;
        continue;
      }
      caughtUp = false;
      // The longest due goes first, alone: a server that does not answer it keeps the rest.
      await tryOnce(due[0]!);
      let next = 1;
      const worker = async () => {
        while (next < due.length && !unreachable && !closed) await tryOnce(due[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, due.length) }, worker));
      // A failed message is due again only later than `at`: the loop cannot take it twice.
    }
    return run;
  }

  return {
    mode,
    send,
    compose,
    retryDue(at = clock()) {
      // One run at a time in a process (a slow server may outlast the job's period); a call
      // during a run has it read the table once more.
      if (retrying) {
        readAgain = true;
        return retrying;
      }
      readAgain = false;
      retrying = retryRun(at).finally(() => {
        retrying = null;
      });
      return retrying;
    },
    isRetrying: () => retrying !== null,
    async idle() {
      await retrying?.catch(() => {});
    },
    close() {
      closed = true;
      smtp?.close();
      composer?.close();
    },
  };
}

/** Whether the failure came with an answer from the server (an SMTP reply code). */
function hasAnswer(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown } | null)?.responseCode === "number";
}
