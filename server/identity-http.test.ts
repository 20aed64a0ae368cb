import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogText } from "../core/i18n/lookup";
import type { Lang } from "../core/languages";
import { BACK_OFFICE_SECTIONS, STAFF_ROLES, type BackOfficeSection } from "../core/roles";
import type { App } from "./app";
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
  } = {},
) {
  const headers: Record<string, string> = {
    host: "localhost:3000",
    "user-agent": FIREFOX,
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    ...options.headers,
  };
  return app.fastify.inject({
    method,
    url,
    headers,
    ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
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

async function signIn(email: string, password: string, at = "/quan-tri/dang-nhap") {
  return request("POST", at, { form: { email, password }, headers: { origin: ORIGIN } });
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

  it("refuses an email that already has an account, keeping the rest", async () => {
    const response = await request("POST", "/dang-ky-du-thi", {
      headers: { origin: ORIGIN },
      form: {
        type: "individual",
        fullName: "Người Đến Sau",
        phone: "0912345678",
        email: "entrant@example.vn",
        address: "2 Hàng Bài, Hà Nội",
        password: "mot-mat-khau-du-dai",
        acceptRules: "on",
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('value="Người Đến Sau"');
    expect(response.body).toContain(text("vi", "auth.emailTaken"));
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
    expect(response.headers.location).toBe("/en/tai-khoan?welcome=1");
    const cookie = cookieOf(response);
    expect(cookie).toMatch(/session_token=/);
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

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
    const before = await request("GET", "/en/tai-khoan", { cookie });
    // The dashboard offers to resend the confirmation until the address is confirmed.
    expect(before.body).toContain('value="resendVerification"');

    const followed = await request("GET", url.pathname + url.search, { cookie });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${ORIGIN}/en/tai-khoan?verified=1`);
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
