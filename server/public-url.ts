import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "./config";

/**
 * The site's own address in the links it writes (emails, canonical and hreflang links, the
 * sitemap). With PUBLIC_URL set it is always that, whatever a request's Host header says.
 * Without it (a local or development install), it is the address the request came to, so a
 * site opened at http://127.0.0.1:3000 or http://192.168.1.5:3000 (development) sends links
 * there rather than to http://localhost:3000 — but only a loopback name (localhost,
 * 127.x.x.x, [::1]) is taken from a Host header outside development: anything else falls
 * back to the default, so a stranger's Host header cannot put their address in our emails.
 * A production start behind a proxy without PUBLIC_URL is refused in config.ts.
 */

type PublicUrlConfig = Pick<Config, "publicUrl" | "publicUrlConfigured" | "env">;

const LOOPBACK_HOSTNAME = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The public address for one request (scheme, host and port, no trailing slash). */
export function requestPublicUrl(
  config: PublicUrlConfig,
  request: { protocol: string; headers: { host?: string | undefined } },
): string {
  if (config.publicUrlConfigured) return config.publicUrl;
  const host = request.headers.host?.trim();
  if (!host) return config.publicUrl;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return config.publicUrl;
  }
  // A Host header is a host and a port, nothing else (no path, no credentials).
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) {
    return config.publicUrl;
  }
  if (config.env !== "development" && !LOOPBACK_HOSTNAME.test(url.hostname)) {
    return config.publicUrl;
  }
  const scheme = request.protocol === "https" ? "https" : "http";
  return `${scheme}://${url.host}`;
}

const current = new AsyncLocalStorage<string>();

/**
 * The public address of the request being served (set by `publicUrlPerRequest`), or
 * `fallback` (the configured one) outside a request: a demo-data seed, a test, a timer.
 */
export function currentPublicUrl(fallback: string): string {
  return current.getStore() ?? fallback;
}

/** Runs `work` as if serving a request to `publicUrl` (tests, and the hooks below). */
export function withPublicUrl<T>(publicUrl: string, work: () => T): T {
  return current.run(publicUrl, work);
}

/**
 * Makes `currentPublicUrl()` answer for the request being served. Set again before the
 * handler: a request body is read in the socket's context, not the request's.
 */
export const publicUrlPerRequest = fp<{ config: PublicUrlConfig }>(
  async (app: FastifyInstance, { config }) => {
    if (config.publicUrlConfigured) return;
    const enter = (
      request: { protocol: string; headers: { host?: string | undefined } },
      done: () => void,
    ) => current.run(requestPublicUrl(config, request), done);
    app.addHook("onRequest", (request, _reply, done) => enter(request, done));
    app.addHook("preHandler", (request, _reply, done) => enter(request, done));
  },
  { name: "public-url" },
);
