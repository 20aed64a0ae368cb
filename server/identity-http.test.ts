import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogText } from "../core/i18n/lookup";
import type { Lang } from "../core/languages";
import { BACK_OFFICE_SECTIONS, STAFF_ROLES, type BackOfficeSection } from "../core/roles";
import type { App } from "./app";
import { AUTH_BASE_PATH } from "./modules/identity/auth";
import { LIMITS } from "./modules/identity/rate-limit";
import { AUTH_HTTP_ALLOWED } from "./plugins/auth-routes";
import type { Db } from "./db/database";
import { startTestApp, type TestApp } from "./test-support/app";

// The identity rules as a browser meets them: back-office access by role, CSRF, the HTML
// cache and signed-in pages, form refusals that keep what was typed, and rate-limit pages.

const NOW = new Date("2026-09-01T03:00:00.000Z");
const ORIGIN = "http://localhost:3000";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const PASSWORD = "mua-thu-ha-noi-2026";

/** Every back-office section's path (web/routes.ts), checked against core/roles.ts below. */
const SECTION_PATHS: Record<BackOfficeSection, string> = {
  dashboard: "/quan-tri",
  content: "/quan-tri/noi-dung",
  payments: "/quan-tri/thanh-toan",
  judging: "/quan-tri/cham-giai",
  seasons: "/quan-tri/mua-giai",
  settings: "/quan-tri/cai-dat",
  users: "/quan-tri/nguoi-dung",
  outbox: "/quan-tri/hop-thu",
  audit: "/quan-tri/nhat-ky",
};

const WHO = ["visitor", "entrant", ...STAFF_ROLES] as const;
type Who = (typeof WHO)[number];

let started: TestApp | undefined;
let db: Db;
let app: App;
const cookies = new Map<Who, string>();

const localized = (p: string, lang: Lang) => (lang === "en" ? (p === "/" ? "/en" : `/en${p}`) : p);
const text = (lang: Lang, key: string, values: Record<string, string | number> = {}) => {
  const template = catalogText(lang, key);
  if (!template) throw new Error(`no text for ${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

/** A browser's request to the app at PUBLIC_URL, with the cookie of `who` when signed in. */
function request(
  method: "GET" | "POST",
  url: string,
  options: {
    cookie?: string;
    headers?: Record<string, string>;
    form?: Record<string, string>;
    json?: unknown;
    /** The client's address (each test that counts per IP uses its own). */
    ip?: string;
  } = {},
) {
  const headers: Record<string, string> = {
    host: "localhost:3000",
    "user-agent": FIREFOX,
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
    ...options.headers,
  };
  return app.fastify.inject({
    method,
    url,
    headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    ...(options.json !== undefined ? { payload: JSON.stringify(options.json) } : {}),
  });
}

function cookieOf(response: LightMyRequestResponse): string {
  const setCookie = response.headers["set-cookie"];
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("session_token="))
    .join("; ");
}

/** A multipart form as a browser posts it, with one file field. */
function multipart(
  fields: Record<string, string>,
  file: { field: string; name: string; data: Buffer },
) {
  const boundary = `----vx${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The newest message of a template to an address in the outbox (no SMTP in this app). */
async function outboxMail(to: string, template: string) {
  const { items } = await app.services.mail.listOutbox({ pageSize: 100 });
  const entry = items.find((item) => item.to === to && item.template === template);
  if (!entry) throw new Error(`no ${template} mail to ${to}`);
  const message = await app.services.mail.readOutboxMessage(entry.id);
  if (!message) throw new Error(`outbox message ${entry.id} unreadable`);
  return message;
}

async function signIn(email: string, password: string, at = "/quan-tri/dang-nhap", ip?: string) {
  return request("POST", at, {
    form: { email, password },
    headers: { origin: ORIGIN },
    ...(ip ? { ip } : {}),
  });
}

/** Every file under a folder (the stored uploads in the app's data dir). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  started = await startTestApp({ HTML_CACHE_SECONDS: "5", PUBLIC_URL: ORIGIN }, NOW);
  ({ db, app } = started);

  const { identity } = app.services;
  for (const role of STAFF_ROLES) {
    const email = `${role.replace("_", "-")}@vanxuan-awards.example`;
    await identity.createStaff({ email, name: `Staff ${role}`, password: PASSWORD, role });
    const response = await signIn(email, PASSWORD);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/quan-tri");
    cookies.set(role, cookieOf(response));
  }
  await identity.createEntrant({
    email: "entrant@example.vn",
    password: PASSWORD,
    profile: {
      type: "individual",
      fullName: "Phạm Thị Riêng Tư",
      phone: "+84912345678",
      address: "1 Tràng Tiền, Hà Nội",
      personalId: null,
      companyName: null,
      businessRegistrationNumber: null,
      taxCode: null,
      licenceFileId: null,
    },
  });
  const entrant = await signIn("entrant@example.vn", PASSWORD, "/dang-nhap");
  expect(entrant.headers.location).toBe("/tai-khoan");
  cookies.set("entrant", cookieOf(entrant));
  for (const who of cookies.keys()) expect(cookies.get(who)).toMatch(/session_token=/);
}, 180_000);

afterAll(async () => {
  await started?.close();
});

describe("back office access", () => {
  it("lists every section of core/roles.ts", () => {
    expect(Object.keys(SECTION_PATHS).sort()).toEqual(Object.keys(BACK_OFFICE_SECTIONS).sort());
  });

  const cases = (Object.keys(SECTION_PATHS) as BackOfficeSection[]).flatMap((section) =>
    (["vi", "en"] as const).map((lang) => ({
      section,
      lang,
      url: localized(SECTION_PATHS[section], lang),
    })),
  );

  it.each(cases)(
    "$url: visitors to sign in, entrants refused, staff by role",
    async ({ section, lang, url }) => {
      const allowed = BACK_OFFICE_SECTIONS[section] as readonly string[];
      for (const who of WHO) {
        const cookie = cookies.get(who);
        const response = await request("GET", url, cookie ? { cookie } : {});
        const outcome = `${who} → ${response.statusCode} ${response.headers.location ?? ""}`;
        if (who === "visitor") {
          expect(outcome).toBe(
            `visitor → 302 ${localized("/quan-tri/dang-nhap", lang)}?next=${encodeURIComponent(url)}`,
          );
        } else if (allowed.includes(who)) {
          expect(outcome).toBe(`${who} → 200 `);
          expect(response.body).toContain(text(lang, `admin.sections.${section}`));
          expect(response.headers["x-html-cache"]).toBeUndefined();
        } else {
          expect(outcome).toBe(`${who} → 403 `);
          // The refusal shows no back-office content.
          expect(response.body).not.toContain("admin__nav");
        }
      }
    },
  );

  it("shows admins the outbox with the mail the site sent", async () => {
    await request("POST", "/quen-mat-khau", {
      form: { email: "entrant@example.vn" },
      headers: { origin: ORIGIN },
    });
    const response = await request("GET", "/quan-tri/hop-thu", { cookie: cookies.get("admin")! });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("entrant@example.vn");
    expect(response.body).toContain(text("vi", "admin.sections.outbox"));
  });

  it("shows staff who they are, with only their sections in the navigation", async () => {
    const response = await request("GET", "/en/quan-tri", { cookie: cookies.get("finance")! });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("finance@vanxuan-awards.example");
    expect(response.body).toContain('href="/en/quan-tri/thanh-toan"');
    expect(response.body).not.toContain('href="/en/quan-tri/hop-thu"');
  });
});

describe("cross-site requests", () => {
  it("refuses a POST without an Origin (or any same-site sign) and with a foreign Origin", async () => {
    const form = { email: "admin@vanxuan-awards.example", password: PASSWORD };
    const none = await request("POST", "/quan-tri/dang-nhap", { form });
    expect(none.statusCode).toBe(403);
    const foreign = await request("POST", "/quan-tri/dang-nhap", {
      form,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(cookieOf(foreign)).toBe("");
    const crossSite = await request("POST", "/dang-xuat", {
      cookie: cookies.get("entrant")!,
      headers: { "sec-fetch-site": "cross-site", referer: "https://evil.example/" },
    });
    expect(crossSite.statusCode).toBe(403);
    // The forged sign-out did not end the session.
    const still = await request("GET", "/tai-khoan", { cookie: cookies.get("entrant")! });
    expect(still.statusCode).toBe(200);
  });
});

describe("the HTML cache and signed-in pages", () => {
  it("never serves or stores a signed-in page through the anonymous cache", async () => {
    const cookie = cookies.get("entrant")!;
    app.htmlCache.clear();
    const signedIn = await request("GET", "/", { cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["x-html-cache"]).toBeUndefined();

    const anonymous = await request("GET", "/");
    expect(anonymous.headers["x-html-cache"]).toBe("miss");
    const cached = await request("GET", "/");
    expect(cached.headers["x-html-cache"]).toBe("hit");
    for (const page of [anonymous.body, cached.body]) {
      expect(page).not.toContain("Phạm Thị Riêng Tư");
      expect(page).not.toContain("entrant@example.vn");
    }

    // With the anonymous page cached, the signed-in visitor still gets their own.
    const again = await request("GET", "/", { cookie });
    expect(again.headers["x-html-cache"]).toBeUndefined();
    const dashboard = await request("GET", "/tai-khoan", { cookie });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain("Phạm Thị Riêng Tư");
    expect(dashboard.headers["x-html-cache"]).toBeUndefined();
  });
});

describe("registration form refusals", () => {
  it("answers invalid fields with 400, the values kept (not the password) and errors on the fields", async () => {
    const response = await request("POST", "/dang-ky-du-thi", {
      headers: { origin: ORIGIN },
      form: {
        type: "individual",
        fullName: "Nguyễn Văn Giữ Lại",
        phone: "0912 345 678",
        email: "khong-phai-email",
        address: "",
        password: "bi-mat-khong-hien",
      },
    });
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('value="Nguyễn Văn Giữ Lại"');
    expect(html).toContain('value="khong-phai-email"');
    expect(html).toContain('value="0912 345 678"');
    expect(html).not.toContain("bi-mat-khong-hien");
    expect(html).toContain(text("vi", "validation.email"));
    expect(html).toContain(text("vi", "validation.required"));
    expect(html).toContain(text("vi", "validation.acceptRules"));
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it("keeps the English page's values and speaks English", async () => {
    const response = await request("POST", "/en/dang-ky-du-thi", {
      headers: { origin: ORIGIN },
      form: {
        type: "enterprise",
        companyName: "Minh Phat Advertising",
        taxCode: "0100233480",
        email: "entrant@example.vn",
        password: "short",
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="Minh Phat Advertising"');
    expect(response.body).toContain('value="0100233480"');
    expect(response.body).not.toContain('value="short"');
    expect(response.body).toContain(text("en", "validation.acceptRules"));
  });

  it("answers an email that already has an account exactly like a new one: check your email", async () => {
    const form = (email: string) => ({
      type: "individual",
      fullName: "Người Đến Sau",
      phone: "0912345678",
      email,
      address: "2 Hàng Bài, Hà Nội",
      password: "mot-mat-khau-du-dai",
      acceptRules: "on",
    });
    const taken = await request("POST", "/dang-ky-du-thi", {
      headers: { origin: ORIGIN },
      form: form("entrant@example.vn"),
      ip: "192.0.2.31",
    });
    const fresh = await request("POST", "/dang-ky-du-thi", {
      headers: { origin: ORIGIN },
      form: form("nguoi-moi@example.vn"),
      ip: "192.0.2.31",
    });
    for (const response of [taken, fresh]) {
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/dang-ky-du-thi?sent=1");
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(response.body).toBe(fresh.body);
    }
    const page = await request("GET", "/dang-ky-du-thi?sent=1");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(text("vi", "account.registrationSent"));
    // The owner of the taken address is told, the new address gets its confirmation.
    expect((await outboxMail("entrant@example.vn", "registrationAttempt")).lang).toBe("vi");
    expect((await outboxMail("nguoi-moi@example.vn", "verification")).lang).toBe("vi");
  });

  it("stores no licence for a refused registration (12 invalid tries with a 2 MiB PDF)", async () => {
    const pdf = Buffer.concat([
      Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n"),
      Buffer.alloc(2 * 1024 * 1024, 0x20),
      Buffer.from("\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
    ]);
    const filesBefore = filesUnder(started!.dataDir).length;
    const rowsBefore = (await db.kysely.selectFrom("files").select("id").execute()).length;
    const post = (fields: Record<string, string>, ip: string) => {
      const body = multipart(fields, { field: "licence", name: "giay-phep.pdf", data: pdf });
      return app.fastify.inject({
        method: "POST",
        url: "/dang-ky-du-thi",
        remoteAddress: ip,
        headers: {
          host: "localhost:3000",
          "user-agent": FIREFOX,
          origin: ORIGIN,
          "content-type": body.contentType,
        },
        payload: body.payload,
      });
    };
    const company = {
      type: "enterprise",
      companyName: "Công ty Thử Nghiệm",
      businessRegistrationNumber: "0314409058",
      taxCode: "0314409058",
      representativeName: "Lê Văn Thử",
      phone: "028 3822 1234",
      address: "25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
      password: PASSWORD,
      acceptRules: "on",
      licenceFileId: "selected",
    };
    for (let i = 0; i < 12; i += 1) {
      const response = await post({ ...company, email: "khong-phai-email" }, "192.0.2.32");
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(text("vi", "validation.email"));
    }
    // A valid form over the per-IP registration limit is refused before the file is stored.
    for (let i = 0; i < LIMITS.registrationPerIp.limit; i += 1) {
      await app.services.limiter.consume("register:ip:192.0.2.33", LIMITS.registrationPerIp);
    }
    const limited = await post({ ...company, email: "gioi-han@example.vn" }, "192.0.2.33");
    expect(limited.statusCode).toBe(429);
    expect(filesUnder(started!.dataDir).length).toBe(filesBefore);
    expect((await db.kysely.selectFrom("files").select("id").execute()).length).toBe(rowsBefore);
  });
});

describe("account forms before (or without) JavaScript", () => {
  it("render the stored profile into the edit form's inputs", async () => {
    const response = await request("GET", "/tai-khoan/ho-so", { cookie: cookies.get("entrant")! });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('value="Phạm Thị Riêng Tư"');
    expect(response.body).toContain('value="1 Tràng Tiền, Hà Nội"');
  });

  it("carry the reset link's token in the new-password form", async () => {
    const response = await request("GET", "/dat-lai-mat-khau?token=tok_abc123");
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<input[^>]*type="hidden"[^>]*value="tok_abc123"/);
  });
});

describe("registration over HTTP", () => {
  const enterprise = {
    type: "enterprise",
    companyName: "Công ty TNHH Quảng cáo Minh Phát",
    businessRegistrationNumber: "0314409058",
    taxCode: "0314409058",
    representativeName: "Lê Thị Bích",
    phone: "028 3822 1234",
    email: "minh-phat@example.vn",
    address: "25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
    password: PASSWORD,
    acceptRules: "on",
    licenceFileId: "selected",
  };
  const post = (url: string, body: ReturnType<typeof multipart>) =>
    app.fastify.inject({
      method: "POST",
      url,
      headers: {
        host: "localhost:3000",
        "user-agent": FIREFOX,
        origin: ORIGIN,
        "content-type": body.contentType,
      },
      payload: body.payload,
    });

  it("refuses a text file named .pdf as the licence, by its content, keeping the rest", async () => {
    const response = await post(
      "/dang-ky-du-thi",
      multipart(enterprise, {
        field: "licence",
        name: "giay-phep.pdf",
        data: Buffer.from("Đây không phải là tệp PDF.\n"),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(text("vi", "validation.licenceType"));
    expect(response.body).toContain(`value="${enterprise.companyName}"`);
    expect(response.body).not.toContain(PASSWORD);
    expect(
      await db.kysely
        .selectFrom("user")
        .select("id")
        .where("email", "=", enterprise.email)
        .execute(),
    ).toEqual([]);
  });

  it("registers an enterprise with a PDF licence, signs it in, and verifies through the emailed link", async () => {
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const response = await post(
      "/en/dang-ky-du-thi",
      multipart(enterprise, { field: "licence", name: "licence.pdf", data: pdf }),
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/en/dang-ky-du-thi?sent=1");
    expect(cookieOf(response)).toBe("");

    const row = await db.kysely
      .selectFrom("registrants")
      .innerJoin("user", "user.id", "registrants.user_id")
      .innerJoin("files", "files.id", "registrants.licence_file_id")
      .select(["user.id as userId", "files.owner_user_id as owner", "files.mime", "user.lang"])
      .where("user.email", "=", enterprise.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner: row.userId, mime: "application/pdf", lang: "en" });

    const mail = await outboxMail(enterprise.email, "verification");
    expect(mail.lang).toBe("en");
    const link = mail.text.split(/\s+/).find((word) => word.includes("/api/auth/verify-email?"));
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(ORIGIN);
    // Before confirming, the account can sign in; the dashboard offers to resend the link.
    const signedIn = await signIn(enterprise.email, PASSWORD, "/en/dang-nhap");
    expect(signedIn.headers.location).toBe("/en/tai-khoan");
    const before = await request("GET", "/en/tai-khoan", { cookie: cookieOf(signedIn) });
    expect(before.body).toContain('value="resendVerification"');

    // The emailed link confirms the address and signs the browser in.
    const followed = await request("GET", url.pathname + url.search);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${ORIGIN}/en/tai-khoan?verified=1`);
    const cookie = cookieOf(followed);
    expect(cookie).toMatch(/session_token=/);
    const setCookie = String(followed.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const after = await request("GET", "/en/tai-khoan?verified=1", { cookie });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(text("en", "account.emailVerified"));
    expect(after.body).not.toContain('value="resendVerification"');
  });
});

describe("sign-in limits", () => {
  it("answers the 11th attempt on one account with 429 and the wait in the page", async () => {
    await app.services.identity.createEntrant({
      email: "locked@example.vn",
      password: PASSWORD,
      profile: {
        type: "individual",
        fullName: "Khoá Tạm",
        phone: "+84912345679",
        address: "3 Lý Thái Tổ, Hà Nội",
        personalId: null,
        companyName: null,
        businessRegistrationNumber: null,
        taxCode: null,
        licenceFileId: null,
      },
    });
    for (let i = 0; i < 10; i += 1) {
      const wrong = await signIn("locked@example.vn", `wrong-password-${i}`, "/dang-nhap");
      expect(wrong.statusCode).toBe(401);
    }
    expect((await signIn("locked@example.vn", `wrong-password-x`, "/dang-nhap")).body).toContain(
      text("vi", "auth.tooManyAttempts", { minutes: 15 }),
    );
    const locked = await signIn("locked@example.vn", PASSWORD, "/en/dang-nhap");
    expect(locked.statusCode).toBe(429);
    expect(cookieOf(locked)).toBe("");
    expect(locked.body).toContain(text("en", "auth.tooManyAttempts", { minutes: 15 }));
  });
});

describe("one door for accounts: /api/auth answers only the links in emails", () => {
  const api = () =>
    Object.entries(
      app.services.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>,
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
          headers: { origin: ORIGIN },
          ...(cookie ? { cookie } : {}),
          ...(method === "POST"
            ? { json: { email: "entrant@example.vn", password: PASSWORD } }
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
      const response = await app.fastify.inject({
        method,
        url,
        headers: { host: "localhost:3000", origin: ORIGIN, "content-type": "text/plain" },
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
    await app.services.identity.createEntrant({
      email,
      password: PASSWORD,
      profile: {
        type: "individual",
        fullName: "Khoá Cửa",
        phone: "+84912345670",
        address: "4 Lý Thái Tổ, Hà Nội",
        personalId: null,
        companyName: null,
        businessRegistrationNumber: null,
        taxCode: null,
        licenceFileId: null,
      },
    });
    for (let i = 0; i < 30; i += 1) {
      const response = await request("POST", `${AUTH_BASE_PATH}/sign-in/email`, {
        headers: { origin: ORIGIN },
        json: { email, password: `wrong-password-${i}` },
        ip: "192.0.2.44",
      });
      expect(response.statusCode).toBe(404);
    }
    // Lock it through the form, then try the right password at the library's endpoint.
    for (let i = 0; i < LIMITS.signInFailuresPerAccount.limit; i += 1) {
      expect((await signIn(email, `wrong-${i}`, "/dang-nhap", "192.0.2.45")).statusCode).toBe(401);
    }
    expect((await signIn(email, PASSWORD, "/dang-nhap", "192.0.2.45")).statusCode).toBe(429);
    const around = await request("POST", `${AUTH_BASE_PATH}/sign-in/email`, {
      headers: { origin: ORIGIN },
      json: { email, password: PASSWORD },
      ip: "192.0.2.44",
    });
    expect(around.statusCode).toBe(404);
    expect(cookieOf(around)).toBe("");
    // A staff account cannot use it either (the back office has its own door).
    const staff = await request("POST", `${AUTH_BASE_PATH}/sign-in/email`, {
      headers: { origin: ORIGIN },
      json: { email: "admin@vanxuan-awards.example", password: PASSWORD },
      ip: "192.0.2.44",
    });
    expect(staff.statusCode).toBe(404);
    expect(cookieOf(staff)).toBe("");
  });

  it("changes nothing through change-email, update-user, sign-up or the mail endpoints", async () => {
    const cookie = cookies.get("entrant")!;
    const outboxBefore = (await app.services.mail.listOutbox({ pageSize: 100 })).total;
    const calls: [string, unknown][] = [
      ["/change-email", { newEmail: "ke-gian@evil.example", callbackURL: "/" }],
      ["/update-user", { name: "x".repeat(5000), lang: "zz", image: "javascript:alert(1)" }],
      ["/sign-up/email", { email: "ma@example.vn", password: PASSWORD, name: "Ma" }],
      ["/request-password-reset", { email: "entrant@example.vn", redirectTo: "/" }],
      ["/forget-password", { email: "entrant@example.vn", redirectTo: "/" }],
      ["/send-verification-email", { email: "entrant@example.vn" }],
      ["/change-password", { currentPassword: PASSWORD, newPassword: "mat-khau-cua-ke-gian" }],
      ["/revoke-sessions", {}],
      ["/delete-user", {}],
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const [path, body] of calls) {
        const response = await request("POST", `${AUTH_BASE_PATH}${path}`, {
          cookie,
          headers: { origin: ORIGIN },
          json: body,
          ip: "192.0.2.46",
        });
        expect(`${path} → ${response.statusCode}`).toBe(`${path} → 404`);
      }
    }
    const user = await db.kysely
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
      await db.kysely
        .selectFrom("user")
        .select("id")
        .where("email", "=", "ma@example.vn")
        .execute(),
    ).toEqual([]);
    expect((await app.services.mail.listOutbox({ pageSize: 100 })).total).toBe(outboxBefore);
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

describe("the same answer whether the account exists", () => {
  /** The page without what differs per request (nonces, ids) or was typed (the address). */
  const normalised = (body: string, email: string) =>
    body
      .replaceAll(email, "EMAIL")
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "ID");

  it.each([
    { door: "/dang-nhap", known: "entrant@example.vn" },
    { door: "/en/dang-nhap", known: "entrant@example.vn" },
    { door: "/quan-tri/dang-nhap", known: "admin@vanxuan-awards.example" },
  ])(
    "$door: an unknown address and a wrong password get the same page",
    async ({ door, known }) => {
      const unknownEmail = "khong-ai-ca@example.vn";
      const unknown = await signIn(unknownEmail, "sai-mat-khau-1", door, "192.0.2.60");
      const wrong = await signIn(known, "sai-mat-khau-1", door, "192.0.2.61");
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(normalised(unknown.body, unknownEmail)).toBe(normalised(wrong.body, known));
    },
  );
});

describe("after sign-in, only this site's paths (both doors)", () => {
  const attacks = [
    "/%09/evil.example/phish",
    "//evil.example",
    "/\\evil.example",
    "/%5Cevil.example",
    "/%2F%2Fevil.example",
    "https://evil.example/",
    "/%0d%0aSet-Cookie:%20x=1",
  ];

  it.each([
    {
      door: "/dang-nhap",
      email: "entrant@example.vn",
      home: "/tai-khoan",
      good: "/nop-bai-du-thi",
    },
    {
      door: "/quan-tri/dang-nhap",
      email: "admin@vanxuan-awards.example",
      home: "/quan-tri",
      good: "/quan-tri/nguoi-dung?q=a",
    },
  ])(
    "$door refuses open redirects and follows its own paths",
    async ({ door, email, home, good }) => {
      for (const next of attacks) {
        const url = `${door}?next=${encodeURIComponent(next)}`;
        const response = await signIn(email, PASSWORD, url, "192.0.2.50");
        expect(`${next} → ${response.statusCode} ${response.headers.location}`).toBe(
          `${next} → 302 ${home}`,
        );
        // Already signed in, the page itself redirects the same way.
        const again = await request("GET", url, { cookie: cookieOf(response) });
        expect(`${next} → ${again.headers.location}`).toBe(`${next} → ${home}`);
      }
      // The raw (unencoded) tab form too.
      const raw = await signIn(
        email,
        PASSWORD,
        `${door}?next=/%09/evil.example/phish`,
        "192.0.2.50",
      );
      expect(raw.headers.location).toBe(home);
      const followed = await signIn(
        email,
        PASSWORD,
        `${door}?next=${encodeURIComponent(good)}`,
        "192.0.2.50",
      );
      expect(followed.headers.location).toBe(good);
    },
  );
});
