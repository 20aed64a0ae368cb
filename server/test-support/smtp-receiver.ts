import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  parsed: ParsedMail;
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next message to `to` (waits up to `timeoutMs` for it), taken off the list. */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that parses and keeps every message it accepts. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      simpleParser(stream).then(
        (parsed) => {
          received.push({ to, parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  async function next(to: string, timeoutMs = 5_000): Promise<ParsedMail> {
    const address = to.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = received.findIndex((mail) => mail.to.includes(address));
      if (index >= 0) return received.splice(index, 1)[0]!.parsed;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's plain text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const text = mail.text ?? "";
  const link = text
    .split(/\s+/)
    .find((word) => word.startsWith(prefix))
    ?.replace(/[).,]+$/, "");
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return link;
}
