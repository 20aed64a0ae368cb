import type { FastifyPluginAsync } from "fastify";
import { clientErrorReportSchema } from "../../core/client-error-schema";
import type { RateLimiter, RateLimitRule } from "../modules/identity/rate-limit";

/** Enough for a page that fails now and then; a page in a loop (or a flood) is cut off. */
export const CLIENT_ERRORS_PER_IP: RateLimitRule = { limit: 30, windowMs: 10 * 60 * 1000 };

/**
 * `POST /api/client-errors`: a browser's report of an error in the page's own code
 * (`web/lib/report-error.ts`), written to the log as a warning with the browser's user agent.
 * Only this site's pages can send one (the CSRF check), it is small (16 KB), checked with the
 * `core/` schema and limited per IP; nothing is stored but the log line.
 */
export const clientErrorRoutes: FastifyPluginAsync<{ limiter: RateLimiter }> = async (
  app,
  { limiter },
) => {
  app.post("/api/client-errors", { bodyLimit: 16 * 1024 }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const state = await limiter.consume(`client-errors:ip:${request.ip}`, CLIENT_ERRORS_PER_IP);
    if (!state.allowed) {
      return reply.code(429).header("retry-after", String(state.retryAfterSeconds)).send();
    }
    const report = clientErrorReportSchema.safeParse(request.body);
    if (!report.success) return reply.code(400).send();
    const userAgent = request.headers["user-agent"]?.slice(0, 300);
    request.log.warn({ clientError: { ...report.data, userAgent } }, "an error in the browser");
    return reply.code(204).send();
  });
};
