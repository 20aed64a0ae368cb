import type { IncomingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { canOpenSection, type BackOfficeSection, type Role } from "../../core/roles";

/** What the door needs to know of the person asking. */
export interface SectionUser {
  id: string;
  email: string;
  role: Role;
}

export interface SectionDoor {
  /** Who is asking (the session cookie), as pages see it. */
  currentUser(headers: Headers): Promise<SectionUser | null>;
  /** The i18n keys answered: 401 when signed out, 403 when the role does not open the section. */
  errors: { signInRequired: string; forbidden: string };
}

/** A Node request's headers as a Fetch `Headers` (what the identity service reads). */
export function requestHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

const admitted = new WeakMap<FastifyRequest, SectionUser>();

/**
 * The one back-office door of `/api` routes: `onRequest: requireSection("content", door)`.
 * It runs before the body is read or the schemas are checked, so a stranger learns nothing
 * about what a valid request looks like: 401 `{ error }` signed out, 403 `{ error }` for a
 * role without the section (`core/roles.ts`), never cached. The handler then reads the
 * admitted user with `sectionUser(request)`.
 */
export function requireSection(
  section: BackOfficeSection,
  door: SectionDoor,
): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await door.currentUser(requestHeaders(request.headers));
    const refuse = (status: 401 | 403, error: string) =>
      reply.code(status).header("cache-control", "no-store").send({ error });
    if (!user) return refuse(401, door.errors.signInRequired);
    if (!canOpenSection(user.role, section)) return refuse(403, door.errors.forbidden);
    admitted.set(request, user);
  };
}

/** The user `requireSection` let through on this request. */
export function sectionUser(request: FastifyRequest): SectionUser {
  const user = admitted.get(request);
  if (!user) throw new Error("sectionUser() called on a route without requireSection()");
  return user;
}
