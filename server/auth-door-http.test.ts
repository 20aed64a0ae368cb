import { describe, expect, it } from "vitest";
import { AUTH_BASE_PATH } from "./modules/identity/auth";
import { LIMITS } from "./modules/identity/rate-limit";
import { AUTH_HTTP_ALLOWED } from "./plugins/auth-routes";
import { identityHttpApp } from "./test-support/identity-http";
import {
  individualProfile,
  sessionCookieOf,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from "./test-support/sign-in";

// One door for accounts: better-auth's /api/auth answers only the links in emails; everything
// else (sign-in, sign-up, profile changes) goes through the product's own forms.

const http = identityHttpApp();
const { cookies, request, signIn } = http;

describe("one door for accounts: /api/auth answers only the links in emails", () => {
  const api = () =>
    Object.entries(
      http.app.services.auth.api as Record<
        string,
        { path?: string; options?: { method?: unknown } }
      >,
    )
      .filter(([, endpoint]) => typeof endpoint.path === "string")
      .flatMap(([name, endpoint]) => {
        const declared = endpoint.options?.method;
        const methods = (Array.isArray(declared) ? declared : [declared])
          .map((method) => String(method))
          .flatMap((method) =>
            method === "*" || method === "undefined" ? ["GET", "POST"] : [method],
          );
        return [...new Set([...methods, "GET", "POST"])]
          .filter((method): method is "GET" | "POST" => method === "GET" || method === "POST")
          .map((method) => ({ name, method, path: endpoint.path! }));
      });
  const allowed = (method: string, path: string) =>
    AUTH_HTTP_ALLOWED.some((route) => route.method === method && route.path === path);

  it("knows better-auth's endpoints (a library upgrade adding one is tested here too)", () => {
    const paths = new Set(api().map((endpoint) => endpoint.path));
    for (const path of [
      "/sign-in/email",
      "/sign-up/email",
      "/change-email",
      "/update-user",
      "/request-password-reset",
      "/send-verification-email",
      "/list-sessions",
      "/get-session",
      "/verify-email",
      "/reset-password/:token",
    ]) {
      expect(paths, path).toContain(path);
    }
    for (const route of AUTH_HTTP_ALLOWED) expect(paths).toContain(route.path);
  });

  it("answers 404 on every endpoint but the allowed links, signed in or not", async () => {
    const entrant = cookies.get("entrant")!;
    const seen: string[] = [];
    for (const { method, path } of api()) {
      const url = `${AUTH_BASE_PATH}${path.replace(/:(\w+)/g, "x$1")}`;
      for (const cookie of [undefined, entrant]) {
        const response = await request(method, url, {
          headers: { origin: TEST_ORIGIN },
          ...(cookie ? { cookie } : {}),
          ...(method === "POST"
            ? { json: { email: "entrant@example.vn", password: TEST_PASSWORD } }
            : {}),
          ip: "192.0.2.40",
        });
        const outcome = `${method} ${path} → ${response.statusCode}`;
        seen.push(outcome);
        if (allowed(method, path)) expect(outcome).not.toBe(`${method} ${path} → 404`);
        else expect(outcome).toBe(`${method} ${path} → 404`);
        expect(response.headers["set-cookie"]).toBeUndefined();
      }
    }
    expect(seen.length).toBeGreaterThan(40);
    // Whatever is not an endpoint at all, and other methods, too.
    for (const [method, url] of [
      ["GET", AUTH_BASE_PATH],
      ["GET", `${AUTH_BASE_PATH}/`],
      ["POST", `${AUTH_BASE_PATH}/unknown/thing`],
      ["PUT", `${AUTH_BASE_PATH}/update-user`],
      ["DELETE", `${AUTH_BASE_PATH}/delete-user`],
      ["PATCH", `${AUTH_BASE_PATH}/sign-in/email`],
      ["HEAD", `${AUTH_BASE_PATH}/verify-email?token=x`],
    ] as const) {
      const response = await http.app.fastify.inject({
        method,
        url,
        headers: { host: "localhost:3000", origin: TEST_ORIGIN, "content-type": "text/plain" },
        ...(method === "GET" || method === "HEAD" ? {} : { payload: "x" }),
        remoteAddress: "192.0.2.41",
      });
      expect(`${method} ${url} → ${response.statusCode}`).toBe(`${method} ${url} → 404`);
    }
  });

  it("limits the allowed links per IP", async () => {
    const ip = "192.0.2.42";
    const links = [
      `${AUTH_BASE_PATH}/verify-email?token=nope`,
      `${AUTH_BASE_PATH}/reset-password/nope?callbackURL=%2Fdat-lai-mat-khau`,
    ];
    for (let i = 0; i < LIMITS.emailLinksPerIp.limit; i += 1) {
      const response = await request("GET", links[i % 2]!, { ip });
      expect(response.statusCode).not.toBe(429);
    }
    for (const link of links) {
      const refused = await request("GET", link, { ip });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Another address is not affected.
    expect((await request("GET", links[0]!, { ip: "192.0.2.43" })).statusCode).not.toBe(429);
  });

  it("never leads off the site from the allowed links", async () => {
    for (const url of [
      `${AUTH_BASE_PATH}/verify-email?token=nope&callbackURL=${encodeURIComponent("https://evil.example/")}`,
      `${AUTH_BASE_PATH}/verify-email?token=nope&callbackURL=${encodeURIComponent("//evil.example/")}`,
      `${AUTH_BASE_PATH}/reset-password/nope?callbackURL=${encodeURIComponent("https://evil.example/")}`,
      `${AUTH_BASE_PATH}/reset-password/nope?callbackURL=${encodeURIComponent("/%09/evil.example")}`,
    ]) {
      const response = await request("GET", url, { ip: "192.0.2.48" });
      expect(response.statusCode, url).toBeLessThan(500);
      const location = String(response.headers.location ?? "");
      expect(location, url).not.toContain("evil.example");
    }
  });

  it("gives 30 wrong passwords at /api/auth/sign-in/email 404s, and a locked account no way in", async () => {
    const email = "khoa-cua@example.vn";
    await http.app.services.identity.createEntrant({
      email,
      password: TEST_PASSWORD,
      profile: { ...individualProfile("Khoá Cửa", "4 Lý Thái Tổ, Hà Nội"), phone: "+84912345670" },
    });
    for (let i = 0; i < 30; i += 1) {
      const response = await request("POST", `${AUTH_BASE_PATH}/sign-in/email`, {
        headers: { origin: TEST_ORIGIN },
        json: { email, password: `wrong-password-${i}` },
        ip: "192.0.2.44",
      });
      expect(response.statusCode).toBe(404);
    }
    // Lock it through the form, then try the right password at the library's endpoint.
    for (let i = 0; i < LIMITS.signInFailuresPerAccount.limit; i += 1) {
      expect((await signIn(email, `wrong-${i}`, "/dang-nhap", "192.0.2.45")).statusCode).toBe(401);
    }
    expect((await signIn(email, TEST_PASSWORD, "/dang-nhap", "192.0.2.45")).statusCode).toBe(429);
    const around = await request("POST", `${AUTH_BASE_PATH}/sign-in/email`, {
      headers: { origin: TEST_ORIGIN },
      json: { email, password: TEST_PASSWORD },
      ip: "192.0.2.44",
    });
    expect(around.statusCode).toBe(404);
    expect(sessionCookieOf(around)).toBe("");
    // A staff account cannot use it either (the back office has its own door).
    const staff = await request("POST", `${AUTH_BASE_PATH}/sign-in/email`, {
      headers: { origin: TEST_ORIGIN },
      json: { email: "admin@vanxuan-awards.example", password: TEST_PASSWORD },
      ip: "192.0.2.44",
    });
    expect(staff.statusCode).toBe(404);
    expect(sessionCookieOf(staff)).toBe("");
  });

  it("changes nothing through change-email, update-user, sign-up or the mail endpoints", async () => {
    const cookie = cookies.get("entrant")!;
    const outboxBefore = (await http.app.services.mail.listOutbox({ pageSize: 100 })).total;
    const calls: [string, unknown][] = [
      ["/change-email", { newEmail: "ke-gian@evil.example", callbackURL: "/" }],
      ["/update-user", { name: "x".repeat(5000), lang: "zz", image: "javascript:alert(1)" }],
      ["/sign-up/email", { email: "ma@example.vn", password: TEST_PASSWORD, name: "Ma" }],
      ["/request-password-reset", { email: "entrant@example.vn", redirectTo: "/" }],
      ["/forget-password", { email: "entrant@example.vn", redirectTo: "/" }],
      ["/send-verification-email", { email: "entrant@example.vn" }],
      ["/change-password", { currentPassword: TEST_PASSWORD, newPassword: "mat-khau-cua-ke-gian" }],
      ["/revoke-sessions", {}],
      ["/delete-user", {}],
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const [path, body] of calls) {
        const response = await request("POST", `${AUTH_BASE_PATH}${path}`, {
          cookie,
          headers: { origin: TEST_ORIGIN },
          json: body,
          ip: "192.0.2.46",
        });
        expect(`${path} → ${response.statusCode}`).toBe(`${path} → 404`);
      }
    }
    const user = await http.db.kysely
      .selectFrom("user")
      .select(["name", "email", "lang", "image"])
      .where("email", "=", "entrant@example.vn")
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      name: "Phạm Thị Riêng Tư",
      email: "entrant@example.vn",
      lang: "vi",
      image: null,
    });
    expect(
      await http.db.kysely
        .selectFrom("user")
        .select("id")
        .where("email", "=", "ma@example.vn")
        .execute(),
    ).toEqual([]);
    expect((await http.app.services.mail.listOutbox({ pageSize: 100 })).total).toBe(outboxBefore);
    expect((await request("GET", "/tai-khoan", { cookie })).statusCode).toBe(200);
  });

  it("never hands the session token to page scripts", async () => {
    const cookie = cookies.get("entrant")!;
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0]!;
    expect(token.length).toBeGreaterThan(16);
    for (const url of [
      `${AUTH_BASE_PATH}/get-session`,
      `${AUTH_BASE_PATH}/list-sessions`,
      "/tai-khoan",
      "/tai-khoan.data",
      "/tai-khoan/ho-so.data",
      "/",
    ]) {
      const response = await request("GET", url, { cookie, ip: "192.0.2.47" });
      expect(response.body, url).not.toContain(token);
    }
  });
});
