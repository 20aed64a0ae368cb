import { readdirSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { juryMemberSchema } from "../core/content-admin";
import { buildApp, type App } from "./app";
import type { Config } from "./config";
import type { Db } from "./db/database";
import { startTestApp, type TestApp } from "./test-support/app";
import type { ProductionBundle } from "./test-support/build";

/** Inside the demo 2026 submission window, so the submit button starts enabled. */
const NOW = new Date("2026-09-01T03:00:00.000Z");
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let started: TestApp | undefined;
let bundle: ProductionBundle;
let config: Config;
let db: Db;
let app: App;

beforeAll(async () => {
  started = await startTestApp({ HTML_CACHE_SECONDS: "5" }, NOW);
  ({ bundle, config, db, app } = started);
}, 120_000);

afterAll(async () => {
  await started?.close();
});

/** A page request as a browser sends it; pass `userAgent` to be someone else. */
function get(url: string, headers: Record<string, string> = {}) {
  return app.fastify.inject({ method: "GET", url, headers: { "user-agent": FIREFOX, ...headers } });
}

function cspNonce(response: LightMyRequestResponse): string {
  const csp = String(response.headers["content-security-policy"] ?? "");
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  if (!nonce) throw new Error(`no script nonce in CSP: ${csp}`);
  return nonce;
}

/** The nonce attribute of every <script> in the page (undefined where it has none). */
function scriptNonces(html: string): (string | undefined)[] {
  return [...html.matchAll(/<script\b([^>]*)>/gi)].map(
    (m) => /\bnonce="([^"]*)"/.exec(m[1] ?? "")?.[1],
  );
}

function submitButton(html: string): string {
  const button = /<button\b[^>]*submit-menu__button[^>]*>/.exec(html)?.[0];
  if (!button) throw new Error("no submit button in the page");
  return button;
}

describe("home page", () => {
  it("is Vietnamese HTML with the header and the three track links", async () => {
    const response = await get("/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<html lang="vi"');
    for (const text of [
      "Giới thiệu giải thưởng",
      "Cơ cấu giải thưởng",
      "Hội đồng giám khảo",
      "Danh sách thắng giải",
      "Nộp bài dự thi",
    ]) {
      expect(html).toContain(text);
    }
    for (const track of ["/van-xuan", "/van-xuan-classic", "/van-xuan-stars"]) {
      expect(html).toContain(`href="${track}"`);
    }
  });

  it("lets only scripts carrying the response's CSP nonce run", async () => {
    const response = await get("/");
    const nonce = cspNonce(response);
    const nonces = scriptNonces(response.body);
    expect(nonces.length).toBeGreaterThan(0);
    expect(nonces.every((n) => n === nonce)).toBe(true);
    expect(response.headers["content-security-policy"]).toMatch(/script-src [^;]*'strict-dynamic'/);
  });

  it("gives every response a fresh nonce, even from the HTML cache", async () => {
    app.htmlCache.clear();
    const first = await get("/");
    const second = await get("/");
    expect(first.headers["x-html-cache"]).toBe("miss");
    expect(second.headers["x-html-cache"]).toBe("hit");

    const [firstNonce, secondNonce] = [cspNonce(first), cspNonce(second)];
    expect(secondNonce).not.toBe(firstNonce);
    expect(scriptNonces(second.body).every((n) => n === secondNonce)).toBe(true);
    expect(second.body).not.toContain(firstNonce);
    // Apart from the nonce, the cached page is the page.
    expect(second.body.replaceAll(secondNonce, "N")).toBe(first.body.replaceAll(firstNonce, "N"));
  });

  it("keeps the page cache for visitors who carry no cookie but the language", async () => {
    app.htmlCache.clear();
    expect((await get("/", { cookie: "lang=vi" })).headers["x-html-cache"]).toBe("miss");
    expect((await get("/", { cookie: "lang=vi" })).headers["x-html-cache"]).toBe("hit");
    // Any other cookie may stand for someone (a session, a judge's code): rendered for them.
    for (const cookie of ["vx_judge=abc", "lang=vi; some_session=1"]) {
      expect((await get("/", { cookie })).headers["x-html-cache"], cookie).toBeUndefined();
    }
  });

  it("never gives two responses the same nonce, over many responses", async () => {
    // More responses than one draw of random bytes serves (256 nonces), and then some.
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const response = await app.fastify.inject({ method: "GET", url: "/healthz" });
      const nonce = cspNonce(response);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(600);
  });

  // HEAD may read the cached GET page but must never store its empty body under it.
  it("is not emptied by a HEAD request (load balancers and monitors send them)", async () => {
    app.htmlCache.clear();
    try {
      const head = await app.fastify.inject({
        method: "HEAD",
        url: "/",
        headers: { "user-agent": FIREFOX },
      });
      expect(head.statusCode).toBe(200);
      const page = await get("/");
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="vi"');
    } finally {
      app.htmlCache.clear();
    }
  });

  it("names a 1200×630 share picture in both languages: the site's card, which is served", async () => {
    for (const [url, picture] of [
      ["/", "/og/trang/site.jpg"],
      ["/en", "/og/trang/site-en.jpg"],
    ] as const) {
      const html = (await get(url)).body;
      const meta = (key: string) =>
        new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
      // Absolute, on the address the request came to.
      expect(meta("og:image"), url).toMatch(/^http:\/\/localhost(:\d+)?\//);
      expect(new URL(meta("og:image")!).pathname, url).toBe(picture);
      expect(meta("twitter:image"), url).toBe(meta("og:image"));
      expect([meta("og:image:width"), meta("og:image:height")]).toEqual(["1200", "630"]);
      expect(meta("twitter:card")).toBe("summary_large_image");
      const image = await get(picture);
      expect(image.statusCode).toBe(200);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    }
  });

  it("sends the security headers", async () => {
    const response = await get("/");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'self'");
  });

  it("is compressed for a browser that accepts brotli or gzip", async () => {
    const br = await get("/", { "accept-encoding": "br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toContain('<html lang="vi"');

    const gzip = await get("/", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toContain('<html lang="vi"');
  });
});

describe("a rendered page", () => {
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

  it("leaves no timer behind once it is sent (a pending one holds the whole render in memory)", async () => {
    // A query string the HTML cache does not key on: every request renders the page.
    await get("/?warm=1");
    const before = timers();
    for (let i = 0; i < 5; i++) {
      const response = await get(`/?render=${i}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("</html>");
    }
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it("reaches a browser whole: no Suspense runtime, the data script in place", async () => {
    const response = await get("/?whole=1");
    expect(response.statusCode).toBe(200);
    // Streamed shell-first, the page would carry React's boundary runtime and hidden copies.
    expect(response.body).not.toContain("$RC");
    expect(response.body).not.toMatch(/<template id="B:|<div hidden id="S:/);
    expect(response.body).toMatch(/streamController\.enqueue\('\[/);
    expect(response.body).toContain("streamController.close();</script>");
    expect(response.body.endsWith("</html>")).toBe(true);
  });

  it("carries data with quotes, backslashes, markup and line separators intact", async () => {
    // The inline data is a single-quoted script string (React Router, patched): whatever the
    // text holds must come back exactly, and must not end the script early.
    const title = `It's "quoted" \\ back\\slash </script><!-- \u2028\u2029 line\nbreak \u0001`;
    const { id } = await db.kysely
      .insertInto("news_articles")
      .values({
        slug_vi: "du-lieu-kho",
        slug_en: "tricky-data",
        title_vi: title,
        title_en: title,
        summary_vi: "Tóm tắt",
        summary_en: "Summary",
        body_vi: "[]",
        body_en: "[]",
        cover_image: null,
        status: "published",
        published_at: "2026-08-31T00:00:00.000Z",
        created_at: "2026-08-31T00:00:00.000Z",
        updated_at: "2026-08-31T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Written behind the services' back: forget what a content change would have made stale.
    app.services.publicReads.clear();
    app.htmlCache.clear();
    try {
      const response = await get("/en/tin-tuc-cuoc-thi?tricky=1");
      expect(response.statusCode).toBe(200);
      const scripts = [...response.body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
      const data = scripts.map((m) => m[1] ?? "").find((text) => text.includes(".enqueue("));
      if (!data) throw new Error("no inline data script");
      const chunks: string[] = [];
      runInNewContext(data, {
        window: {
          __reactRouterContext: { streamController: { enqueue: (c: string) => chunks.push(c) } },
        },
      });
      const values: unknown = JSON.parse(chunks.join(""));
      // A raw "</script" in the text would have cut the script short and failed the parse.
      expect(values).toEqual(expect.arrayContaining([title]));
    } finally {
      await db.kysely.deleteFrom("news_articles").where("id", "=", id).execute();
      app.services.publicReads.clear();
      app.htmlCache.clear();
    }
  });

  it("is cached and served whole from the cache", async () => {
    const first = await get("/en/bai-du-thi");
    const second = await get("/en/bai-du-thi");
    expect(first.headers["x-html-cache"]).toBe("miss");
    expect(second.headers["x-html-cache"]).toBe("hit");
    expect(second.body).toContain("</html>");
    expect(second.body.length).toBeGreaterThan(first.body.length - 200);
  });
});

describe("public documents", () => {
  it("are named after their title when saved", async () => {
    const stored = await app.services.documents.add({
      seasonId: null,
      kind: "other",
      lang: "vi",
      title: "Quy chế chấm giải",
      data: Buffer.from("%PDF-1.7\n%%EOF\n"),
    });
    const response = await get(stored.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Quy che cham giai.pdf"; filename*=UTF-8''Quy%20ch%E1%BA%BF%20ch%E1%BA%A5m%20gi%E1%BA%A3i.pdf`,
    );
  });
});

describe("request ids", () => {
  it("echoes a caller's valid X-Request-Id", async () => {
    const response = await get("/healthz", { "x-request-id": "proxy-req.0001_abc" });
    expect(response.headers["x-request-id"]).toBe("proxy-req.0001_abc");
  });

  it("mints one when none or an unusable one is sent", async () => {
    const none = await get("/healthz");
    expect(none.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await get("/healthz", { "x-request-id": "<script>alert(1)</script>" });
    expect(bad.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const short = await get("/healthz", { "x-request-id": "abc" });
    expect(short.headers["x-request-id"]).not.toBe("abc");
  });
});

describe("languages", () => {
  it("serves English under /en", async () => {
    const response = await get("/en");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="en"');
    expect(response.body).toContain("Prize structure");
    expect(response.body).toContain('href="/en/van-xuan"');
  });

  it("sends a visitor who chose English to /en", async () => {
    const response = await get("/", { cookie: "lang=en" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/en");
  });

  it("sends a first-time English browser to /en", async () => {
    const response = await get("/", { "accept-language": "en-US,en;q=0.9" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/en");
  });

  it("serves Vietnamese to a crawler whatever its language", async () => {
    const response = await get("/", {
      "user-agent": GOOGLEBOT,
      "accept-language": "en-US,en;q=0.9",
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="vi"');
  });

  it("resets an unknown ?lang= to Vietnamese and saves it", async () => {
    const response = await get("/?lang=xx");
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/");
    expect(String(response.headers["set-cookie"])).toMatch(/^lang=vi;/);
  });

  it("saves ?lang=en and moves to the English page", async () => {
    const response = await get("/bai-du-thi?lang=en");
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/en/bai-du-thi");
    expect(String(response.headers["set-cookie"])).toMatch(/^lang=en;/);
  });
});

describe("paths that are not pages", () => {
  it("send an unknown Vietnamese path home", async () => {
    const response = await get("/khong-co");
    expect(response.statusCode).toBeGreaterThanOrEqual(300);
    expect(response.statusCode).toBeLessThan(400);
    expect(response.headers.location).toBe("/");
  });

  it("send an unknown English path to the English home", async () => {
    const response = await get("/en/khong-co");
    expect(response.statusCode).toBeGreaterThanOrEqual(300);
    expect(response.statusCode).toBeLessThan(400);
    expect(response.headers.location).toBe("/en");
  });

  it("drop a ?year= that is not listed", async () => {
    const response = await get("/chuyen-gia-dong-hanh?year=1999");
    expect(response.statusCode).toBeGreaterThanOrEqual(300);
    expect(response.statusCode).toBeLessThan(400);
    expect(response.headers.location).toBe("/chuyen-gia-dong-hanh");
  });

  it("answer a malformed URL without a server error", async () => {
    const response = await get("/%E0%A4%A");
    expect(response.statusCode).toBeLessThan(500);
  });

  it("answer a request with a 20 KB header without a server error", async () => {
    const response = await get("/", { "x-padding": "a".repeat(20 * 1024) });
    expect(response.statusCode).toBeLessThan(500);
    const cookie = await get("/", { cookie: `tracking=${"b".repeat(20 * 1024)}` });
    expect(cookie.statusCode).toBeLessThan(500);
  });
});

describe("health", () => {
  it("/healthz and /readyz answer 200", async () => {
    expect((await get("/healthz")).statusCode).toBe(200);
    const ready = await get("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("/readyz answers 503 once the app is draining", async () => {
    const draining = await buildApp({
      config,
      db,
      build: bundle.build,
      clientDir: bundle.clientDir,
    });
    try {
      expect((await draining.fastify.inject("/readyz")).statusCode).toBe(200);
      draining.startDraining();
      const response = await draining.fastify.inject("/readyz");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "draining" });
      expect((await draining.fastify.inject("/healthz")).statusCode).toBe(200);
    } finally {
      await draining.fastify.close();
    }
  });
});

describe("static files", () => {
  it("serves fingerprinted assets for a year, immutable", async () => {
    const script = readdirSync(path.join(bundle.clientDir, "assets")).find((f) =>
      f.endsWith(".js"),
    );
    expect(script).toBeDefined();
    const response = await get(`/assets/${script}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers a missing asset (a stale tab after a deploy) with a plain 404, not a page", async () => {
    const response = await get("/assets/home-00000000.js");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).not.toMatch(/html/);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("gives iOS a home-screen icon, named in every page's head, and still sends unknown paths home", async () => {
    const home = await get("/");
    expect(home.body).toMatch(/<link rel="apple-touch-icon" href="\/apple-touch-icon.png"\/?>/);
    // The home page stays within the size budget it is measured against.
    expect(Buffer.byteLength(home.body)).toBeLessThan(30_000);
    for (const url of ["/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"]) {
      const icon = await get(url);
      expect(icon.statusCode, url).toBe(200);
      expect(icon.headers["content-type"], url).toBe("image/png");
      const { width, height, format } = await sharp(icon.rawPayload).metadata();
      expect({ width, height, format }, url).toEqual({ width: 180, height: 180, format: "png" });
    }
    const other = await get("/apple-touch-icon-120x120.png");
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe("/");
  });

  it("serves other public files for a short while only", async () => {
    const response = await get("/favicon.svg");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });
});

describe("page addresses typed with capitals", () => {
  it("send the reader to the one lowercase address, query kept", async () => {
    const response = await get("/CHUYEN-GIA-DONG-HANH?year=2025");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/chuyen-gia-dong-hanh?year=2025");
    const english = await get("/en/Chuyen-Gia-Dong-Hanh");
    expect(english.statusCode).toBe(301);
    expect(english.headers.location).toBe("/en/chuyen-gia-dong-hanh");
    // A parameter keeps its capitals: a payment's reference is written so.
    const payment = await get("/nop-bai-du-thi/thanh-toan/VXP26ABC123/bien-nhan");
    expect(payment.statusCode).not.toBe(301);
    const mixed = await get("/Nop-Bai-Du-Thi/thanh-toan/VXP26ABC123");
    expect(mixed.statusCode).toBe(301);
    expect(mixed.headers.location).toBe("/nop-bai-du-thi/thanh-toan/VXP26ABC123");
    const page = await get("/chuyen-gia-dong-hanh");
    expect(page.statusCode).toBe(200);
  });
});

describe("pages of a year", () => {
  it("name the year's address as canonical, also at the bare address", async () => {
    const saved = await app.services.contentAdmin.saveJuror(
      { id: "staff", email: "staff@example.vn" },
      null,
      juryMemberSchema.parse({ year: 2025, name: "Nguyễn Thị Giám Khảo" }),
    );
    expect(saved.ok).toBe(true);
    app.htmlCache.clear();
    const canonical = (body: string) =>
      /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(body)?.[1] ?? "";
    for (const path of ["/chuyen-gia-dong-hanh", "/en/chuyen-gia-dong-hanh"]) {
      const bare = await get(path);
      expect(bare.statusCode, path).toBe(200);
      const year = /[?&]year=(\d{4})$/.exec(canonical(bare.body))?.[1];
      expect(year, canonical(bare.body)).toBeDefined();
      const withYear = await get(`${path}?year=${year}`);
      expect(withYear.statusCode, withYear.headers.location as string).toBe(200);
      expect(canonical(withYear.body)).toBe(canonical(bare.body));
    }
  });
});

describe("track pages", () => {
  it("show the category groups from the database in Vietnamese", async () => {
    const response = await get("/van-xuan");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Truyền hình");
    expect(response.body).toContain("Giải thưởng lớn");
    expect(response.body.replace(/\s/g, " ")).toContain("3.000.000 ₫");
  });

  it("show them in English under /en", async () => {
    const response = await get("/en/van-xuan");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Television");
    expect(response.body).toContain("Grand Prix");
    expect(response.body).toContain("3,000,000");
  });
});

describe("track pages with a trailing slash", () => {
  // Like every other page, a track page accepts a trailing slash.
  it.each(["/van-xuan/", "/en/van-xuan-stars/"])("%s shows the track", async (url) => {
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe("submit button", () => {
  it("follows the submission window at once, even over a cached page", async () => {
    const season = await app.services.seasons.byYear(2026);
    try {
      app.htmlCache.clear();
      const open = await get("/");
      expect(submitButton(open.body)).not.toContain("aria-disabled");
      expect((await get("/")).headers["x-html-cache"]).toBe("hit");

      await app.services.seasons.setSubmissionWindow(2026, {
        opensAt: "2026-08-01T00:00:00.000Z",
        closesAt: "2026-08-31T17:00:00.000Z",
      });
      const closed = await get("/");
      expect(closed.headers["x-html-cache"]).toBe("miss");
      expect(submitButton(closed.body)).toContain('aria-disabled="true"');
      // Closed at midnight: the first minute of 01/09 is no longer in the window.
      expect(closed.body).toContain("Cổng nộp bài đã đóng vào 01/09/2026 00:00.");
    } finally {
      await app.services.seasons.setSubmissionWindow(2026, {
        opensAt: season?.submissionOpensAt ?? null,
        closesAt: season?.submissionClosesAt ?? null,
      });
    }
  });
});
