import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { AUTH_BASE_PATH, type Auth } from "../modules/identity/auth";
import { EMAIL_LINK_PATH, emailTakenLanding, signInFirstFor } from "../../core/registration";
import { confirmedLinkLanding } from "../modules/identity/confirmed-link";
import { isEmailChangeToken } from "../modules/identity/email-change-link";
import { isUniqueViolation } from "../modules/identity/queries";
import { LIMITS, type RateLimiter } from "../modules/identity/rate-limit";
import { sendWebResponse, toWebRequest } from "../web-request";

/**
 * The only better-auth endpoints reachable over HTTP: the links in our emails. Every other
 * operation (sign-in, sign-up, change of email, sessions …) is called in-process by the
 * identity service behind the product's own forms, with their schemas, limits and doors.
 */
export const AUTH_HTTP_ALLOWED = [
  // The verification link after registration, and the confirmation of a new address.
  { method: "GET", path: "/verify-email" },
  // A password-reset (or staff invitation) link: checks the token, then to /dat-lai-mat-khau.
  { method: "GET", path: "/reset-password/:token" },
] as const;

/**
 * Everything else under /api/auth answers 404, whatever the method, content type or body
 * (nothing is read). The allowed links are limited per IP.
 */
export const authRoutes: FastifyPluginAsync<{
  auth: Auth;
  publicUrl: string;
  limiter: RateLimiter;
}> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", "no-store");
    const state = await options.limiter.consume(
      `email-link:ip:${request.ip}`,
      LIMITS.emailLinksPerIp,
    );
    if (!state.allowed) {
      return reply
        .code(429)
        .header("retry-after", String(state.retryAfterSeconds))
        .type("text/plain; charset=utf-8")
        .send("Too many requests");
    }
    // The address the browser used (React Router compares it with Origin on actions).
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const webRequest = toWebRequest(request, reply, url);
    if (url.pathname === EMAIL_LINK_PATH) {
      if (isEmailChangeToken(url.searchParams.get("token"))) {
        // A change of email finishes only where its account is signed in (the library refuses
        // it elsewhere): opened on another device or after the session ended, the link asks to
        // sign in first and then comes back to itself.
        if (!(await options.auth.api.getSession({ headers: webRequest.headers }))) {
          return reply.redirect(signInFirstFor(url), 302);
        }
      } else {
        // The confirmation after registering signs in only while it confirms the address.
        const landing = await confirmedLinkLanding(options.auth, url);
        if (landing !== null) return reply.redirect(landing, 302);
      }
    }
    let response: Response;
    try {
      response = await options.auth.handler(webRequest);
    } catch (error) {
      // A change of email confirmed at the very moment another account took the address: its
      // check had passed, the database's unique address refused the write. Nothing changed;
      // the link lands as when the address was taken before it was opened.
      const callback = url.searchParams.get("callbackURL");
      if (!isUniqueViolation(error) || !url.pathname.endsWith("/verify-email") || !callback)
        throw error;
      return reply.redirect(emailTakenLanding(callback), 302);
    }
    return sendWebResponse(reply, response);
  };

  for (const route of AUTH_HTTP_ALLOWED) {
    app.route({
      method: route.method,
      url: `${AUTH_BASE_PATH}${route.path}`,
      exposeHeadRoute: false,
      handler: forward,
    });
  }

  const notFound = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(404)
      .header("cache-control", "no-store")
      .type("text/plain; charset=utf-8")
      .send("Not found");
  app.all(AUTH_BASE_PATH, notFound);
  app.all(`${AUTH_BASE_PATH}/*`, notFound);
};
