import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect } from "vitest";
import type { Lang } from "../../../core/languages";
import type { Config } from "../../config";
import { migrateToLatest, type Db } from "../../db/database";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import type { TestDatabase } from "../../test-support/databases";
import { SUBJECTS } from "../../test-support/email-subjects";
import { linkIn, startSmtpReceiver, type SmtpReceiver } from "../../test-support/smtp-receiver";
import type { RegistrantProfile, RequestMeta } from "./types";

/** What the identity tests share: a database, the services and an SMTP receiver. */

export const PUBLIC_URL = "http://localhost:3000";
export const PASSWORD = "mua-thu-ha-noi-2026";
export const NEW_PASSWORD = "song-hong-chay-mai";

/** A tiny but well-formed PDF and PNG, as a registrant would upload them. */
export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

export const uniqueEmail = (who: string) => `${who}.${randomBytes(4).toString("hex")}@example.vn`;

/** A request from one browser: its IP and page language. */
export function meta(lang: Lang = "vi", ip = "203.0.113.10", cookie?: string): RequestMeta {
  const headers = new Headers({ "x-vx-client-ip": ip, origin: PUBLIC_URL });
  if (cookie) headers.set("cookie", cookie);
  return { headers, ip, lang };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export const withCookie = (cookie: string) => new Headers({ cookie });

/**
 * Signs `email` in as an entrant with the test password: the Cookie header to send back and
 * the session's token as the `session` table keeps it (the cookie's value before its signature).
 */
export async function signInSession(
  services: Services,
  email: string,
): Promise<{ cookie: string; token: string }> {
  const outcome = await services.identity.signIn({ email, password: PASSWORD }, meta(), "entrant");
  if (!outcome.ok) throw new Error(`sign-in failed for ${email}`);
  const cookie = cookieFrom(outcome.headers);
  const signed = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1).split(";")[0]!);
  return { cookie, token: signed.slice(0, signed.lastIndexOf(".")) };
}

export function individual(fullName: string): RegistrantProfile {
  return {
    type: "individual",
    fullName,
    phone: "+84912345678",
    address: "12 Lê Thánh Tôn, Quận 1, TP. Hồ Chí Minh",
    personalId: "001203004567",
    companyName: null,
    businessRegistrationNumber: null,
    taxCode: null,
    licenceFileId: null,
  };
}

export interface IdentityBed {
  receiver: SmtpReceiver;
  db: Db;
  services: Services;
}

/**
 * Opens a migrated database with the services and an SMTP receiver before the tests of the
 * enclosing `describe`, and closes them after; `bed` is filled in by then.
 */
export function identityTestbed(target: TestDatabase) {
  const bed = {} as IdentityBed;
  let config: Config | undefined;

  beforeAll(async () => {
    bed.receiver = await startSmtpReceiver();
    bed.db = await target.open();
    await migrateToLatest(bed.db);
    config = testConfig({ SMTP_URL: bed.receiver.url, PUBLIC_URL });
    bed.services = createServices(bed.db, config, { onContentChange: () => {} });
  });

  afterAll(async () => {
    bed.services?.mail.close();
    await bed.receiver?.close();
    await target.cleanup();
    if (config) rmSync(config.dataDir, { recursive: true, force: true });
  });

  /** Registers an individual entrant, then signs in (registering alone does not) for the cookie. */
  async function registerIndividual(email: string, lang: Lang = "vi", ip?: string) {
    const outcome = await bed.services.identity.register(
      { email, password: PASSWORD, profile: individual("Trần Văn An") },
      meta(lang, ip),
    );
    if (!outcome.ok) throw new Error(`registration refused: ${outcome.formError}`);
    expect(cookieFrom(outcome.headers)).toBe("");
    const signedIn = await bed.services.identity.signIn(
      { email, password: PASSWORD },
      meta(lang, ip),
      "entrant",
    );
    if (!signedIn.ok) throw new Error(`sign-in refused: ${signedIn.formError}`);
    return cookieFrom(signedIn.headers);
  }

  /** Follows an emailed /api/auth link as the browser would (with its cookie, if any). */
  async function follow(link: string, cookie?: string): Promise<Response> {
    expect(link.startsWith(`${PUBLIC_URL}/api/auth/`)).toBe(true);
    return bed.services.auth.handler(
      new Request(link, { headers: cookie ? { cookie } : {}, redirect: "manual" }),
    );
  }

  async function verifyByEmail(email: string, lang: Lang) {
    const mail = await bed.receiver.next(email);
    expect(mail.subject).toBe(SUBJECTS.verification[lang]);
    const response = await follow(linkIn(mail, `${PUBLIC_URL}/api/auth/verify-email?`));
    expect(response.status).toBe(302);
    expect((await bed.receiver.next(email)).subject).toBe(SUBJECTS.welcome[lang]);
  }

  return { bed, registerIndividual, follow, verifyByEmail };
}
