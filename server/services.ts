import type { Config } from "./config";
import type { Db } from "./db/database";
import { createAuditService } from "./modules/audit/service";
import { createContentService } from "./modules/content/service";
import { createDocumentsService, documentsDir } from "./modules/documents/service";
import { createFileStore } from "./modules/files/storage";
import { createAuth, type IdentityMail } from "./modules/identity/auth";
import { createRateLimiter } from "./modules/identity/rate-limit";
import { resolveAuthSecret } from "./modules/identity/secret";
import { createIdentityService } from "./modules/identity/service";
import type { MailLogger } from "./modules/mail/mailer";
import { createMailService } from "./modules/mail/service";
import { createSeasonsService } from "./modules/seasons/service";
import { createSettingsService } from "./modules/settings/service";
import { createSiteService } from "./modules/site/service";

/** The domain services, shared by page loaders (through the load context) and `/api` routes. */
export type Services = ReturnType<typeof createServices>;

export function createServices(
  db: Db,
  config: Pick<Config, "publicUrl" | "mail" | "authSecret" | "dataDir" | "env" | "trustProxy">,
  hooks: { onContentChange: () => void; clock?: () => Date; logger?: MailLogger },
) {
  const settings = createSettingsService(db, hooks.onContentChange);
  const seasons = createSeasonsService(db, settings, hooks.onContentChange, hooks.clock);
  const documents = createDocumentsService(db, {
    dir: documentsDir(config.dataDir),
    onChange: hooks.onContentChange,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });
  const content = createContentService(db, seasons, hooks.clock);
  const site = createSiteService(settings, seasons, config.publicUrl, documents);
  const mail = createMailService(config, settings, hooks.logger);
  const files = createFileStore(db, config.dataDir);
  const audit = createAuditService(db, hooks.clock);

  // Link lifetimes as the emails state them (the auth module's expiries).
  const identityMail: IdentityMail = {
    sendVerification: (to, lang, data) =>
      mail.sendVerification(to, lang, { ...data, expiresInHours: 24 }),
    sendPasswordReset: (to, lang, data) =>
      mail.sendPasswordReset(to, lang, { ...data, expiresInMinutes: 60 }),
    sendEmailChange: (to, lang, data) =>
      mail.sendEmailChange(to, lang, { ...data, expiresInHours: 24 }),
    sendWelcome: (to, lang, data) => mail.sendWelcome(to, lang, data),
  };
  const auth = createAuth({
    db,
    publicUrl: config.publicUrl,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    // Secure outside development — except a production run served over plain http on
    // loopback (npm start at http://localhost), which has no TLS to carry it.
    secureCookies:
      config.env === "production" &&
      !/^http:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(config.publicUrl),
    mail: identityMail,
    trustProxy: config.trustProxy,
    ...(hooks.logger ? { logger: hooks.logger } : {}),
  });
  const identity = createIdentityService({
    db,
    auth,
    limiter: createRateLimiter(db),
    files,
    publicUrl: config.publicUrl,
  });
  return { settings, seasons, site, mail, files, auth, identity, documents, content, audit };
}
