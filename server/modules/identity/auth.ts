import { hash, verify } from "@node-rs/argon2";
import { heavyWork } from "../../cpu-gate";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { localizePath, parseLang, type Lang } from "../../../core/languages";
import { AUTH_BASE_PATH, emailTakenLanding } from "../../../core/registration";
import type { Db } from "../../db/database";
import { currentPublicUrl } from "../../public-url";
import { addressTaken } from "./queries";

/** How long a password-reset link works, from the request. */
export const RESET_LINK_SECONDS = 60 * 60;

/** What the identity module needs from email (the mail module implements it). */
export interface IdentityMail {
  sendVerification(to: string, lang: Lang, data: { name: string; url: string }): Promise<unknown>;
  sendPasswordReset(
    to: string,
    lang: Lang,
    data: { name: string; url: string; expiresAt: string },
  ): Promise<unknown>;
  sendEmailChange(
    to: string,
    lang: Lang,
    data: { name: string; url: string; newEmail: string },
  ): Promise<unknown>;
  sendWelcome(to: string, lang: Lang, data: { name: string; url: string }): Promise<unknown>;
  /** To the OLD address once the change is made; `url` is the sign-in page. */
  sendEmailChanged(
    to: string,
    lang: Lang,
    data: { name: string; url: string; newEmail: string },
  ): Promise<unknown>;
}

export { AUTH_BASE_PATH };
export const SESSION_COOKIE_PREFIX = "vx";
/** The session cookie's names (with and without the Secure prefix): the signed-in user is read from them. */
export const SESSION_COOKIE_NAMES = [
  `${SESSION_COOKIE_PREFIX}.session_token`,
  `__Secure-${SESSION_COOKIE_PREFIX}.session_token`,
];

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
// (`algorithm: 2` is Algorithm.Argon2id; the const enum cannot be imported under isolatedModules.)
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type Auth = ReturnType<typeof createAuth>;

/**
 * The header the server sets on every request it hands to pages and to the accounts library
 * (`server/web-request.ts`): the client's address as it worked it out (the socket's peer, or
 * with TRUST_PROXY the forwarded address), replacing any the client sent. better-auth records
 * it with each session.
 */
export const CLIENT_IP_HEADER = "x-vx-client-ip";

/**
 * better-auth does accounts, sessions (database-stored, httpOnly SameSite=Lax cookie, Secure
 * outside development, a new session id at every sign-in), email verification, password
 * reset and email change; we give it argon2id, our email, our tables and our limits.
 * Its operations are called in-process by the identity service; over HTTP only the links in
 * emails reach it (server/plugins/auth-routes.ts).
 */
export function createAuth(options: {
  db: Db;
  publicUrl: string;
  secret: string;
  secureCookies: boolean;
  mail: IdentityMail;
  logger?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  const { db, mail } = options;
  // better-auth writes its links from its fixed base URL. (Left unset, better-auth 1.3 takes
  // it from the first request its handler sees and keeps it for every later one, trusting
  // X-Forwarded-Host as it does.) Moved to the address of the request being served.
  const here = (url: string) => {
    const base = currentPublicUrl(options.publicUrl);
    return url.startsWith(`${options.publicUrl}/`)
      ? base + url.slice(options.publicUrl.length)
      : url;
  };
  /**
   * An emailed link whose page (its `callbackURL`) opens in the recipient's language, as the
   * email is written: the page that asked for it may have been in the other language.
   */
  const landingInLanguage = (link: string, lang: Lang) => {
    const url = new URL(link);
    const callback = url.searchParams.get("callbackURL");
    if (!callback) return link;
    const target = new URL(callback, url);
    target.pathname = localizePath(target.pathname, lang);
    const absolute = /^https?:\/\//i.test(callback);
    url.searchParams.set("callbackURL", absolute ? target.href : target.pathname + target.search);
    return url.href;
  };
  // Accounts whose confirmation link was opened while already confirmed, between the two
  // hooks of that one request.
  const confirmedBefore = new Set<string>();
  return betterAuth({
    appName: "Van Xuan Awards",
    baseURL: options.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    database: { db: db.kysely, type: db.kind === "postgres" ? "postgres" : "sqlite" },
    telemetry: { enabled: false },
    // Into our structured logs; a wrong password is an everyday event, not an error.
    logger: {
      log: (level, message) => {
        if (level === "error" && !/invalid password|user not found/i.test(message)) {
          options.logger?.error({ source: "better-auth" }, message);
        } else {
          options.logger?.info({ source: "better-auth", level }, message);
        }
      },
    },
    // The address this request came to (server/public-url.ts): PUBLIC_URL when it is set.
    trustedOrigins: () => [new URL(currentPublicUrl(options.publicUrl)).origin],
    emailAndPassword: {
      enabled: true,
      // Accounts are created by the identity service (one transaction with the profile).
      disableSignUp: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      password: {
        // Each argon2 run is ~tens of ms of a core: through the gate, a burst of sign-ins
        // cannot take every core from the other requests; someone waits on it, so it goes
        // ahead of queued pictures.
        hash: (password) => heavyWork.run(() => hash(password, ARGON2), true),
        verify: ({ hash: digest, password }) => heavyWork.run(() => verify(digest, password), true),
      },
      sendResetPassword: async ({ user, url }) => {
        // A deactivated account gets no link: it could not sign in with a new password anyway.
        const active = (user as { active?: unknown }).active;
        if (active === false || active === 0) return;
        const lang = langOf(user);
        // The link's end, as better-auth has just set it: the email states the time, which
        // stays true however late the email goes out.
        await mail.sendPasswordReset(user.email, lang, {
          name: user.name,
          url: here(landingInLanguage(url, lang)),
          expiresAt: new Date(Date.now() + RESET_LINK_SECONDS * 1000).toISOString(),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        // better-auth 1.3 follows a change of email with a link to confirm the new address;
        // ours was confirmed by the link that made the change (see databaseHooks).
        if (user.emailVerified) return;
        const lang = langOf(user);
        await mail.sendVerification(user.email, lang, {
          name: user.name,
          url: here(landingInLanguage(url, lang)),
        });
      },
      // A link opened when the address is already confirmed (a second click, a mail scanner
      // that follows links) confirms nothing new: noted here, so no second welcome goes.
      onEmailVerification: async (user) => {
        if (user.emailVerified) confirmedBefore.add(user.id);
      },
      // Once the address is confirmed: the welcome, with the way to the dashboard.
      afterEmailVerification: async (user) => {
        if (confirmedBefore.delete(user.id)) return;
        const lang = langOf(user);
        const dashboard = `${currentPublicUrl(options.publicUrl)}${localizePath("/tai-khoan", lang)}`;
        await mail.sendWelcome(user.email, lang, { name: user.name, url: dashboard });
      },
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "entrant", input: false },
        // Set by the identity service only: no library input (update-user) may write it.
        lang: { type: "string", required: false, defaultValue: "vi", input: false },
        active: { type: "boolean", required: false, defaultValue: true, input: false },
      },
      changeEmail: {
        enabled: true,
        // Confirmed at the NEW address: the link there completes the change (and confirms
        // the address); the old one is then told (databaseHooks).
        sendChangeEmailVerification: async ({ user, newEmail, url }) => {
          const lang = langOf(user);
          await mail.sendEmailChange(newEmail, lang, {
            name: user.name,
            url: here(landingInLanguage(url, lang)),
            newEmail,
          });
        },
      },
    },
    databaseHooks: {
      user: {
        update: {
          // The change of email completes on /verify-email, from the link we send to the NEW
          // address (sendChangeEmailVerification): opening it proves that address, so it is
          // kept confirmed where better-auth 1.3 would unconfirm it and send a second link.
          // (better-auth 1.3 writes whatever the hook answers, even nothing: always `data`.)
          // An address that has meanwhile become another account's is not taken from it: the
          // link lands on its page saying so (the database's unique address would refuse it
          // anyway, as an error; the moment between this check and the write is caught by the
          // accounts door, server/plugins/auth-routes.ts).
          before: async (data, ctx) => {
            if (!isEmailChange(data, ctx)) return { data };
            const userId = ctx?.context.session?.user.id ?? "";
            if (await addressTaken(db, String(data.email), userId)) {
              const callback = String(ctx?.query?.callbackURL ?? "/");
              throw new APIError("FOUND", undefined, { Location: emailTakenLanding(callback) });
            }
            return { data: { ...data, emailVerified: true } };
          },
          // The old address is told, so an owner whose account was taken over learns of it.
          after: async (user, ctx) => {
            const before = ctx?.context.session?.user;
            if (!user || !isEmailChange(user, ctx) || !before || before.email === user.email)
              return;
            const lang = langOf(user);
            try {
              await mail.sendEmailChanged(before.email, lang, {
                name: user.name,
                url: `${currentPublicUrl(options.publicUrl)}${localizePath("/dang-nhap", lang)}`,
                newEmail: user.email,
              });
            } catch (error) {
              // The change is made: a notice that could not go does not undo it.
              options.logger?.error(
                { err: error, userId: user.id },
                "email change notice not sent",
              );
            }
          },
        },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    // Our own database-backed limits (per IP and per account) guard the pages that call it.
    rateLimit: { enabled: false },
    // An error that is not one of its answers leaves its handler (not a bare 500): the accounts
    // door answers what it can (an address taken at the same moment) and logs the rest.
    onAPIError: { throw: true },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The session's client address: the one the server worked out (app.ts), never a header
      // the client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

/** An update of the account's address on /verify-email: only the change-of-email link makes one. */
function isEmailChange(data: Record<string, unknown>, ctx: { path?: string } | undefined) {
  return ctx?.path === "/verify-email" && typeof data.email === "string";
}

function langOf(user: object): Lang {
  return parseLang((user as { lang?: unknown }).lang);
}
