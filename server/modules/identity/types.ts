import type { RegistrationWindowState } from "../../../core/registration-window";
import type { Lang } from "../../../core/languages";
import type { Refusal } from "../../../core/refusal";
import type { Role } from "../../../core/roles";
import type { Db } from "../../db/database";
import type { AuditService } from "../audit/service";
import type { FileStore } from "../files/storage";
import type { Auth } from "./auth";
import type { RateLimiter } from "./rate-limit";

/** The signed-in person as pages see them. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  lang: Lang;
}

/** The registrant profile (seed §3), as stored; the phone is E.164. */
export interface RegistrantProfile {
  type: "individual" | "enterprise";
  fullName: string;
  phone: string;
  address: string;
  personalId: string | null;
  companyName: string | null;
  businessRegistrationNumber: string | null;
  taxCode: string | null;
  licenceFileId: string | null;
}

/**
 * An identity operation's no: the one refusal shape (`core/refusal.ts`), always with a message
 * for the form and, for 429, the wait in seconds too (the `Retry-After` of a link).
 */
export interface IdentityRefusal extends Refusal {
  formError: string;
  retryAfterSeconds?: number;
}

/** What an identity operation answers: the cookies to set, or a refusal the page shows. */
export type Outcome = { ok: true; headers: Headers; immediate?: boolean } | IdentityRefusal;

export interface RequestMeta {
  headers: Headers;
  ip: string;
  lang: Lang;
}

/** A new licence upload sent with the registration form: stored only once the rest passes. */
export interface LicenceUpload {
  data: Uint8Array;
  allowedMimes: readonly string[];
  maxBytes: number;
}

/** What registration needs from email beyond better-auth's own: the "someone tried" notice. */
export interface RegistrationMail {
  sendRegistrationAttempt(
    to: string,
    lang: Lang,
    data: { name: string; url: string; resetUrl: string },
  ): Promise<unknown>;
}

/** What the identity operations are given (wired once in server/services.ts). */
export interface IdentityDeps {
  db: Db;
  auth: Auth;
  limiter: RateLimiter;
  files: FileStore;
  /** Where an entrant's own changes that staff rely on (the business licence) are recorded. */
  audit: AuditService;
  publicUrl: string;
  mail?: RegistrationMail;
  /** Whether new entrants may register now (the current season's registration window). */
  registrationWindow: () => Promise<RegistrationWindowState>;
}
