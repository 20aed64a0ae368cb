import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for every state-changing request (OWASP: verify the origin with standard
 * headers, on top of SameSite=Lax session cookies): the browser's Origin — or, failing that,
 * Sec-Fetch-Site / Referer — must be this site. Requests that carry none of them are refused.
 * `exempt` lists path prefixes called by other servers (payment gateway callbacks).
 */
export const csrfProtection = fp<{ publicUrl: string; exempt?: string[] }>(
  async (app: FastifyInstance, options) => {
    const publicOrigin = new URL(options.publicUrl).origin;
    const exempt = options.exempt ?? [];

    app.addHook("onRequest", async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const path = request.url.split("?")[0] ?? "";
      if (exempt.some((prefix) => path.startsWith(prefix))) return;
      const host = request.headers.host;
      const sameSite = (origin: string) => {
        try {
          const url = new URL(origin);
          return url.origin === publicOrigin || (host !== undefined && url.host === host);
        } catch {
          return false;
        }
      };
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== "null") {
        if (sameSite(origin)) return;
      } else {
        const fetchSite = request.headers["sec-fetch-site"];
        if (fetchSite === "same-origin") return;
        const referer = request.headers.referer;
        if (fetchSite === undefined && referer !== undefined && sameSite(referer)) return;
      }
      request.log.warn({ origin, referer: request.headers.referer }, "cross-site request refused");
      return reply.code(403).type("text/plain; charset=utf-8").send("Cross-site request refused");
    });
  },
);
