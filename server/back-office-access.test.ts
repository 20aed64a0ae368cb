import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACK_OFFICE_SECTIONS, STAFF_ROLES, type BackOfficeSection } from "../core/roles";
import type { App } from "./app";
import { seedDemoContent } from "./db/demo-content";
import { startTestApp, type TestApp } from "./test-support/app";

// Every back-office route × every kind of visitor, for GET and for POST (the action), derived
// from core/roles.ts: visitors go to the staff sign-in, entrants get 403, staff are let in or
// refused by their role — on the server, whatever the navigation shows. Adding a back-office
// route means adding ONE line to ROUTES; a route missing from the list fails the first test.

interface BackOfficeRoute {
  /** A concrete Vietnamese path (dynamic segments filled with a demo id). */
  path: string;
  section: BackOfficeSection;
  /** The route pattern in web/routes.ts when it has dynamic segments (`:id`). */
  pattern?: string;
  /** What an allowed role gets for GET: exactly 200 (default) or any answer but a refusal. */
  get?: 200 | "any";
  /**
   * POST with an unknown intent: "refused-400" = the action answers 400 (ours), "any" = any
   * answer but a refusal, "no-action" = the route has no action (405 for everyone let in).
   */
  post?: "refused-400" | "any" | "no-action";
}

const ROUTES: BackOfficeRoute[] = [
  { path: "/quan-tri", section: "dashboard", post: "no-action" },
  { path: "/quan-tri/hop-thu", section: "outbox", post: "no-action" },
  { path: "/quan-tri/thanh-toan", section: "payments", post: "no-action" },
  { path: "/quan-tri/cham-giai", section: "judging", post: "no-action" },
  // Back-office platform (H7).
  { path: "/quan-tri/mua-giai", section: "seasons", post: "refused-400" },
  { path: "/quan-tri/mua-giai?year=2025", section: "seasons", post: "refused-400" },
  { path: "/quan-tri/cai-dat", section: "settings", post: "refused-400" },
  { path: "/quan-tri/nguoi-dung", section: "users", post: "refused-400" },
  { path: "/quan-tri/nhat-ky", section: "audit", post: "no-action" },
  // Content: news, jury, winners, pages, documents.
  { path: "/quan-tri/noi-dung", section: "content", post: "no-action" },
  { path: "/quan-tri/noi-dung/tin-tuc", section: "content", post: "no-action" },
  { path: "/quan-tri/noi-dung/tin-tuc/moi", section: "content", post: "refused-400" },
  {
    path: "/quan-tri/noi-dung/tin-tuc/1",
    pattern: "/quan-tri/noi-dung/tin-tuc/:id",
    section: "content",
    post: "refused-400",
  },
  { path: "/quan-tri/noi-dung/chuyen-gia", section: "content", post: "any" },
  {
    path: "/quan-tri/noi-dung/chuyen-gia/1",
    pattern: "/quan-tri/noi-dung/chuyen-gia/:id",
    section: "content",
    post: "refused-400",
  },
  { path: "/quan-tri/noi-dung/thang-giai", section: "content", post: "any" },
  {
    path: "/quan-tri/noi-dung/thang-giai/1",
    pattern: "/quan-tri/noi-dung/thang-giai/:id",
    section: "content",
    post: "refused-400",
  },
  { path: "/quan-tri/noi-dung/trang", section: "content", post: "refused-400" },
  {
    path: "/quan-tri/noi-dung/tin-tuc/1/xem-truoc",
    pattern: "/quan-tri/noi-dung/tin-tuc/:id/xem-truoc",
    section: "content",
    post: "no-action",
  },
  { path: "/quan-tri/noi-dung/tai-lieu", section: "content", post: "refused-400" },
];

/** Back-office pages that are not behind a role (the staff sign-in itself). */
const PUBLIC_BACK_OFFICE = ["/quan-tri/dang-nhap"];

const NOW = new Date("2026-09-01T03:00:00.000Z");
const ORIGIN = "http://localhost:3000";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const PASSWORD = "mua-thu-ha-noi-2026";
const WHO = ["visitor", "entrant", ...STAFF_ROLES] as const;
type Who = (typeof WHO)[number];

let started: TestApp | undefined;
let app: App;
const cookies = new Map<Who, string>();

function request(method: "GET" | "POST", url: string, who: Who) {
  const cookie = cookies.get(who);
  return app.fastify.inject({
    method,
    url,
    headers: {
      host: "localhost:3000",
      "user-agent": FIREFOX,
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    ...(method === "POST"
      ? { payload: new URLSearchParams({ intent: "__role-check__", formKey: "x" }).toString() }
      : {}),
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

async function signIn(email: string, at: string) {
  return app.fastify.inject({
    method: "POST",
    url: at,
    headers: {
      host: "localhost:3000",
      "user-agent": FIREFOX,
      origin: ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams({ email, password: PASSWORD }).toString(),
  });
}

beforeAll(async () => {
  started = await startTestApp({ PUBLIC_URL: ORIGIN }, NOW);
  ({ app } = started);
  // The edit and preview routes open item 1 of each content type.
  await seedDemoContent(started.db, NOW);
  const { identity } = app.services;
  for (const role of STAFF_ROLES) {
    const email = `access-${role.replace("_", "-")}@vanxuan-awards.example`;
    await identity.createStaff({ email, name: `Staff ${role}`, password: PASSWORD, role });
    cookies.set(role, cookieOf(await signIn(email, "/quan-tri/dang-nhap")));
  }
  await identity.createEntrant({
    email: "access-entrant@example.vn",
    password: PASSWORD,
    profile: {
      type: "individual",
      fullName: "Thí Sinh Thử",
      phone: "+84912345678",
      address: "1 Tràng Tiền, Hà Nội",
      personalId: null,
      companyName: null,
      businessRegistrationNumber: null,
      taxCode: null,
      licenceFileId: null,
    },
  });
  cookies.set("entrant", cookieOf(await signIn("access-entrant@example.vn", "/dang-nhap")));
  for (const who of WHO.slice(1)) expect(cookies.get(who), who).toMatch(/session_token=/);
}, 240_000);

afterAll(async () => {
  await started?.close();
});

describe("back-office routes × roles", () => {
  it("covers every back-office route of the app (add one line to ROUTES for a new one)", () => {
    const routes = started!.bundle.build.routes;
    const fullPath = (id: string): string => {
      const route = routes[id];
      if (!route) return "";
      const parent = route.parentId ? fullPath(route.parentId) : "";
      const own = route.path ?? "";
      return own ? `${parent.replace(/\/$/, "")}/${own}` : parent;
    };
    const backOffice = Object.keys(routes)
      .filter((id) => id.startsWith("vi:"))
      .map((id) => fullPath(id) || "/")
      .filter((p) => p === "/quan-tri" || p.startsWith("/quan-tri/"));
    const listed = new Set([
      ...ROUTES.map((r) => r.pattern ?? r.path.split("?")[0]!),
      ...PUBLIC_BACK_OFFICE,
    ]);
    expect([...new Set(backOffice)].filter((p) => !listed.has(p)).sort()).toEqual([]);
  });

  const cases = ROUTES.flatMap((route) =>
    (["vi", "en"] as const).map((lang) => ({
      ...route,
      lang,
      url: lang === "en" ? `/en${route.path}` : route.path,
    })),
  );

  it.each(cases)("GET $url", async ({ url, lang, section, get = 200 }) => {
    const allowed = BACK_OFFICE_SECTIONS[section] as readonly string[];
    const signInPath = lang === "en" ? "/en/quan-tri/dang-nhap" : "/quan-tri/dang-nhap";
    for (const who of WHO) {
      const response = await request("GET", url, who);
      const outcome = `${who} → ${response.statusCode} ${response.headers.location ?? ""}`.trim();
      if (who === "visitor") {
        expect(outcome).toBe(`visitor → 302 ${signInPath}?next=${encodeURIComponent(url)}`);
      } else if (!allowed.includes(who)) {
        expect(outcome).toBe(`${who} → 403`);
        expect(response.body).not.toContain("admin__nav");
      } else if (get === 200) {
        expect(outcome).toBe(`${who} → 200`);
        expect(response.headers["x-html-cache"]).toBeUndefined();
      } else {
        expect(response.statusCode, outcome).not.toBe(403);
        expect(response.statusCode, outcome).toBeLessThan(500);
        expect(String(response.headers.location ?? "")).not.toContain("dang-nhap");
      }
    }
  });

  it.each(cases)("POST $url", async ({ url, section, post = "any" }) => {
    const allowed = BACK_OFFICE_SECTIONS[section] as readonly string[];
    for (const who of WHO) {
      const response = await request("POST", url, who);
      const outcome = `${who} → ${response.statusCode}`;
      // 405: the route has no action, so nothing can be written, for anyone.
      const noAction = response.statusCode === 405 && post !== "refused-400";
      if (post === "no-action") {
        expect(outcome).toBe(`${who} → 405`);
      } else if (who === "visitor") {
        if (noAction) continue;
        expect(outcome).toBe("visitor → 302");
        expect(String(response.headers.location)).toContain("/quan-tri/dang-nhap?next=");
      } else if (!allowed.includes(who)) {
        if (noAction) continue;
        expect(outcome).toBe(`${who} → 403`);
      } else if (post === "refused-400") {
        expect(outcome).toBe(`${who} → 400`);
      } else {
        expect(response.statusCode, outcome).not.toBe(403);
        expect(response.statusCode, outcome).toBeLessThan(500);
        expect(String(response.headers.location ?? "")).not.toContain("dang-nhap");
      }
    }
  });

  it("records nothing in the audit log for refused or invalid writes", async () => {
    const { total } = await app.services.audit.list({ search: "__role-check__" });
    expect(total).toBe(0);
  });
});

/** A form post as the browser sends it, signed in as `who`. */
function post(url: string, who: Who, form: Record<string, string>) {
  const cookie = cookies.get(who);
  return app.fastify.inject({
    method: "POST",
    url,
    headers: {
      host: "localhost:3000",
      "user-agent": FIREFOX,
      origin: ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

describe("back-office platform writes over HTTP", () => {
  it("site settings: validated, audited, and their SEO defaults reach pages without their own", async () => {
    const form = {
      intent: "settings",
      formKey: "settings",
      contactEmail: "ban-to-chuc@vanxuan-awards.example",
      contactPhone: "+84 28 3822 6868",
      socialWebsite: "",
      socialEmail: "",
      socialFacebook: "https://www.facebook.com/vanxuanawards",
      socialYoutube: "",
      socialLinkedin: "",
      socialTiktok: "",
      chatProvider: "none",
      chatAccountId: "",
      seoTitleVi: "Giải thưởng Vạn Xuân 2026",
      seoDescriptionVi: "Mô tả mặc định do quản trị viên đặt.",
      seoImageVi: "/images/og-mac-dinh.png",
      seoTitleEn: "",
      seoDescriptionEn: "",
      seoImageEn: "",
    };
    // Refused: the typed values come back, nothing is saved or audited.
    const refused = await post("/quan-tri/cai-dat", "admin", {
      ...form,
      contactEmail: "không-phải-email",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("không-phải-email");
    expect((await app.services.audit.list({ search: "settings.update" })).total).toBe(0);
    // A script or data address as a social link: refused on its field with the scheme message.
    const scripted = await post("/quan-tri/cai-dat", "admin", {
      ...form,
      socialFacebook: " JavaScript:alert(document.cookie)",
      socialYoutube: "data:text/html,<script>alert(1)</script>",
    });
    expect(scripted.statusCode).toBe(400);
    expect(scripted.body).toContain("Chỉ chấp nhận đường dẫn bắt đầu bằng https://");
    expect((await app.services.settings.get()).social.facebook).not.toMatch(/script/i);
    expect((await app.services.audit.list({ search: "settings.update" })).total).toBe(0);
    // The editor cannot write settings at all.
    expect((await post("/quan-tri/cai-dat", "editor", form)).statusCode).toBe(403);

    const saved = await post("/quan-tri/cai-dat", "admin", form);
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe("/quan-tri/cai-dat?notice=adminPlatform.notices.saved");
    const home = (await request("GET", "/", "visitor")).body;
    expect(home).toContain("<title>Giải thưởng Vạn Xuân 2026 | ");
    expect(home).toContain('content="Mô tả mặc định do quản trị viên đặt."');
    expect(home).toContain('content="http://localhost:3000/images/og-mac-dinh.png"');
    expect(home).toContain("ban-to-chuc@vanxuan-awards.example");
    // English pages keep the catalogue's defaults (the admin left them empty).
    const en = (await request("GET", "/en", "visitor")).body;
    expect(/<meta name="description" content="([^"]*)"/.exec(en)?.[1]).not.toContain("Mô tả");
    const log = await app.services.audit.list({ search: "settings.update" });
    expect(log.items[0]).toMatchObject({
      actorEmail: "access-admin@vanxuan-awards.example",
      targetType: "settings",
    });
    expect(log.items[0]?.summary.contactEmail).toEqual([
      expect.any(String),
      "ban-to-chuc@vanxuan-awards.example",
    ]);

    // A script link stored before links were checked is never rendered in the public footer.
    await started!.db.kysely
      .updateTable("site_settings")
      .set({
        value: JSON.stringify({
          website: "",
          email: "",
          facebook: "javascript:alert(document.cookie)",
          youtube: "https://www.youtube.com/@vanxuanawards",
          linkedin: "",
          tiktok: "",
        }),
      })
      .where("key", "=", "social")
      .execute();
    app.services.settings.invalidate();
    app.htmlCache.clear();
    const footer = (await request("GET", "/", "visitor")).body;
    expect(footer).toContain('href="https://www.youtube.com/@vanxuanawards"');
    expect(footer).not.toMatch(/javascript:/i);
  });

  it("season dates: the header follows on the next request; orders refused with the field's key", async () => {
    const base = {
      intent: "dates",
      formKey: "dates",
      year: "2026",
      nameVi: "Vạn Xuân 2026",
      nameEn: "Van Xuan 2026",
      registrationOpensAt: "",
      registrationClosesAt: "",
      submissionOpensAt: "01/08/2026 00:00",
      earlyBirdDeadline: "",
      lateDeadline: "",
      ceremonyAt: "16/01/2027 19:00",
    };
    const wrong = await post("/quan-tri/mua-giai", "admin", {
      ...base,
      submissionClosesAt: "01/07/2026 00:00",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Thời điểm đóng phải sau thời điểm mở.");
    // NOW is 01/09/2026 10:00 in Vietnam: closing at 09:00 that day closes submission.
    const saved = await post("/quan-tri/mua-giai", "admin", {
      ...base,
      submissionClosesAt: "01/09/2026 09:00",
    });
    expect(saved.statusCode).toBe(302);
    const header = (await request("GET", "/", "visitor")).body;
    expect(header).toMatch(/data-state="closed"/);
    expect((await app.services.seasons.current())?.submissionClosesAt).toBe(
      "2026-09-01T02:00:00.000Z",
    );
    expect((await app.services.audit.list({ search: "season.update" })).total).toBe(1);
  });

  it("users: deactivation signs the person out at once; the last admin stays", async () => {
    const staff = await app.services.staff.list({ q: "access-jury-manager" });
    const target = staff.items[0]!;
    expect((await request("GET", "/quan-tri", "jury_manager")).statusCode).toBe(200);
    const off = await post("/quan-tri/nguoi-dung", "admin", {
      intent: "active",
      formKey: `row:${target.id}`,
      userId: target.id,
    });
    expect(off.statusCode).toBe(302);
    const after = await request("GET", "/quan-tri", "jury_manager");
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toContain("/quan-tri/dang-nhap");
    expect((await app.services.audit.list({ search: "user.deactivate" })).total).toBe(1);

    // With a second admin, demoting that one works; then ours is the last and stays.
    await app.services.identity.createStaff({
      email: "second-admin@vanxuan-awards.example",
      name: "Quản Trị Hai",
      password: PASSWORD,
      role: "admin",
    });
    const admins = await app.services.staff.list({ role: "admin" });
    for (const other of admins.items.filter(
      (u) => u.email !== "access-admin@vanxuan-awards.example",
    )) {
      if (other.email !== "second-admin@vanxuan-awards.example") {
        await app.services.staff.changeRole(other.id, "editor");
      }
    }
    const demo = admins.items.find((u) => u.email === "second-admin@vanxuan-awards.example")!;
    const demoted = await post("/quan-tri/nguoi-dung", "admin", {
      intent: "role",
      formKey: `row:${demo.id}`,
      userId: demo.id,
      role: "editor",
    });
    expect(demoted.statusCode).toBe(302);
    const me = admins.items.find((u) => u.email === "access-admin@vanxuan-awards.example")!;
    const last = await post("/quan-tri/nguoi-dung", "admin", {
      intent: "role",
      formKey: `row:${me.id}`,
      userId: me.id,
      role: "finance",
    });
    expect(last.statusCode).toBe(409);
    expect(last.body).toContain("ít nhất một quản trị viên đang hoạt động");
  });
});
