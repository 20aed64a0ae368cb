import { APIError } from "better-auth/api";
import type { Lang } from "../../../core/languages";
import { isStaffRole, type Role, type StaffRole } from "../../../core/roles";
import type { Db } from "../../db/database";
import type { RegistrantTable } from "../../db/schema";
import type { FileStore } from "../files/storage";
import type { Auth } from "./auth";
import { LIMITS, type RateLimiter } from "./rate-limit";

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

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createIdentityService(deps: {
  db: Db;
  auth: Auth;
  limiter: RateLimiter;
  files: FileStore;
  publicUrl: string;
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

  async function limited(...checks: [string, { limit: number; windowMs: number }][]) {
    for (const [key, rule] of checks) {
      const state = await limiter.check(key, rule);
      if (!state.allowed) return tooMany(state.retryAfterSeconds);
    }
    return null;
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

    /** Creates the account and its registrant profile, signs the person in, sends verification. */
    async register(
      input: { email: string; password: string; profile: RegistrantProfile },
      meta: RequestMeta,
    ): Promise<Outcome> {
      const refused = await limited([`register:ip:${meta.ip}`, LIMITS.registrationPerIp]);
      if (refused) return refused;
      await limiter.hit(`register:ip:${meta.ip}`, LIMITS.registrationPerIp);
      const email = normaliseEmail(input.email);
      const existing = await db.kysely
        .selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      if (existing) {
        return {
          ok: false,
          status: 409,
          formError: "auth.emailTaken",
          fieldErrors: { email: "auth.emailTaken" },
        };
      }
      const dashboard = localized("/tai-khoan?verified=1", meta.lang);
      let result;
      try {
        result = await auth.api.signUpEmail({
          body: {
            name: input.profile.fullName,
            email,
            password: input.password,
            lang: meta.lang,
            callbackURL: dashboard,
          },
          headers: meta.headers,
          returnHeaders: true,
        });
      } catch (error) {
        return fromAuthError(error);
      }
      const userId = result.response.user.id;
      const now = new Date().toISOString();
      if (input.profile.licenceFileId) {
        const claimed = await files.claim(input.profile.licenceFileId, userId, "licence");
        if (!claimed) input.profile.licenceFileId = null;
      }
      await db.kysely
        .insertInto("registrants")
        .values({ user_id: userId, ...toRow(input.profile), created_at: now, updated_at: now })
        .execute();
      return { ok: true, headers: result.headers };
    },

    /** Email + password; `staff` limits it to back-office accounts (and entrants to the public one). */
    async signIn(
      input: { email: string; password: string },
      meta: RequestMeta,
      audience: "entrant" | "staff",
    ): Promise<Outcome> {
      const email = normaliseEmail(input.email);
      const accountKey = `signin:account:${email}`;
      const ipKey = `signin:ip:${meta.ip}`;
      const refused = await limited(
        [accountKey, LIMITS.signInFailuresPerAccount],
        [ipKey, LIMITS.signInFailuresPerIp],
      );
      if (refused) return refused;
      const user = await db.kysely
        .selectFrom("user")
        .select(["id", "role", "active"])
        .where("email", "=", email)
        .executeTakeFirst();
      const isStaff = isStaffRole(user?.role);
      const wrongAudience = user && (audience === "staff") !== isStaff;
      const inactive = user && (user.active === false || user.active === 0);
      if (!user || wrongAudience || inactive) {
        await limiter.hit(accountKey, LIMITS.signInFailuresPerAccount);
        await limiter.hit(ipKey, LIMITS.signInFailuresPerIp);
        return { ok: false, status: 401, formError: "auth.invalidCredentials" };
      }
      try {
        const result = await auth.api.signInEmail({
          body: { email, password: input.password, rememberMe: true },
          headers: meta.headers,
          returnHeaders: true,
        });
        await limiter.clear(accountKey);
        return { ok: true, headers: result.headers };
      } catch (error) {
        await limiter.hit(accountKey, LIMITS.signInFailuresPerAccount);
        await limiter.hit(ipKey, LIMITS.signInFailuresPerIp);
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
      const refused = await limited(
        [`reset:ip:${meta.ip}`, LIMITS.resetPerIp],
        [`reset:account:${normalised}`, LIMITS.resetPerAccount],
      );
      if (refused) return refused;
      await limiter.hit(`reset:ip:${meta.ip}`, LIMITS.resetPerIp);
      await limiter.hit(`reset:account:${normalised}`, LIMITS.resetPerAccount);
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
      const key = `verify:account:${user.id}`;
      const refused = await limited([key, LIMITS.verificationResendPerAccount]);
      if (refused) return refused;
      await limiter.hit(key, LIMITS.verificationResendPerAccount);
      await auth.api.sendVerificationEmail({
        body: { email: user.email, callbackURL: localized("/tai-khoan?verified=1", lang) },
      });
      return { ok: true, headers: new Headers() };
    },

    async updateProfile(userId: string, profile: Omit<RegistrantProfile, "type">): Promise<void> {
      const current = await loadRegistrant(userId);
      if (!current) throw new Error("No registrant profile");
      const { type: _type, ...row } = toRow({ ...profile, type: current.type });
      await db.kysely
        .updateTable("registrants")
        .set({ ...row, updated_at: new Date().toISOString() })
        .where("user_id", "=", userId)
        .execute();
      await db.kysely
        .updateTable("user")
        .set({ name: profile.fullName, updatedAt: now(db) })
        .where("id", "=", userId)
        .execute();
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
    return `${deps.publicUrl}${lang === "en" ? `/en${path}` : path}`;
  }
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
