import nodemailer from "nodemailer";
import type { MailLogger } from "./mailer";

/** How long the start-up check waits for the SMTP server's greeting and its answers. */
export const SMTP_CHECK_TIMEOUT_MS = 5_000;

/**
 * Whether the SMTP server in `smtpUrl` answers (connects, greets, takes the sign-in if the URL
 * has one): checked once at start, so a wrong SMTP_URL or a server that is down shows in the
 * log at once rather than as emails quietly waiting for their retries. A warning only: the
 * site works without it, and every email is queued and sent again once the server answers.
 * The log names the host and port, never the URL's user or password.
 */
export async function checkSmtp(
  smtpUrl: string,
  logger: Pick<MailLogger, "info" | "warn">,
  timeoutMs = SMTP_CHECK_TIMEOUT_MS,
): Promise<boolean> {
  const url = URL.canParse(smtpUrl) ? new URL(smtpUrl) : null;
  const secure = url?.protocol === "smtps:";
  // nodemailer's default ports when the URL names none.
  const server = { host: url?.hostname ?? "", port: Number(url?.port) || (secure ? 465 : 587) };
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  try {
    // A transport of its own, not the pool emails go through, with short waits.
    transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    await transport.verify();
    logger.info({ smtp: server }, "the SMTP server answers");
    return true;
  } catch (error) {
    const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    logger.warn(
      { smtp: server, code, responseCode },
      `the SMTP server in SMTP_URL (host ${server.host}, port ${server.port}) does not answer: ` +
        "emails are queued and sent again until it does; check SMTP_URL and the server",
    );
    return false;
  } finally {
    transport?.close();
  }
}
