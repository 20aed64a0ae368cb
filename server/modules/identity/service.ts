import { randomBytes } from "node:crypto";
import { APIError } from "better-auth/api";
import { fileTypeFromBuffer } from "file-type";
import type { Lang } from "../../../core/languages";
import { profileSchemaFor } from "../../../core/registration";
import { isStaffRole, type Role, type StaffRole } from "../../../core/roles";
import type { Db } from "../../db/database";
import { currentPublicUrl } from "../../public-url";
import type { RegistrantTable } from "../../db/schema";
import { FileRejected, type FileStore } from "../files/storage";
import type { Auth } from "./auth";
import { LIMITS, type RateLimiter, type RateLimitRule } from "./rate-limit";

/** The signed-in person as pages see them. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  lang: Lang;
  registrant: RegistrantProfile | null;
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

/** A refusal the page shows: a message key for the form and/or keys per field. */
export type Outcome =
  | { ok: true; headers: Headers; immediate?: boolean }
  | {
      ok: false;
      status: 400 | 401 | 403 | 409 | 429;
      formError: string;
      fieldErrors?: Record<string, string>;
      retryAfterSeconds?: number;
    };

export interface RequestMeta {
  headers: Headers;
  ip: string;
  lang: Lang;
}

export type IdentityService = ReturnType<typeof createIdentityService>;

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

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createIdentityService(deps: {
  db: Db;
  auth: Auth;
  limiter: RateLimiter;
  files: FileStore;
  publicUrl: string;
  mail?: RegistrationMail;
}) {
  const { db, auth, limiter, files } = deps;

  async function loadRegistrant(userId: string): Promise<RegistrantProfile | null> {
    const row = await db.kysely
      .selectFrom("registrants")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row ? toProfile(row) : null;
  }

  function tooMany(retryAfterSeconds: number): Outcome {
    return { ok: false, status: 429, formError: "auth.tooManyAttempts", retryAfterSeconds };
  }

  /**
   * Counts this attempt against every key, then decides: refused when any is over its limit.
   * Counting first (one atomic statement per key) means parallel attempts cannot all slip
   * through a check made before any of them was counted.
   */
  async function consumed(...keys: [string, RateLimitRule][]): Promise<Outcome | null> {
    let wait = 0;
    for (const [key, rule] of keys) {
      const state = await limiter.consume(key, rule);
      if (!state.allowed) wait = Math.max(wait, state.retryAfterSeconds);
    }
    return wait > 0 ? tooMany(wait) : null;
  }

  /**
   * A password hash to verify against when there is no account to check, so that an unknown
   * address costs the same argon2 work as a wrong password for a real one.
   */
  let dummyHash: Promise<string> | null = null;
  async function verifyAgainstNobody(password: string): Promise<void> {
    const context = await auth.$context;
    dummyHash ??= context.password.hash(`no-account-${Math.random()}`);
    await context.password.verify({ hash: await dummyHash, password });
  }

  /** Tells the owner of an address that someone tried to register it (a few times an hour at most). */
  async function noticeRegistrationAttempt(user: {
    id: string;
    name: string;
    email: string;
    lang: string;
  }) {
    const state = await limiter.consume(
      `register-notice:account:${user.id}`,
      LIMITS.registrationNoticePerAccount,
    );
    if (!state.allowed || !deps.mail) return;
    const lang: Lang = user.lang === "en" ? "en" : "vi";
    try {
      await deps.mail.sendRegistrationAttempt(user.email, lang, {
        name: user.name,
        url: localized("/dang-nhap", lang),
        resetUrl: localized("/quen-mat-khau", lang),
      });
    } catch {
      // Logged by the mail service; the visitor's answer must not depend on it.
    }
  }

  return {
    async currentUser(headers: Headers): Promise<CurrentUser | null> {
      const session = await auth.api.getSession({ headers });
      if (!session) return null;
      const user = session.user as typeof session.user & {
        role?: string;
        lang?: string;
        active?: unknown;
      };
      if (user.active === false || (user.active as unknown) === 0) return null;
      const role = (isStaffRole(user.role) ? user.role : "entrant") as Role;
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: Boolean(user.emailVerified),
        role,
        lang: user.lang === "en" ? "en" : "vi",
        registrant: role === "entrant" ? await loadRegistrant(user.id) : null,
      };
    },

    /**
     * Creates the account (user, argon2id credential, registrant profile, the licence claimed)
     * in one transaction, then sends the verification email; the emailed link signs the person
     * in. An address that already has an account gets the same answer, and its owner an email
     * saying someone tried to register with it: the form never tells who has an account.
     * Nothing is stored (not even the licence) before the per-IP limit has passed.
     */
    async register(
      input: {
        email: string;
        password: string;
        profile: RegistrantProfile;
        licence?: LicenceUpload | null;
      },
      meta: RequestMeta,
    ): Promise<Outcome> {
      const refused = await consumed([`register:ip:${meta.ip}`, LIMITS.registrationPerIp]);
      if (refused) return refused;
      // The licence's content is judged before anything else, so a bad file gets the same
      // answer whether or not the address has an account.
      if (input.licence) {
        const problem = await licenceProblem(input.licence);
        if (problem) {
          return {
            ok: false,
            status: 400,
            formError: problem,
            fieldErrors: { licenceFileId: problem },
          };
        }
      }
      const email = normaliseEmail(input.email);
      const context = await auth.$context;
      const checkEmail: Outcome = { ok: true, headers: new Headers() };
      const existing = await db.kysely
        .selectFrom("user")
        .select(["id", "name", "email", "lang"])
        .where("email", "=", email)
        .executeTakeFirst();
      if (existing) {
        // The same argon2 work as a new account, so the time taken tells nothing either.
        await context.password.hash(input.password);
        await noticeRegistrationAttempt(existing);
        return checkEmail;
      }

      const profile = { ...input.profile };
      if (input.licence) {
        try {
          const stored = await files.save({
            data: input.licence.data,
            purpose: "licence",
            ownerUserId: null,
            allowedMimes: input.licence.allowedMimes,
            maxBytes: input.licence.maxBytes,
            tooLargeKey: "validation.licenceTooLarge",
            wrongTypeKey: "validation.licenceType",
          });
          profile.licenceFileId = stored.id;
        } catch (error) {
          if (!(error instanceof FileRejected)) throw error;
          return {
            ok: false,
            status: 400,
            formError: error.messageKey,
            fieldErrors: { licenceFileId: error.messageKey },
          };
        }
      }

      const passwordHash = await context.password.hash(input.password);
      const userId = context.generateId({ model: "user" }) || randomId();
      const accountId = context.generateId({ model: "account" }) || randomId();
      const stamp = now(db);
      const iso = new Date().toISOString();
      try {
        await db.kysely.transaction().execute(async (trx) => {
          await trx
            .insertInto("user")
            .values({
              id: userId,
              name: profile.fullName,
              email,
              emailVerified: db.kind === "postgres" ? false : 0,
              image: null,
              createdAt: stamp,
              updatedAt: stamp,
              role: "entrant",
              lang: meta.lang,
              active: db.kind === "postgres" ? true : 1,
            })
            .execute();
          await trx
            .insertInto("account")
            .values({
              id: accountId,
              accountId: userId,
              providerId: "credential",
              userId,
              password: passwordHash,
              createdAt: stamp,
              updatedAt: stamp,
            })
            .execute();
          if (profile.licenceFileId) {
            const claimed = await trx
              .updateTable("files")
              .set({ owner_user_id: userId })
              .where("id", "=", profile.licenceFileId)
              .where("owner_user_id", "is", null)
              .where("purpose", "=", "licence")
              .executeTakeFirst();
            if (Number(claimed.numUpdatedRows) !== 1) profile.licenceFileId = null;
          }
          await trx
            .insertInto("registrants")
            .values({ user_id: userId, ...toRow(profile), created_at: iso, updated_at: iso })
            .execute();
        });
      } catch (error) {
        // Two registrations of one address at the same moment: the second is the "taken" case.
        if (!isUniqueViolation(error)) throw error;
        const winner = await db.kysely
          .selectFrom("user")
          .select(["id", "name", "email", "lang"])
          .where("email", "=", email)
          .executeTakeFirst();
        if (winner) await noticeRegistrationAttempt(winner);
        return checkEmail;
      }

      try {
        await auth.api.sendVerificationEmail({
          body: { email, callbackURL: localized("/tai-khoan?verified=1", meta.lang) },
        });
      } catch {
        // Logged by the mail service; the dashboard offers to send the link again.
      }
      return checkEmail;
    },

    /**
     * Email + password; `staff` limits it to back-office accounts (and entrants to the public
     * one). Every attempt is counted before the password is checked (per account and per IP);
     * a success clears the account's failures and gives the IP its attempt back. An unknown
     * address, the other door's account or a deactivated one cost the same argon2 work as a
     * wrong password and get the same answer.
     */
    async signIn(
      input: { email: string; password: string },
      meta: RequestMeta,
      audience: "entrant" | "staff",
    ): Promise<Outcome> {
      const email = normaliseEmail(input.email);
      const accountKey = `signin:account:${email}`;
      const ipKey = `signin:ip:${meta.ip}`;
      const refused = await consumed(
        [accountKey, LIMITS.signInFailuresPerAccount],
        [ipKey, LIMITS.signInFailuresPerIp],
      );
      if (refused) return refused;
      const user = await db.kysely
        .selectFrom("user")
        .leftJoin("account", (join) =>
          join.onRef("account.userId", "=", "user.id").on("account.providerId", "=", "credential"),
        )
        .select(["user.id", "user.role", "user.active", "account.password"])
        .where("user.email", "=", email)
        .executeTakeFirst();
      const isStaff = isStaffRole(user?.role);
      const wrongAudience = user && (audience === "staff") !== isStaff;
      const inactive = user && (user.active === false || user.active === 0);
      // An invited staff member without a password yet is "no account" too.
      if (!user?.password || wrongAudience || inactive) {
        await verifyAgainstNobody(input.password);
        return { ok: false, status: 401, formError: "auth.invalidCredentials" };
      }
      try {
        const result = await auth.api.signInEmail({
          body: { email, password: input.password, rememberMe: true },
          headers: meta.headers,
          returnHeaders: true,
        });
        await limiter.clear(accountKey);
        await limiter.refund(ipKey);
        return { ok: true, headers: result.headers };
      } catch (error) {
        return fromAuthError(error);
      }
    },

    async signOut(headers: Headers): Promise<Headers> {
      try {
        const result = await auth.api.signOut({ headers, returnHeaders: true });
        return result.headers;
      } catch {
        return new Headers();
      }
    },

    /** Ends every session of this account, this one included. */
    async signOutEverywhere(headers: Headers): Promise<Headers> {
      await auth.api.revokeSessions({ headers });
      return this.signOut(headers);
    },

    /** Always answers the same way, so the form never tells who has an account. */
    async requestPasswordReset(email: string, meta: RequestMeta): Promise<Outcome> {
      const normalised = normaliseEmail(email);
      const refused = await consumed(
        [`reset:ip:${meta.ip}`, LIMITS.resetPerIp],
        [`reset:account:${normalised}`, LIMITS.resetPerAccount],
      );
      if (refused) return refused;
      try {
        await auth.api.requestPasswordReset({
          body: { email: normalised, redirectTo: localized("/dat-lai-mat-khau", meta.lang) },
          headers: meta.headers,
        });
      } catch {
        // Unknown addresses and mail trouble look the same from outside.
      }
      return { ok: true, headers: new Headers() };
    },

    async resetPassword(token: string, newPassword: string): Promise<Outcome> {
      try {
        await auth.api.resetPassword({ body: { token, newPassword } });
        return { ok: true, headers: new Headers() };
      } catch (error) {
        const outcome = fromAuthError(error);
        return outcome.ok ? outcome : { ...outcome, formError: "auth.resetLinkInvalid" };
      }
    },

    async changePassword(
      headers: Headers,
      input: { currentPassword: string; newPassword: string },
    ): Promise<Outcome> {
      try {
        const result = await auth.api.changePassword({
          body: { ...input, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        });
        return { ok: true, headers: result.headers };
      } catch (error) {
        const outcome = fromAuthError(error);
        if (!outcome.ok && outcome.status === 400) {
          return { ...outcome, fieldErrors: { currentPassword: "auth.wrongPassword" } };
        }
        return outcome;
      }
    },

    /** Confirms the current password, then sends a confirmation link to the new address. */
    async changeEmail(
      user: CurrentUser,
      headers: Headers,
      input: { newEmail: string; currentPassword: string },
      lang: Lang,
    ): Promise<Outcome> {
      const newEmail = normaliseEmail(input.newEmail);
      if (newEmail === user.email) {
        return {
          ok: false,
          status: 400,
          formError: "auth.sameEmail",
          fieldErrors: { newEmail: "auth.sameEmail" },
        };
      }
      // Each attempt confirms the current password (a guess a stolen session could repeat) and
      // may tell whether an address is taken: a few per account, right or wrong.
      const confirmKey = `confirm-password:account:${user.id}`;
      const refused = await consumed([confirmKey, LIMITS.passwordConfirmationPerAccount]);
      if (refused) return refused;
      const account = await db.kysely
        .selectFrom("account")
        .select("password")
        .where("userId", "=", user.id)
        .where("providerId", "=", "credential")
        .executeTakeFirst();
      if (
        !account?.password ||
        !(await verifyPassword(auth, account.password, input.currentPassword))
      ) {
        return {
          ok: false,
          status: 400,
          formError: "auth.wrongPassword",
          fieldErrors: { currentPassword: "auth.wrongPassword" },
        };
      }
      const taken = await db.kysely
        .selectFrom("user")
        .select("id")
        .where("email", "=", newEmail)
        .executeTakeFirst();
      if (taken) {
        return {
          ok: false,
          status: 409,
          formError: "auth.emailTaken",
          fieldErrors: { newEmail: "auth.emailTaken" },
        };
      }
      try {
        await auth.api.changeEmail({
          body: { newEmail, callbackURL: localized("/tai-khoan?emailChanged=1", lang) },
          headers,
        });
        // A confirmed address changes only through the link sent to the new one; an address
        // never confirmed (a typo at registration) is replaced at once and the new one must
        // then be confirmed.
        return { ok: true, headers: new Headers(), immediate: !user.emailVerified };
      } catch (error) {
        return fromAuthError(error);
      }
    },

    async resendVerification(user: CurrentUser, lang: Lang): Promise<Outcome> {
      const refused = await consumed([
        `verify:account:${user.id}`,
        LIMITS.verificationResendPerAccount,
      ]);
      if (refused) return refused;
      await auth.api.sendVerificationEmail({
        body: { email: user.email, callbackURL: localized("/tai-khoan?verified=1", lang) },
      });
      return { ok: true, headers: new Headers() };
    },

    /**
     * The profile (and the account's name with it), checked again with the core schema of the
     * stored type: no caller gets a longer name or another field past the form's rules.
     */
    async updateProfile(userId: string, profile: Omit<RegistrantProfile, "type">): Promise<void> {
      const current = await loadRegistrant(userId);
      if (!current) throw new Error("No registrant profile");
      const checked = profileSchemaFor(current.type).safeParse(
        current.type === "individual"
          ? {
              type: "individual",
              fullName: profile.fullName,
              phone: profile.phone,
              address: profile.address,
              personalId: profile.personalId ?? "",
            }
          : {
              type: "enterprise",
              companyName: profile.companyName ?? "",
              businessRegistrationNumber: profile.businessRegistrationNumber ?? "",
              taxCode: profile.taxCode ?? "",
              representativeName: profile.fullName,
              phone: profile.phone,
              address: profile.address,
              licenceFileId: current.licenceFileId ?? "",
            },
      );
      if (!checked.success) throw new RangeError("The profile does not pass the profile rules");
      const { type: _type, ...row } = toRow({
        ...profile,
        type: current.type,
        licenceFileId: current.licenceFileId,
      });
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable("registrants")
          .set({ ...row, updated_at: new Date().toISOString() })
          .where("user_id", "=", userId)
          .execute();
        await trx
          .updateTable("user")
          .set({ name: profile.fullName, updatedAt: now(db) })
          .where("id", "=", userId)
          .execute();
      });
    },

    /** A staff account (the create-admin command, demo data, later the users section). */
    async createStaff(input: {
      email: string;
      name: string;
      password: string;
      role: StaffRole;
      lang?: Lang;
    }): Promise<string> {
      return createVerifiedAccount(
        input.email,
        input.name,
        input.password,
        input.role,
        input.lang ?? "vi",
      );
    },

    /** An entrant created without a request (demo data, imports): verified, no emails sent. */
    async createEntrant(input: {
      email: string;
      password: string;
      profile: RegistrantProfile;
    }): Promise<string> {
      const userId = await createVerifiedAccount(
        input.email,
        input.profile.fullName,
        input.password,
        "entrant",
        "vi",
      );
      const stamp = new Date().toISOString();
      await db.kysely
        .insertInto("registrants")
        .values({ user_id: userId, ...toRow(input.profile), created_at: stamp, updated_at: stamp })
        .execute();
      return userId;
    },

    async markEmailVerified(userId: string): Promise<void> {
      await db.kysely
        .updateTable("user")
        .set({ emailVerified: db.kind === "postgres" ? true : 1 })
        .where("id", "=", userId)
        .execute();
    },
  };

  /** Through better-auth's own adapter (its ids, its password hashing), without any email. */
  async function createVerifiedAccount(
    email: string,
    name: string,
    password: string,
    role: Role,
    lang: Lang,
  ) {
    const context = await auth.$context;
    const user = await context.internalAdapter.createUser({
      email: normaliseEmail(email),
      name,
      emailVerified: true,
      role,
      lang,
      active: true,
    });
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(password),
    });
    return user.id;
  }

  function localized(path: string, lang: Lang): string {
    return `${currentPublicUrl(deps.publicUrl)}${lang === "en" ? `/en${path}` : path}`;
  }
}

/** Why a licence upload cannot be kept (the checks `files.save` makes), or null. */
async function licenceProblem(licence: LicenceUpload): Promise<string | null> {
  if (licence.data.byteLength === 0) return "validation.licenceType";
  if (licence.data.byteLength > licence.maxBytes) return "validation.licenceTooLarge";
  const sniffed = await fileTypeFromBuffer(licence.data);
  return sniffed && licence.allowedMimes.includes(sniffed.mime) ? null : "validation.licenceType";
}

function randomId(): string {
  return randomBytes(24).toString("base64url");
}

/** A second row with the same unique value (SQLite's message, PostgreSQL's SQLSTATE 23505). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === "23505" || /UNIQUE constraint failed/i.test(String(e?.message ?? ""));
}

function now(db: Db): string | Date {
  return db.kind === "postgres" ? new Date() : new Date().toISOString();
}

async function verifyPassword(auth: Auth, digest: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  return context.password.verify({ hash: digest, password });
}

function fromAuthError(error: unknown): Outcome & { ok: false } {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code ?? "";
    if (code === "INVALID_EMAIL_OR_PASSWORD")
      return { ok: false, status: 401, formError: "auth.invalidCredentials" };
    if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      return {
        ok: false,
        status: 409,
        formError: "auth.emailTaken",
        fieldErrors: { email: "auth.emailTaken" },
      };
    }
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      return {
        ok: false,
        status: 400,
        formError: "validation.passwordTooShort",
        fieldErrors: { password: "validation.passwordTooShort" },
      };
    }
    if (code === "INVALID_TOKEN")
      return { ok: false, status: 400, formError: "auth.resetLinkInvalid" };
    if (error.statusCode === 401)
      return { ok: false, status: 401, formError: "auth.invalidCredentials" };
    return { ok: false, status: 400, formError: "auth.requestFailed" };
  }
  throw error;
}

function toProfile(row: RegistrantTable): RegistrantProfile {
  return {
    type: row.type,
    fullName: row.full_name,
    phone: row.phone,
    address: row.address,
    personalId: row.personal_id,
    companyName: row.company_name,
    businessRegistrationNumber: row.business_registration_number,
    taxCode: row.tax_code,
    licenceFileId: row.licence_file_id,
  };
}

function toRow(profile: RegistrantProfile) {
  return {
    type: profile.type,
    full_name: profile.fullName,
    phone: profile.phone,
    address: profile.address,
    personal_id: profile.personalId,
    company_name: profile.companyName,
    business_registration_number: profile.businessRegistrationNumber,
    tax_code: profile.taxCode,
    licence_file_id: profile.licenceFileId,
  };
}
