import path from "node:path";
import { servesHttps, type Config } from "./config";
import type { Db } from "./db/database";
import { createAuditService, type Actor } from "./modules/audit/service";
import { createContentAdminService } from "./modules/content/admin";
import { createNewsAdminService } from "./modules/content/news-admin";
import { createContentService } from "./modules/content/service";
import { createDashboardService } from "./modules/dashboard/service";
import { createDocumentsService } from "./modules/documents/service";
import { createEntryAdminService } from "./modules/entry-admin/service";
import { createEntriesService } from "./modules/entries/service";
import { createFileStore } from "./modules/files/storage";
import { createAuth, type IdentityMail } from "./modules/identity/auth";
import { createRateLimiter } from "./modules/identity/rate-limit";
import { resolveAuthSecret } from "./modules/identity/secret";
import { createIdentityService } from "./modules/identity/service";
import { createStaffService } from "./modules/identity/staff/service";
import type { MailLogger } from "./modules/mail/mailer";
import { outboxFolder, outboxInStorage } from "./modules/mail/outbox-files";
import { mailRetries } from "./modules/mail/retries";
import { retryWaitingNow } from "./modules/mail/retry-now";
import { createMailService } from "./modules/mail/service";
import { sendQueuedSoon } from "./modules/mail/send-queued";
import { createJudgingService } from "./modules/judging/service";
import { createLibraryService } from "./modules/library/service";
import { createPaymentsService } from "./modules/payments/service";
import { createRegistrantsService } from "./modules/registrants/service";
import { createSeasonsAdminService } from "./modules/seasons/admin";
import { createSeasonsService } from "./modules/seasons/service";
import { createSettingsService } from "./modules/settings/service";
import { createSiteService } from "./modules/site/service";
import { createMediaService } from "./modules/media/service";
import { createJudgeCopies } from "./modules/media/judge-copies";
import { createSocialImagesService } from "./modules/social-images/service";
import { createStorage } from "./modules/storage";
import { KeptReads } from "./kept-reads";

/**
 * How long a public read may be kept without a content change: the bound on what only time
 * changes (a scheduled article going live, a picture's variants made later).
 */
const PUBLIC_READS_TTL_MS = 5_000;

/** The domain services, shared by page loaders (through the load context) and `/api` routes. */
export type Services = ReturnType<typeof createServices>;

export function createServices(
  db: Db,
  config: Pick<Config, "publicUrl" | "mail" | "authSecret" | "dataDir" | "env" | "storage"> &
    Partial<Pick<Config, "vnpay">>,
  hooks: { onContentChange: () => void; clock?: () => Date; logger?: MailLogger },
) {
  // What every public page repeats, kept between content changes: a change made here forgets
  // it at once, before telling the other processes (app.ts clears it on their notices).
  const publicReads = new KeptReads(PUBLIC_READS_TTL_MS, hooks.clock);
  const onContentChange = () => {
    publicReads.clear();
    hooks.onContentChange();
  };
  // One secret signs sessions, tokens and private file links (each with its own derived key).
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const storage = createStorage(config.storage, {
    dataDir: config.dataDir,
    secret,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });
  const audit = createAuditService(db, hooks.clock);
  const settings = createSettingsService(db, onContentChange, audit);
  const seasons = createSeasonsService(db, settings, onContentChange, hooks.clock);
  // Public PDFs go through the same storage as every other file (disk or S3).
  const documents = createDocumentsService(db, {
    storage,
    onChange: onContentChange,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });
  // Jury photos and winner images get their responsive variants from the media library.
  const content = createContentService(
    db,
    seasons,
    hooks.clock,
    { resolveMany: (refs) => media.resolveMany(refs) },
    publicReads,
  );
  const site = createSiteService(
    settings,
    seasons,
    config.publicUrl,
    documents,
    content,
    publicReads,
  );
  const waitingMail = mailRetries(db.kysely);
  // Without SMTP, messages are filed where every process reads them: with the shared bucket
  // in its `outbox/`, else in the folder DATA_DIR/outbox.
  const mail = createMailService(
    config,
    settings,
    hooks.logger,
    config.storage.driver === "s3" ? outboxInStorage(storage) : outboxFolder(config.mail.outboxDir),
    // A message the SMTP server or the store did not take waits in the database for the
    // mail-retry job (app.ts), whichever process tried it.
    { retries: waitingMail, ...(hooks.clock ? { clock: hooks.clock } : {}) },
  );
  const mailAdmin = {
    /** The back office's "send again now" (audited). */
    retryWaitingNow: (actor: Actor) =>
      retryWaitingNow(
        {
          db,
          retries: waitingMail,
          audit,
          retryDue: (at) => mail.retryDue(at),
          clock: hooks.clock ?? (() => new Date()),
        },
        actor,
      ),
  };
  const news = createNewsAdminService(db, {
    audit,
    onContentChange,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });
  const media = createMediaService({
    storage,
    db,
    tempDir: path.join(config.dataDir, "tmp"),
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });
  // Judges' copies of entries' PDFs, without the documents' metadata (blind judging).
  const judgeCopies = createJudgeCopies({
    db,
    storage,
    // The entrant is told when judges will not see a file, while they can still replace it.
    refusals: {
      queue: (trx, sourceKey, problem) =>
        entries.queueUnjudgeableFileEmails(trx, sourceKey, problem),
      queued: () => sendQueuedSoon({ db, mail, ...(hooks.logger ? { logger: hooks.logger } : {}) }),
    },
    ...(hooks.logger ? { logger: hooks.logger } : {}),
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });
  // Link previews (og:image): JPEGs made from covers and entry images, kept in storage.
  const socialImages = createSocialImagesService(db, {
    storage,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });
  const files = createFileStore(db, config.dataDir, storage, hooks.clock);
  const contentAdmin = createContentAdminService({
    db,
    audit,
    documents,
    seasons,
    onChange: onContentChange,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });
  const entries = createEntriesService(db, {
    seasons,
    mail,
    audit,
    storage,
    // Entry images carry their media id; their private links are signed on every read.
    images: { resolveMany: (refs) => media.resolveMany(refs) },
    publicUrl: config.publicUrl,
    ...(hooks.logger ? { logger: hooks.logger } : {}),
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });

  // Link lifetimes as the emails state them (the auth module's expiries).
  const identityMail: IdentityMail = {
    sendVerification: (to, lang, data) =>
      mail.sendVerification(to, lang, { ...data, expiresInHours: 24 }),
    // Queued, not sent: the form answers without waiting for the SMTP server, so an address
    // with an account is not told apart from one without by how long the answer takes. The
    // mail job sends it at once, after the answer; a failed send waits for its retry. The
    // link's hour runs from when it was asked for, and the email says until when.
    sendPasswordReset: async (to, lang, data) => {
      await mail.queue(db.kysely, [{ template: "passwordReset", to, lang, data }]);
      sendQueuedSoon({ db, mail, ...(hooks.logger ? { logger: hooks.logger } : {}) });
    },
    sendEmailChange: (to, lang, data) =>
      mail.sendEmailChange(to, lang, { ...data, expiresInHours: 24 }),
    sendEmailChanged: (to, lang, data) => mail.sendEmailChanged(to, lang, data),
    sendWelcome: (to, lang, data) => mail.sendWelcome(to, lang, data),
  };
  const auth = createAuth({
    db,
    publicUrl: config.publicUrl,
    secret,
    // Secure exactly when the site is served over HTTPS (PUBLIC_URL).
    secureCookies: servesHttps(config),
    mail: identityMail,
    ...(hooks.logger ? { logger: hooks.logger } : {}),
  });
  // Per-IP and per-account limits, shared by the identity service and the /api/auth links.
  const limiter = createRateLimiter(db);
  const identity = createIdentityService({
    db,
    auth,
    limiter,
    files,
    audit,
    publicUrl: config.publicUrl,
    mail: {
      sendRegistrationAttempt: (to, lang, data) => mail.send("registrationAttempt", to, lang, data),
    },
    registrationWindow: () => seasons.registration(),
  });
  // Back-office platform: seasons and the category tree, staff accounts.
  const seasonsAdmin = createSeasonsAdminService(db, onContentChange, hooks.clock, audit, settings);
  const staff = createStaffService({ db, auth, mail, publicUrl: config.publicUrl, audit });
  // Season operations: the entries table and export, registrants, the dashboard's figures.
  const clock = hooks.clock ? { clock: hooks.clock } : {};
  const entryAdmin = createEntryAdminService(db, { storage, audit, ...clock });
  const registrants = createRegistrantsService(db, { storage, audit, ...clock });
  const dashboard = createDashboardService(db, { ...clock });
  // Payments: checkout, VietQR and VNPay, reconciliation, refunds (PRODUCT §5).
  const payments = createPaymentsService(db, {
    seasons,
    settings,
    mail,
    audit,
    vnpay: config.vnpay ?? null,
    publicUrl: config.publicUrl,
    ...(hooks.logger ? { logger: hooks.logger } : {}),
    ...clock,
  });
  // Judging: judges and codes, rounds, blind scoring with its hash-chained log, results.
  const judging = createJudgingService(db, {
    audit,
    mail,
    storage,
    images: { resolveMany: (refs) => media.resolveMany(refs) },
    judgeCopies,
    limiter,
    secret,
    publicUrl: config.publicUrl,
    onContentChange,
    secureCookies: servesHttps(config),
    ...(hooks.logger ? { logger: hooks.logger } : {}),
    ...clock,
  });
  // The public entry library: published entries, their search, pages and public files.
  const library = createLibraryService(db, {
    audit,
    images: { resolveMany: (refs) => media.resolveMany(refs) },
    storage,
    onContentChange,
    ...clock,
  });
  return {
    settings,
    seasons,
    site,
    mail,
    mailAdmin,
    files,
    auth,
    limiter,
    identity,
    documents,
    content,
    audit,
    news,
    seasonsAdmin,
    staff,
    entries,
    contentAdmin,
    storage,
    media,
    judgeCopies,
    entryAdmin,
    registrants,
    dashboard,
    payments,
    judging,
    library,
    socialImages,
    publicReads,
  };
}
