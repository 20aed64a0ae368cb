import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import type { Kysely } from "kysely";
import { localizePath, type Lang } from "../../../core/languages";
import type { SiteSettings } from "../../../core/site-settings";
import type { Config } from "../../config";
import type { SettingsService } from "../settings/service";
import { createMailer, type MailLogger } from "./mailer";
import { listOutbox, readOutboxMessage } from "./outbox";
import { outboxFolder, type OutboxFiles } from "./outbox-files";
import { mailRetries, type MailRetries } from "./retries";
import {
  renderEmail,
  type EmailSite,
  type EmailTemplate,
  type EmailTemplateData,
} from "./templates";
import { currentPublicUrl } from "../../public-url";
import type { Database } from "../../db/schema";

/** One message to queue: a template, its recipient, their language and the template's facts. */
export type QueuedMail = {
  [T in EmailTemplate]: { template: T; to: string; lang: Lang; data: EmailTemplateData[T] };
}[EmailTemplate];

/**
 * The emails the product sends, in the recipient's language, with the footer from the current
 * site settings. Each send resolves to the message id (the outbox id when there is no SMTP) once
 * the message is sent, filed, or (given the retry table) waiting to be sent again after a
 * failure that may pass; it rejects when the message is refused for good or could not be kept
 * (logged without its body).
 */
export type MailService = ReturnType<typeof createMailService>;

export function createMailService(
  config: Pick<Config, "publicUrl" | "mail">,
  settings: Pick<SettingsService, "get">,
  logger?: MailLogger,
  /** Where messages are filed without SMTP; the folder `config.mail.outboxDir` by default. */
  outbox: OutboxFiles = outboxFolder(config.mail.outboxDir),
  /** With the database's retry table, a send that fails for a passing reason waits there. */
  options: { retries?: MailRetries; clock?: () => Date } = {},
) {
  const mailer = createMailer(config.mail, logger, outbox, options);

  /** The message as it goes out, with the footer of the current site settings. */
  function outgoing<T extends EmailTemplate>(
    site: SiteSettings,
    template: T,
    to: string,
    lang: Lang,
    data: EmailTemplateData[T],
  ) {
    const email = renderEmail(
      template,
      lang,
      data,
      emailSiteFrom(site, currentPublicUrl(config.publicUrl), lang),
    );
    // Replies reach the organisers rather than the no-reply sender.
    return { to, ...email, replyTo: site.contactEmail, template, lang };
  }

  async function send<T extends EmailTemplate>(
    template: T,
    to: string,
    lang: Lang,
    data: EmailTemplateData[T],
    sendOptions: { mayWait?: boolean } = {},
  ): Promise<string> {
    const site = await settings.get();
    return mailer.send({ ...outgoing(site, template, to, lang, data), ...sendOptions });
  }

  /**
   * Composes messages and files them through `db`, the caller's transaction, for the mail job
   * to send (`retryDue`): they are kept with the change they tell of, or not at all, and a
   * process stopping before it sends them loses none. Resolves to their ids.
   */
  async function queue(db: Kysely<Database>, mails: readonly QueuedMail[]): Promise<string[]> {
    if (mails.length === 0) return [];
    const site = await settings.get(db);
    const composed = mails.map((mail) =>
      mailer.compose(outgoing(site, mail.template, mail.to, mail.lang, mail.data)),
    );
    await mailRetries(db).queue(composed, (options.clock ?? (() => new Date()))());
    return composed.map((mail) => mail.id);
  }

  return {
    /** "smtp" when SMTP_URL is set, otherwise "outbox". */
    mode: mailer.mode,
    send,
    queue,
    sendVerification: (to: string, lang: Lang, data: EmailTemplateData["verification"]) =>
      send("verification", to, lang, data),
    sendPasswordReset: (to: string, lang: Lang, data: EmailTemplateData["passwordReset"]) =>
      send("passwordReset", to, lang, data),
    /** `to` is the NEW address; `data.newEmail` repeats it in the text. */
    sendEmailChange: (to: string, lang: Lang, data: EmailTemplateData["emailChange"]) =>
      send("emailChange", to, lang, data),
    /** `to` is the OLD address, told that the account now uses `data.newEmail`. */
    sendEmailChanged: (to: string, lang: Lang, data: EmailTemplateData["emailChanged"]) =>
      send("emailChanged", to, lang, data),
    sendWelcome: (to: string, lang: Lang, data: EmailTemplateData["welcome"]) =>
      send("welcome", to, lang, data),
    /** The receipt of a submitted entry. */
    sendEntryReceipt: (to: string, lang: Lang, data: EmailTemplateData["entryReceipt"]) =>
      send("entryReceipt", to, lang, data),
    /** An entry moved along its lifecycle (needs changes, accepted, withdrawn …). */
    sendEntryStatusChanged: (
      to: string,
      lang: Lang,
      data: EmailTemplateData["entryStatusChanged"],
    ) => send("entryStatusChanged", to, lang, data),
    /** A staff invitation; `data.role` is the role's key (its label is written in `lang`). */
    sendStaffInvitation: (
      to: string,
      lang: Lang,
      data: { name: string; url: string; role: string; expiresInHours: number },
    ) => send("staffInvitation", to, lang, { ...data, role: roleLabel(data.role, lang) }),
    /** The outbox, newest first (admins only: the messages hold sign-in links). */
    listOutbox: (options: { page?: number; pageSize?: number } = {}) => listOutbox(outbox, options),
    readOutboxMessage: (id: string) => readOutboxMessage(outbox, id),
    /** Messages not sent yet (waiting for a retry or given up), newest first; none without the table. */
    undelivered: () => options.retries?.undelivered() ?? Promise.resolve([]),
    /**
     * Sends the queued messages and those whose retry is due (the mail-retry job, every
     * minute, and `sendQueuedSoon` after a queue).
     */
    retryDue: (at?: Date) => mailer.retryDue(at),
    /** Whether this process is sending queued or waiting messages now (see `sendQueuedSoon`). */
    isRetrying: () => mailer.isRetrying(),
    /** Resolves once this process's run of the mail job, if one is going, has ended. */
    idle: () => mailer.idle(),
    close: () => mailer.close(),
  };
}

/** The footer's facts: the organisers' contacts and the site itself in the recipient's language. */
export function emailSiteFrom(settings: SiteSettings, publicUrl: string, lang: Lang): EmailSite {
  return {
    websiteUrl: `${publicUrl}${localizePath("/", lang)}`,
    contactEmail: settings.contactEmail,
    contactPhone: settings.contactPhone,
  };
}

function roleLabel(role: string, lang: Lang): string {
  const roles = (lang === "en" ? en : vi).admin.roles as Record<string, string>;
  return roles[role] ?? role;
}
