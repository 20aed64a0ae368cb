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
  /** While true, every connection is turned away with "421" (a failure that may pass). */
  busy: boolean;
  /** Holds every message's answer until the returned function is called (a slow server). */
  hold(): () => void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that parses and keeps every message it accepts; on `port`
 * when given (a server that comes back where one was), else on a free one.
 */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const state: { busy: boolean; held: Promise<void> | null } = { busy: false, held: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    // An address starting "refused@" is refused for good, as a server refuses an unknown mailbox.
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().startsWith("refused@")) {
        callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      } else callback();
    },
    onConnect(_session, callback) {
      if (state.busy) {
        callback(Object.assign(new Error("Too busy, try later"), { responseCode: 421 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      simpleParser(stream).then(
        async (parsed) => {
          await state.held;
          received.push({ to, parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const listening = server.server.address() as AddressInfo;

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
    url: `smtp://127.0.0.1:${listening.port}`,
    received,
    next,
    get busy() {
      return state.busy;
    },
    set busy(value: boolean) {
      state.busy = value;
    },
    hold() {
      let release!: () => void;
      state.held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        state.held = null;
        release();
      };
    },
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
