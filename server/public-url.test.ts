import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "./app";
import { loadConfig } from "./config";
import { migrateToLatest, openDatabase, type Db } from "./db/database";
import { seedDemoData } from "./demo/demo-data";
import { requestPublicUrl } from "./public-url";
import { buildProductionBundle, type ProductionBundle } from "./test-support/build";
import { FIREFOX, individualProfile, sessionCookieOf } from "./test-support/sign-in";

// Links the site writes (the verification email, the canonical link) point to the address
// the site was opened at when PUBLIC_URL is not set — for loopback addresses only — and to
// PUBLIC_URL whenever it is set, whatever Host a request claims.

const NOW = new Date("2026-09-01T03:00:00.000Z");
const PORT = 4321;
const PASSWORD = "mua-thu-ha-noi-2026";

describe("requestPublicUrl", () => {
  const unset = { publicUrl: "http://localhost:3000", publicUrlConfigured: false };
  const at = (host: string | undefined, env: "production" | "development" = "production") =>
    requestPublicUrl({ ...unset, env }, { protocol: "http", headers: { host } });

  it("follows a loopback address the request came to", () => {
    expect(at("127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(at("LOCALHOST:8080")).toBe("http://localhost:8080");
    expect(at("[::1]:3000")).toBe("http://[::1]:3000");
    expect(at("vanxuan.localhost:3000")).toBe("http://vanxuan.localhost:3000");
  });

  it("keeps the default for any other Host outside development, and for a malformed one", () => {
    for (const host of [
      "evil.example",
      "192.168.1.5:3000",
      "localhost:3000@evil.example",
      "localhost/x",
      "127.0.0.1.evil.example",
      "",
      undefined,
    ]) {
      expect(at(host), String(host)).toBe("http://localhost:3000");
    }
  });

  it("follows any address in development (a phone on the same network)", () => {
    expect(at("192.168.1.5:3000", "development")).toBe("http://192.168.1.5:3000");
  });

  it("always answers PUBLIC_URL when it is set", () => {
    const config = {
      publicUrl: "https://vanxuan.example",
      publicUrlConfigured: true,
      env: "development" as const,
    };
    expect(
      requestPublicUrl(config, { protocol: "http", headers: { host: "127.0.0.1:3000" } }),
    ).toBe("https://vanxuan.example");
  });
});

interface Site {
  app: App;
  db: Db;
  dataDir: string;
}

let bundle: ProductionBundle | undefined;
const sites: Site[] = [];

async function startSite(env: Record<string, string>): Promise<Site> {
  if (!bundle) throw new Error("no build");
  const dataDir = mkdtempSync(path.join(tmpdir(), "vx-public-url-"));
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    HTML_CACHE_SECONDS: "5",
    ...env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  await seedDemoData(db, NOW);
  const app = await buildApp({
    config,
    db,
    build: bundle.build,
    clientDir: bundle.clientDir,
    clock: () => NOW,
  });
  await app.fastify.ready();
  const site = { app, db, dataDir };
  sites.push(site);
  return site;
}

beforeAll(async () => {
  bundle = await buildProductionBundle();
}, 300_000);

afterAll(async () => {
  for (const site of sites) {
    await site.app.fastify.close();
    await site.db.close();
    rmSync(site.dataDir, { recursive: true, force: true });
  }
  bundle?.cleanup();
});

/** A browser at `origin` (its Host and Origin headers), from `ip`. */
function browserAt(site: Site, origin: string, ip = "127.0.0.1") {
  const host = new URL(origin).host;
  return (
    method: "GET" | "POST",
    url: string,
    options: { cookie?: string; form?: Record<string, string> } = {},
  ) =>
    site.app.fastify.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        host,
        "user-agent": FIREFOX,
        ...(method === "POST" ? { origin } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
}

function canonicalOf(html: string): string | undefined {
  return /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html)?.[1];
}

/**
 * An entrant who has not confirmed the address signs in at `origin` and asks for the link
 * again: the link in that email.
 */
async function verificationLinkAt(site: Site, origin: string, email: string, ip?: string) {
  const userId = await site.app.services.identity.createEntrant({
    email,
    password: PASSWORD,
    profile: individualProfile("Phạm Thị Bình", "34 Tràng Tiền, Hoàn Kiếm, Hà Nội"),
  });
  await site.db.kysely
    .updateTable("user")
    .set({ emailVerified: 0 })
    .where("id", "=", userId)
    .execute();
  const browser = browserAt(site, origin, ip);
  const signedIn = await browser("POST", "/dang-nhap", { form: { email, password: PASSWORD } });
  expect(signedIn.statusCode).toBe(302);
  const cookie = sessionCookieOf(signedIn);
  expect(cookie).toMatch(/session_token=/);
  const resent = await browser("POST", "/tai-khoan", {
    cookie,
    form: { intent: "resendVerification" },
  });
  expect(resent.statusCode).toBeLessThan(400);
  const { items } = await site.app.services.mail.listOutbox({ pageSize: 100 });
  const entry = items.find((item) => item.to === email && item.template === "verification");
  expect(entry, "a verification email").toBeDefined();
  const message = await site.app.services.mail.readOutboxMessage(entry!.id);
  const link = message!.text.split(/\s+/).find((word) => word.includes("/api/auth/verify-email?"));
  expect(link, message!.text).toBeDefined();
  return { link: new URL(link!), browser, text: message!.text };
}

describe("without PUBLIC_URL", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({});
  }, 120_000);

  it("writes the address the site was opened at (127.0.0.1, not localhost) into the canonical link", async () => {
    const at127 = await browserAt(site, `http://127.0.0.1:${PORT}`)("GET", "/");
    expect(at127.statusCode).toBe(200);
    expect(canonicalOf(at127.body)).toBe(`http://127.0.0.1:${PORT}/`);
    // The page cache keeps one copy per address.
    const atLocalhost = await browserAt(site, `http://localhost:${PORT}`)("GET", "/");
    expect(canonicalOf(atLocalhost.body)).toBe(`http://localhost:${PORT}/`);
    // Another site's name in Host is not taken up.
    const poisoned = await browserAt(site, "http://evil.example", "203.0.113.9")("GET", "/");
    expect(canonicalOf(poisoned.body)).toBe(`http://localhost:${PORT}/`);
  });

  it("sends a verification link to that address, which signs in there", async () => {
    const origin = `http://127.0.0.1:${PORT}`;
    const { link, browser, text } = await verificationLinkAt(site, origin, "binh@example.vn");
    expect(link.origin).toBe(origin);
    expect(text).not.toContain("localhost");
    const followed = await browser("GET", link.pathname + link.search);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${origin}/tai-khoan?verified=1`);
    expect(sessionCookieOf(followed)).toMatch(/session_token=/);
  });
});

describe("with PUBLIC_URL", () => {
  const PUBLIC_URL = "https://vanxuan-awards.example";
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ PUBLIC_URL });
  }, 120_000);

  it("uses it whatever Host a request claims", async () => {
    for (const [origin, ip] of [
      [`http://127.0.0.1:${PORT}`, "127.0.0.1"],
      ["http://evil.example", "203.0.113.9"],
    ] as const) {
      const page = await browserAt(site, origin, ip)("GET", "/en");
      expect(canonicalOf(page.body), origin).toBe(`${PUBLIC_URL}/en`);
    }
    const { link, text } = await verificationLinkAt(
      site,
      "http://evil.example",
      "mai@example.com",
      "203.0.113.9",
    );
    expect(link.origin).toBe(PUBLIC_URL);
    expect(text).not.toContain("evil.example");
  });
});
