import { APIError } from "better-auth/api";
import { localizePath, parseLang, type Lang } from "../../../core/languages";
import type { Role } from "../../../core/roles";
import { currentPublicUrl } from "../../public-url";
import type { Auth } from "./auth";
import { normaliseEmail } from "./queries";
import { LIMITS, type RateLimitRule } from "./rate-limit";
import type { IdentityDeps, IdentityRefusal } from "./types";

function tooMany(retryAfterSeconds: number): IdentityRefusal {
  return {
    ok: false,
    status: 429,
    formError: "auth.tooManyAttempts",
    retryAfterSeconds,
    retryAfterMinutes: Math.ceil(retryAfterSeconds / 60),
  };
}

/**
 * Counts this attempt against each key in turn (the address's first), refused at the first
 * over its limit. Counting before deciding (one atomic statement per key) means parallel
 * attempts cannot all slip through a check made before any of them was counted. An attempt
 * refused is counted against no later key: an address refused cannot go on adding a counter
 * for every account it names, nor use up an account's attempts.
 */
export async function consumed(
  deps: Pick<IdentityDeps, "limiter">,
  ...keys: [string, RateLimitRule][]
): Promise<IdentityRefusal | null> {
  for (const [key, rule] of keys) {
    const state = await deps.limiter.consume(key, rule);
    if (!state.allowed) return tooMany(state.retryAfterSeconds);
  }
  return null;
}

/**
 * A password hash to verify against when there is no account to check, so that an unknown
 * address costs the same argon2 work as a wrong password for a real one.
 */
const dummyHashes = new WeakMap<Auth, Promise<string>>();
export async function verifyAgainstNobody(auth: Auth, password: string): Promise<void> {
  const context = await auth.$context;
  let dummy = dummyHashes.get(auth);
  if (!dummy) {
    dummy = context.password.hash(`no-account-${Math.random()}`);
    dummyHashes.set(auth, dummy);
  }
  await context.password.verify({ hash: await dummy, password });
}

export async function verifyPassword(auth: Auth, digest: string, password: string) {
  const context = await auth.$context;
  return context.password.verify({ hash: digest, password });
}

/** An absolute address on this site in the given language (for links in emails). */
export function localized(deps: Pick<IdentityDeps, "publicUrl">, path: string, lang: Lang) {
  return `${currentPublicUrl(deps.publicUrl)}${localizePath(path, lang)}`;
}

/** Tells the owner of an address that someone tried to register it (a few times an hour at most). */
export async function noticeRegistrationAttempt(
  deps: IdentityDeps,
  user: { id: string; name: string; email: string; lang: string },
): Promise<void> {
  const state = await deps.limiter.consume(
    `register-notice:account:${user.id}`,
    LIMITS.registrationNoticePerAccount,
  );
  if (!state.allowed || !deps.mail) return;
  const lang = parseLang(user.lang);
  try {
    await deps.mail.sendRegistrationAttempt(user.email, lang, {
      name: user.name,
      url: localized(deps, "/dang-nhap", lang),
      resetUrl: localized(deps, "/quen-mat-khau", lang),
    });
  } catch {
    // Logged by the mail service; the visitor's answer must not depend on it.
  }
}

/** Through better-auth's own adapter (its ids, its password hashing), without any email. */
export async function createVerifiedAccount(
  auth: Auth,
  input: { email: string; name: string; password: string; role: Role; lang: Lang },
): Promise<string> {
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser({
    email: normaliseEmail(input.email),
    name: input.name,
    emailVerified: true,
    role: input.role,
    lang: input.lang,
    active: true,
  });
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(input.password),
  });
  return user.id;
}

/** better-auth's refusals as our keys; anything that is not one of its API errors is thrown. */
export function fromAuthError(error: unknown): IdentityRefusal {
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
