import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import {
  createRequestHandler,
  matchRoutes,
  type AppLoadContext,
  type ServerBuild,
} from "react-router";
import type { Readable } from "node:stream";
import { catalogText } from "../../core/i18n/lookup";
import { LANG_COOKIE, langCookie, langOfPath } from "../../core/languages";
import {
  bodyParses,
  bodyRuleFor,
  bodyTypeOf,
  BodyTooLarge,
  cappedStream,
  createActionRouteFinder,
  readCapped,
} from "../action-bodies";
import { HtmlCache as Cache, htmlCacheKey, type CachedPage, type HtmlCache } from "../html-cache";
import { decideLanguage, lowercasePagePath } from "../language-redirect";
import "../load-context";
import type { Services } from "../services";
import { currentPublicUrl } from "../public-url";
import { createTurns } from "../turns";
import { routeTreeOf } from "../route-tree";
import { nodeBodyResponse, responseText, sendWebResponse, toWebRequest } from "../web-request";

export interface SsrOptions {
  build: ServerBuild;
  services: Services;
  publicUrl: string;
  htmlCache: HtmlCache;
  secureCookies: boolean;
  mode: "development" | "production" | "test";
}

/** React Router's lazy route discovery endpoint (its `routeDiscovery.manifestPath` default). */
const MANIFEST_PATH = "/__manifest";

/**
 * The only cookie an anonymous visitor carries. A request with any other cookie (an entrant's
 * or staff member's session, a judge's code session, or one we do not know) may be answered
 * with a personal page: it is neither served from the shared cache nor stored in it.
 */
const ANONYMOUS_COOKIES: ReadonlySet<string> = new Set([LANG_COOKIE]);

/**
 * Every path that is not a static file or an `/api` route is a React Router request: the
 * page is rendered on the server with the domain services in its load context.
 */
export const ssrRoutes: FastifyPluginAsync<SsrOptions> = async (app, options) => {
  const handle = createRequestHandler(options.build, options.mode);
  const inflight = new Map<string, Promise<CachedPage | null>>();
  const actionRouteOf = createActionRouteFinder(options.build);
  const routeTree = routeTreeOf(options.build);
  /**
   * The address of a page typed with capitals, in lowercase but for its parameters' values; null
   * for a path outside the route table (it goes home anyway) or one already lowercase.
   */
  const lowercaseAddress = (pathname: string): string | null => {
    const matches = matchRoutes(routeTree, pathname);
    const last = matches?.at(-1);
    if (!last || last.route.path === "*") return null;
    const values = Object.entries(last.params)
      .filter(([name, value]) => name !== "*" && value !== undefined)
      .map(([, value]) => value!);
    const keep = new Set(values.flatMap((value) => [value, encodeURIComponent(value)]));
    return lowercasePagePath(pathname, keep);
  };
  const turns = createTurns();

  // Page forms post urlencoded or multipart bodies: hand the raw stream to React Router.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    handler: async (request, reply) => {
      // The address the browser used (React Router compares it with Origin on actions).
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      // Pages only: loader data (`.data`) and React Router's route discovery (`/__manifest`)
      // are fetched by the running app and must never be language-redirected or cached.
      const isDocument =
        (request.method === "GET" || request.method === "HEAD") &&
        !url.pathname.endsWith(".data") &&
        url.pathname !== MANIFEST_PATH;

      if (isDocument) {
        const lowercase = /[A-Z]/.test(url.pathname) ? lowercaseAddress(url.pathname) : null;
        if (lowercase) return reply.redirect(`${lowercase}${url.search}`, 301);
        const cookies = parseCookies(request.headers.cookie);
        const decision = decideLanguage({
          pathname: url.pathname,
          search: url.searchParams,
          cookie: cookies[LANG_COOKIE],
          acceptLanguage: request.headers["accept-language"],
          userAgent: request.headers["user-agent"],
        });
        if (decision.setCookie) {
          reply.header("set-cookie", langCookie(decision.setCookie, options.secureCookies));
        }
        if (decision.redirectTo) {
          return reply.header("cache-control", "no-store").redirect(decision.redirectTo, 302);
        }
        reply.header("vary", "Cookie, Accept-Language");

        // Only addresses a page link produces are cached (htmlCacheKey), so a random query
        // string cannot fill the cache.
        const address = htmlCacheKey(url);
        const cacheable =
          address !== null &&
          options.htmlCache.enabled &&
          Object.keys(cookies).every((name) => ANONYMOUS_COOKIES.has(name));
        // HEAD reads the GET entry but never stores one: its response has no body.
        // Pages carry their own address (canonical links): one entry per address it follows.
        const key = `GET ${currentPublicUrl(options.publicUrl)}${address ?? ""}`;
        if (cacheable) {
          const page = options.htmlCache.get(key);
          if (page) return sendCached(reply, page, "hit");
          // While one request renders a page, the others for the same URL wait for it
          // instead of rendering it again (a burst right after the entry expired).
          const pending = inflight.get(key);
          if (pending) {
            const shared = await pending;
            if (shared) return sendCached(reply, shared, "shared");
          }
        }
        if (!cacheable || request.method !== "GET")
          return sendWebResponse(reply, await renderPage(request, reply, url));

        let share: (page: CachedPage | null) => void = () => {};
        inflight.set(key, new Promise((resolve) => (share = resolve)));
        try {
          // The page is as old as the data it read: a moment passing during the render counts.
          const asOf = options.htmlCache.now();
          const response = await renderPage(request, reply, url);
          if (response.status !== 200 || !isHtml(response) || isPrivate(response)) {
            share(null);
            return sendWebResponse(reply, response);
          }
          const page = Cache.page(
            200,
            [...response.headers].filter(([name]) => name !== "set-cookie"),
            await responseText(response),
            reply.scriptNonce,
            asOf,
          );
          options.htmlCache.set(key, page);
          share(page);
          return sendCached(reply, page, "miss");
        } catch (error) {
          share(null);
          throw error;
        } finally {
          inflight.delete(key);
        }
      }
      if (request.method === "GET" || request.method === "HEAD") {
        return sendWebResponse(reply, await render(request, reply, url));
      }
      const body = await admitBody(request, reply, url);
      if (body === null) return reply;
      return sendWebResponse(reply, await render(request, reply, url, body));
    },
  });

  /**
   * A page action's body, checked before the action runs: only POST, only to a route with an
   * action, only the content types and size that route takes (server/action-bodies.ts), and a
   * body that parses. Otherwise the answer is sent here (405, 415, 413, 400) and null comes
   * back; an oversized body is not read to its end — the connection closes instead.
   */
  async function admitBody(
    request: FastifyRequest,
    reply: FastifyReply,
    url: URL,
  ): Promise<Buffer | Readable | null> {
    const lang = langOfPath(url.pathname);
    const refuse = (status: number, key: string, headers: Record<string, string> = {}) => {
      const declared = request.headers["content-length"];
      const unread = request.headers["transfer-encoding"] !== undefined || Number(declared) > 0;
      reply
        .code(status)
        .headers(headers)
        .header("cache-control", "no-store")
        .type("text/plain; charset=utf-8");
      if (unread && !request.raw.readableEnded) reply.header("connection", "close");
      void reply.send(catalogText(lang, key) ?? key);
      return null;
    };
    const target = actionRouteOf(url);
    if (request.method !== "POST" || !target?.hasAction) {
      return refuse(405, "error.methodNotAllowed", {
        allow: target?.hasAction ? "GET, HEAD, POST" : "GET, HEAD",
      });
    }
    const rule = bodyRuleFor(target.id);
    const contentType = request.headers["content-type"] ?? "";
    const type = bodyTypeOf(contentType);
    if (type === null || !rule.types.includes(type)) return refuse(415, "error.bodyType");
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > rule.maxBytes) return refuse(413, "error.bodyTooLarge");
    if (rule.stream) return cappedStream(request.raw, rule.maxBytes);
    let body: Buffer;
    try {
      body = await readCapped(request.raw, rule.maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuse(413, "error.bodyTooLarge");
      request.log.info({ err: error }, "request body not received");
      return refuse(400, "error.bodyMalformed");
    }
    if (!(await bodyParses(type, contentType, body))) return refuse(400, "error.bodyMalformed");
    return body;
  }

  function sendCached(reply: FastifyReply, page: CachedPage, how: string): FastifyReply {
    reply.code(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header("x-html-cache", how);
    return reply.send(Cache.withNonce(page, reply.scriptNonce));
  }

  /**
   * A whole page, rendered on its turn (server/turns.ts): the costly requests. Data requests
   * and actions (an autosave) are a few milliseconds and never wait behind pages. A visitor who
   * left while waiting gets nothing rendered: 499 (nginx's "client closed request") only names
   * it in the log; no one receives it.
   */
  async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    url: URL,
  ): Promise<Response> {
    if (!(await turns.take(() => request.raw.socket.destroyed))) {
      return new Response(null, { status: 499 });
    }
    return render(request, reply, url);
  }

  function render(
    request: FastifyRequest,
    reply: FastifyReply,
    url: URL,
    body?: Buffer | Readable,
  ): Promise<Response> {
    const webRequest = toWebRequest(request, reply, url, body);
    const context: AppLoadContext = {
      services: options.services,
      cspNonce: reply.scriptNonce,
      publicUrl: currentPublicUrl(options.publicUrl),
      clientIp: request.ip,
      log: request.log,
      documentResponse: nodeBodyResponse,
    };
    return handle(webRequest, context);
  }
};

/** A page that says it is personal (`private` or `no-store`) is never kept for others. */
function isPrivate(response: Response): boolean {
  return /\b(private|no-store)\b/i.test(response.headers.get("cache-control") ?? "");
}

function isHtml(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").startsWith("text/html");
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}
