import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import type { Lang } from "../../../core/languages";
import type { Config } from "../../config";
import { outboxIdFor, type OutboxEntry } from "./outbox";
import { outboxFolder, type OutboxFiles } from "./outbox-files";

/** The subset of pino (and so of `fastify.log`) the mailer uses. */
export interface MailLogger {
  info(obj: object, msg: string): void;
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
}

export interface Mailer {
  readonly mode: "smtp" | "outbox";
  /** Sends (or files) one message; resolves to its id, rejects when the SMTP server refuses it. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

const SINGLE_ADDRESS = /^[^\s@,;:<>()"'[\]\\]+@[^\s@,;:<>()"'[\]\\]+$/;

/** A slow or unreachable SMTP server fails a send in seconds rather than nodemailer's minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP when `smtpUrl` is set; otherwise every message is filed in the outbox: `outbox` when
 * given (the shared storage's), else the folder `outboxDir`.
 */
export function createMailer(
  config: Config["mail"],
  logger?: MailLogger,
  outbox: OutboxFiles = outboxFolder(config.outboxDir),
): Mailer {
  const mode = config.smtpUrl ? "smtp" : "outbox";
  const smtp = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    : null;
  // Composes the complete message into a Buffer, exactly what SMTP would carry (CRLF lines).
  const composer = smtp
    ? null
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const domain = /@([^\s<>@]+)>?\s*$/.exec(config.from)?.[1] ?? "localhost";
  let lastTime = 0;

  /** Ids start with the time; one process never repeats or reorders a millisecond. */
  function nextId(): { id: string; createdAt: Date } {
    lastTime = Math.max(Date.now(), lastTime + 1);
    const createdAt = new Date(lastTime);
    return { id: outboxIdFor(createdAt, randomBytes(6).toString("hex")), createdAt };
  }

  async function send(mail: OutgoingMail): Promise<string> {
    // One recipient per message: a list or a display name here would be a caller's bug.
    if (!SINGLE_ADDRESS.test(mail.to)) throw new Error("mail.to must be one plain email address");
    const { id, createdAt } = nextId();
    const messageId = `<${id}@${domain}>`;
    const message = {
      from: config.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId,
      date: createdAt,
      // RFC 3834: no auto-replies (out-of-office) to these messages.
      headers: { "Auto-Submitted": "auto-generated" },
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    };
    // Bodies carry tokens: the logs get who, what and which template, never the content.
    const logged = {
      mailId: id,
      to: mail.to,
      subject: mail.subject,
      template: mail.template ?? null,
      lang: mail.lang ?? null,
      transport: mode,
    };
    try {
      if (smtp) {
        await smtp.sendMail(message);
      } else if (composer) {
        const info = await composer.sendMail(message);
        if (!Buffer.isBuffer(info.message)) throw new Error("the composer returned no buffer");
        const entry: OutboxEntry = {
          id,
          messageId,
          to: mail.to,
          from: config.from,
          subject: mail.subject,
          template: mail.template ?? null,
          lang: mail.lang ?? null,
          createdAt: createdAt.toISOString(),
          sizes: {
            eml: info.message.length,
            html: Buffer.byteLength(mail.html),
            text: Buffer.byteLength(mail.text),
          },
        };
        // The summary is written last: a listed message always has its .eml.
        await outbox.write(id, "eml", info.message);
        await outbox.write(id, "json", Buffer.from(`${JSON.stringify(entry, null, 2)}\n`));
      }
    } catch (error) {
      logger?.error({ ...logged, err: error }, "mail not sent");
      throw error;
    }
    logger?.info(logged, mode === "smtp" ? "mail sent" : "mail written to the outbox");
    return id;
  }

  return {
    mode,
    send,
    close() {
      smtp?.close();
      composer?.close();
    },
  };
}
