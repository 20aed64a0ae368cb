import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyRuleFor } from "./action-bodies";
import { startTestApp, type TestApp } from "./test-support/app";
import {
  COMING_SOON,
  concretePath,
  pageRoutes,
  PAGE_ROUTES,
  serverRouteKey,
  serverRoutes,
  SERVER_ROUTES,
} from "./test-support/registered-routes";
import { FIREFOX, TEST_ORIGIN } from "./test-support/sign-in";

// The inventory of every route the server registers (server/test-support/registered-routes.ts):
// who may use it and what limits it. A new route — a Fastify route or a React Router page —
// fails here until someone adds its line, deciding its access and its rate limit. Protected
// routes are then tried anonymously; the role × route matrix of the back office is in
// back-office-access.test.ts.

const NOW = new Date("2026-09-01T03:00:00.000Z");
let started: TestApp | undefined;

beforeAll(async () => {
  started = await startTestApp({ PUBLIC_URL: TEST_ORIGIN }, NOW);
}, 240_000);

afterAll(async () => {
  await started?.close();
});

function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name), `${prefix}/${entry.name}`)
      : [`${prefix}/${entry.name}`],
  );
}

function anonymous(
  method: string,
  url: string,
  body?: string,
  type = "application/x-www-form-urlencoded",
) {
  return started!.app.fastify.inject({
    method: method as "GET",
    url,
    headers: {
      host: "localhost:3000",
      "user-agent": FIREFOX,
      origin: TEST_ORIGIN,
      ...(body !== undefined ? { "content-type": type } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

describe("route inventory", () => {
  it("lists every Fastify route, and only those", () => {
    const { app, bundle } = started!;
    const clientFiles = new Set(filesUnder(bundle.clientDir));
    const registered = new Set(
      [...serverRoutes(app.routes).keys()].map((url) => serverRouteKey(url, clientFiles)),
    );
    expect([...registered].filter((key) => !(key in SERVER_ROUTES)).sort()).toEqual([]);
    expect(Object.keys(SERVER_ROUTES).filter((key) => !registered.has(key))).toEqual([]);
  });

  it("lists every page route, and only those; each exists in both languages", () => {
    const pages = pageRoutes(started!.bundle.build);
    const patterns = new Set(pages.map((route) => route.viPattern));
    expect([...patterns].filter((p) => !(p in PAGE_ROUTES)).sort()).toEqual([]);
    expect(Object.keys(PAGE_ROUTES).filter((p) => !patterns.has(p))).toEqual([]);
    const all = new Set(pages.map((route) => route.pattern));
    const missingEnglish = [...patterns]
      .filter((p) => p !== "/*")
      .map((p) => (p === "/" ? "/en" : `/en${p}`))
      .filter((p) => !all.has(p));
    expect(missingEnglish).toEqual([]);
  });

  it("says for each route who may use it and what limits it", () => {
    for (const [route, line] of [
      ...Object.entries(SERVER_ROUTES),
      ...Object.entries(PAGE_ROUTES),
    ]) {
      expect(line.rateLimit.length, route).toBeGreaterThan(10);
      if (line.rateLimit.startsWith("none"))
        expect(line.rateLimit, route).toMatch(/^none, because /);
    }
    // A placeholder that gains a loader or an action needs its line decided again.
    const placeholders = pageRoutes(started!.bundle.build).filter(
      (route) => PAGE_ROUTES[route.viPattern]?.rateLimit === COMING_SOON,
    );
    expect(placeholders.filter((r) => r.hasLoader || r.hasAction).map((r) => r.id)).toEqual([]);
  });
});

describe("protected routes, anonymously", () => {
  const pages = () =>
    pageRoutes(started!.bundle.build).filter((route) => {
      const kind = PAGE_ROUTES[route.viPattern]?.access.kind;
      return kind === "entrant" || kind === "staff";
    });

  it("pages send a visitor to the right sign-in, GET and POST, never a 200", async () => {
    const outcomes: string[] = [];
    const seen = new Set<string>();
    for (const route of pages()) {
      const url = concretePath(route.pattern);
      if (seen.has(url)) continue;
      seen.add(url);
      const staff = PAGE_ROUTES[route.viPattern]!.access.kind === "staff";
      const english = route.pattern === "/en" || route.pattern.startsWith("/en/");
      const signIn = `${english ? "/en" : ""}${staff ? "/quan-tri/dang-nhap" : "/dang-nhap"}`;
      const get = await anonymous("GET", url);
      outcomes.push(`GET ${url} → ${get.statusCode} ${get.headers.location ?? ""}`.trim());
      expect(get.statusCode, url).toBe(302);
      expect(String(get.headers.location), url).toBe(`${signIn}?next=${encodeURIComponent(url)}`);
      // A body of the type the action takes, so the refusal is about who is asking.
      const json = bodyRuleFor(route.id).types[0] === "json";
      const post = json
        ? await anonymous("POST", url, '{"intent":"save"}', "application/json")
        : await anonymous("POST", url, "intent=save");
      // 405: the route has no action, so nothing can be written, for anyone.
      if (post.statusCode === 405) {
        expect(route.hasAction, url).toBe(false);
        continue;
      }
      expect(post.statusCode, url).toBe(302);
      expect(String(post.headers.location), url).toContain(`${signIn}?next=`);
    }
    expect(outcomes.length).toBeGreaterThan(40);
  });

  it("API routes refuse a visitor before anything is read or written", async () => {
    const media = await anonymous("GET", "/api/media?purpose=news");
    expect(media.statusCode).toBe(401);
    const mediaUpload = await anonymous(
      "POST",
      "/api/media",
      '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n',
      "multipart/form-data; boundary=b",
    );
    expect(mediaUpload.statusCode).toBe(401);
    const upload = await started!.app.fastify.inject({
      method: "POST",
      url: "/api/uploads",
      headers: {
        host: "localhost:3000",
        origin: TEST_ORIGIN,
        "tus-resumable": "1.0.0",
        "upload-length": "10",
      },
    });
    expect(upload.statusCode).toBe(401);
    for (const method of ["HEAD", "PATCH", "DELETE"] as const) {
      const response = await started!.app.fastify.inject({
        method,
        url: "/api/uploads/0123456789abcdef",
        headers: { host: "localhost:3000", origin: TEST_ORIGIN, "tus-resumable": "1.0.0" },
      });
      expect([401, 403, 404], method).toContain(response.statusCode);
    }
    const link = await anonymous("GET", "/tep/eyJrIjoicHJpdmF0ZS9hYi9maWxtLm1wNCIsImUiOjl9.AAAA");
    expect(link.statusCode).toBe(403);
  });
});
