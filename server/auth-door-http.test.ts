import { describe, expect, it } from "vitest";
import { AUTH_BASE_PATH } from "./modules/identity/auth";
import { LIMITS } from "./modules/identity/rate-limit";
import { AUTH_HTTP_ALLOWED } from "./plugins/auth-routes";
import { identityHttpApp } from "./test-support/identity-http";
import {
  individualProfile,
  sessionCookieOf,
  signInThroughForm,
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

  it("signs in with the confirmation link only while it confirms the address, never again", async () => {
    const email = "mo-lai-lien-ket@example.vn";
    const registered = await request("POST", "/dang-ky-du-thi", {
      headers: { origin: TEST_ORIGIN },
      form: {
        type: "individual",
        fullName: "Người Mở Lại",
        phone: "0912345678",
        email,
        address: "2 Hàng Bài, Hà Nội",
        password: TEST_PASSWORD,
        acceptRules: "on",
      },
      ip: "192.0.2.60",
    });
    expect(registered.statusCode).toBe(302);
    const mail = await http.outboxMail(email, "verification");
    const link = new URL(
      mail.text.split(/\s+/).find((word) => word.includes(`${AUTH_BASE_PATH}/verify-email?`))!,
    );
    const open = () => request("GET", link.pathname + link.search, { ip: "192.0.2.61" });

    // Opened the first time, it confirms the address and signs in.
    const first = await open();
    expect(first.statusCode).toBe(302);
    expect(sessionCookieOf(first)).not.toBe("");
    // Opened again (the browser's history, a forwarded email), it signs nobody in: it lands
    // on its page, on this site, where the person signs in as usual.
    const again = await open();
    expect(again.statusCode).toBe(302);
    expect(sessionCookieOf(again)).toBe("");
    expect(again.headers.location).toBe("/tai-khoan?verified=1");
    // Nor after the owner changed the password.
    const owner = await signInThroughForm(http.app, "/dang-nhap", email, TEST_PASSWORD);
    const changed = await request("POST", "/tai-khoan", {
      cookie: owner,
      headers: { origin: TEST_ORIGIN },
      form: {
        intent: "changePassword",
        currentPassword: TEST_PASSWORD,
        newPassword: "mat-khau-moi-rat-dai-2026",
        confirmPassword: "mat-khau-moi-rat-dai-2026",
      },
    });
    expect(changed.statusCode).toBeLessThan(400);
    await signInThroughForm(http.app, "/dang-nhap", email, "mat-khau-moi-rat-dai-2026");
    expect(sessionCookieOf(await open())).toBe("");
  });

  it("signs out everywhere, and sends a session already ended home rather than to an error", async () => {
    const email = "dang-xuat-het@example.vn";
    await http.app.services.identity.createEntrant({
      email,
      password: TEST_PASSWORD,
      profile: { ...individualProfile("Đăng Xuất", "5 Lý Thái Tổ, Hà Nội"), phone: "+84912345671" },
    });
    const laptop = await signInThroughForm(http.app, "/dang-nhap", email, TEST_PASSWORD);
    const phone = await signInThroughForm(http.app, "/dang-nhap", email, TEST_PASSWORD);
    const everywhere = (cookie?: string) =>
      request("POST", "/dang-xuat", {
        ...(cookie ? { cookie } : {}),
        headers: { origin: TEST_ORIGIN },
        form: { everywhere: "1" },
      });
    const out = await everywhere(laptop);
    expect([out.statusCode, out.headers.location]).toEqual([302, "/"]);
    const account = await request("GET", "/tai-khoan", { cookie: phone });
    expect(account.statusCode).toBe(302);
    // The phone's session ended with it; its own button, pressed later, still just goes home.
    for (const ended of [phone, undefined]) {
      const again = await everywhere(ended);
      expect([again.statusCode, again.headers.location]).toEqual([302, "/"]);
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
    for (let i = 0; i < LIMITS.signInFailuresPerAccountFromIp.limit; i += 1) {
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
