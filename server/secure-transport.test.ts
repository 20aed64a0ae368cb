import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "./app";
import { loadConfig } from "./config";
import { startTestApp, type TestApp } from "./test-support/app";
import { FIREFOX } from "./test-support/sign-in";

// `Secure` cookies and HSTS follow the public URL's scheme, whatever NODE_ENV says: an https
// site in development gets them; a production site on plain http does not (a browser would
// drop a Secure cookie sent over http, and HSTS would lock visitors out of it).

const NOW = new Date("2026-09-01T03:00:00.000Z");
const PASSWORD = "mua-thu-ha-noi-2026";
const EMAIL = "secure-transport@vanxuan-awards.example";

let started: TestApp | undefined;
const apps: Record<"https" | "http", { app: App; origin: string }> = {} as never;

beforeAll(async () => {
  // One build and one database; two apps in front of it, one per scheme.
  started = await startTestApp(
    { NODE_ENV: "development", PUBLIC_URL: "https://vanxuan.example", TRUST_PROXY: "true" },
    NOW,
  );
  apps.https = { app: started.app, origin: "https://vanxuan.example" };
  const httpConfig = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: started.dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://awards.example",
  });
  const http = await buildApp({
    config: httpConfig,
    db: started.db,
    build: started.bundle.build,
    clientDir: started.bundle.clientDir,
    clock: () => NOW,
  });
  await http.fastify.ready();
  apps.http = { app: http, origin: "http://awards.example" };
  await started.app.services.identity.createStaff({
    email: EMAIL,
    name: "Secure Transport",
    password: PASSWORD,
    role: "admin",
  });
}, 240_000);

afterAll(async () => {
  await apps.http?.app.fastify.close();
  await started?.close();
});

function headersFor(scheme: "https" | "http") {
  const { origin } = apps[scheme];
  return {
    host: new URL(origin).host,
    "user-agent": FIREFOX,
    origin,
    // TLS ends at the proxy in front, which says so.
    ...(scheme === "https" ? { "x-forwarded-proto": "https" } : {}),
  };
}

async function cookiesAfterSignIn(scheme: "https" | "http"): Promise<string[]> {
  const response = await apps[scheme].app.fastify.inject({
    method: "POST",
    url: "/quan-tri/dang-nhap",
    headers: { ...headersFor(scheme), "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString(),
  });
  const setCookie = response.headers["set-cookie"];
  return Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
}

async function languageCookie(scheme: "https" | "http"): Promise<string> {
  const response = await apps[scheme].app.fastify.inject({
    method: "GET",
    url: "/?lang=en",
    headers: headersFor(scheme),
  });
  return String(response.headers["set-cookie"]);
}

describe("Secure cookies and HSTS", () => {
  it("are on for an https public URL, even outside production", async () => {
    const home = await apps.https.app.fastify.inject({ url: "/", headers: headersFor("https") });
    expect(home.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const session = (await cookiesAfterSignIn("https")).find((c) => c.includes("session_token="));
    expect(session).toMatch(/^__Secure-vx\.session_token=/);
    expect(session).toMatch(/; Secure/i);
    expect(await languageCookie("https")).toMatch(/; Secure/);
  });

  it("are off for an http public URL, even in production", async () => {
    const home = await apps.http.app.fastify.inject({ url: "/", headers: headersFor("http") });
    expect(home.headers["strict-transport-security"]).toBeUndefined();
    const session = (await cookiesAfterSignIn("http")).find((c) => c.includes("session_token="));
    expect(session).toMatch(/^vx\.session_token=/);
    expect(session).not.toMatch(/; Secure/i);
    expect(await languageCookie("http")).not.toMatch(/Secure/);
  });
});
