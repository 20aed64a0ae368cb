import { createHmac, timingSafeEqual } from "node:crypto";
import type { Auth } from "./auth";
import type { IdentityDeps } from "./types";

/** What the session cookie of a request settles without better-auth's own lookup. */
export type SessionRead =
  /** No valid session: no cookie, a malformed or forged one, or no such session. */
  | { kind: "nobody" }
  /** A live session not yet due to be extended, with its user's row. */
  | { kind: "user"; user: SessionUser }
  /** Anything else (expired, due to be extended, other auth cookies present): ask better-auth. */
  | { kind: "ask" };

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  role: string;
  lang: string;
  active: number | boolean;
}

interface CookieFacts {
  sessionToken: string;
  /** Cookies whose presence changes what better-auth's lookup does (cache, don't-remember). */
  others: string[];
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const facts = new WeakMap<Auth, Promise<CookieFacts>>();

function cookieFacts(auth: Auth): Promise<CookieFacts> {
  let known = facts.get(auth);
  if (!known) {
    known = auth.$context.then((context) => ({
      sessionToken: context.authCookies.sessionToken.name,
      others: [context.authCookies.sessionData.name, context.authCookies.dontRememberToken.name],
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    facts.set(auth, known);
  }
  return known;
}

/**
 * The session of a request, read the short way: the cookie's signature checked here
 * (HMAC-SHA256 with the auth secret, base64, as better-auth signs it) and the session with its
 * user in one statement, where better-auth's lookup imports the key and verifies through
 * WebCrypto (two trips to the thread pool) and reads the session and the user apart. Only what
 * that lookup would answer the same without writing anything is settled here: a session that
 * has expired (better-auth deletes it), is due to be extended (it extends it once a day) or
 * comes with a cached-session or "don't remember me" cookie is left to better-auth.
 */
export async function readSessionCookie(
  deps: Pick<IdentityDeps, "auth" | "db">,
  cookieHeader: string,
  now = Date.now(),
): Promise<SessionRead> {
  const known = await cookieFacts(deps.auth);
  const cookies = parseCookieHeader(cookieHeader);
  if (known.others.some((name) => cookies.has(name))) return { kind: "ask" };
  const signed = cookies.get(known.sessionToken);
  if (signed === undefined) return { kind: "nobody" };
  const token = verifiedValue(signed, known.secret);
  if (token === null) return { kind: "nobody" };
  const row = await deps.db.kysely
    .selectFrom("session as s")
    .innerJoin("user as u", "u.id", "s.userId")
    .select([
      "s.expiresAt",
      "u.id",
      "u.name",
      "u.email",
      "u.emailVerified",
      "u.role",
      "u.lang",
      "u.active",
    ])
    .where("s.token", "=", token)
    .executeTakeFirst();
  if (!row) return { kind: "nobody" };
  const expiresAt = new Date(row.expiresAt).getTime();
  if (!Number.isFinite(expiresAt) || expiresAt < now) return { kind: "ask" };
  if (expiresAt - known.expiresInMs + known.updateAgeMs <= now) return { kind: "ask" };
  const { expiresAt: _expiresAt, ...user } = row;
  return { kind: "user", user };
}

/** The value of a `value.signature` cookie whose signature is right, else null. */
function verifiedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(value).digest("base64");
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected))
    ? value
    : null;
}

/** Cookies by name as better-call reads them: the first of a name wins, values URI-decoded. */
function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1);
    }
    cookies.set(name, decode(value));
  }
  return cookies;
}

function decode(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
