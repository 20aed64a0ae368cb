import { describe, expect, it } from "vitest";
import { BACK_OFFICE_SECTIONS, type BackOfficeSection } from "../core/roles";
import { backOfficeApp } from "./test-support/back-office";
import { pageRoutes } from "./test-support/registered-routes";
import { TEST_ORIGIN, WHO, type Who } from "./test-support/sign-in";

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
  { path: "/quan-tri/hop-thu", section: "outbox", post: "refused-400" },
  { path: "/quan-tri/thanh-toan", section: "payments", post: "no-action" },
  // Judging: rounds and prizes, judges and codes, a round, its results and export, the log check.
  { path: "/quan-tri/cham-giai", section: "judging", post: "refused-400" },
  { path: "/quan-tri/cham-giai?year=2025", section: "judging", post: "refused-400" },
  { path: "/quan-tri/cham-giai/giam-khao", section: "judging", post: "refused-400" },
  { path: "/quan-tri/cham-giai/nhat-ky-diem", section: "judging", post: "no-action" },
  {
    path: "/quan-tri/cham-giai/vong/1?year=2025",
    pattern: "/quan-tri/cham-giai/vong/:id",
    section: "judging",
    get: "any",
    post: "any",
  },
  {
    path: "/quan-tri/cham-giai/vong/1/ket-qua?year=2025",
    pattern: "/quan-tri/cham-giai/vong/:id/ket-qua",
    section: "judging",
    get: "any",
    post: "any",
  },
  {
    path: "/quan-tri/cham-giai/vong/1/xuat?kind=ranking&format=csv&year=2025",
    pattern: "/quan-tri/cham-giai/vong/:id/xuat",
    section: "judging",
    get: "any",
    post: "no-action",
  },
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
  // Season operations: entries and registrants.
  { path: "/quan-tri/bai-du-thi", section: "entries", post: "refused-400" },
  {
    path: "/quan-tri/bai-du-thi?status=submitted&q=quang",
    section: "entries",
    post: "refused-400",
  },
  { path: "/quan-tri/bai-du-thi/xuat?format=csv", section: "entries", post: "no-action" },
  {
    path: "/quan-tri/bai-du-thi/00000000-0000-4000-8000-000000000000",
    pattern: "/quan-tri/bai-du-thi/:id",
    section: "entries",
    get: "any",
    post: "any",
  },
  { path: "/quan-tri/thi-sinh", section: "registrants", post: "no-action" },
  { path: "/quan-tri/thi-sinh/xuat?format=xlsx", section: "registrants", post: "no-action" },
  {
    path: "/quan-tri/thi-sinh/no-such-registrant",
    pattern: "/quan-tri/thi-sinh/:id",
    section: "registrants",
    get: "any",
    post: "no-action",
  },
  // Payments: list, export, statements, VAT requests, one payment.
  { path: "/quan-tri/thanh-toan?state=paid&q=vxp", section: "payments", post: "no-action" },
  { path: "/quan-tri/thanh-toan/xuat?format=xlsx", section: "payments", post: "no-action" },
  { path: "/quan-tri/thanh-toan/sao-ke", section: "payments", post: "refused-400" },
  { path: "/quan-tri/thanh-toan/hoa-don-vat", section: "payments", post: "refused-400" },
  { path: "/quan-tri/thanh-toan/le-phi", section: "payments", post: "refused-400" },
  { path: "/quan-tri/thanh-toan/le-phi?year=2025", section: "payments", post: "refused-400" },
  {
    path: "/quan-tri/thanh-toan/hoa-don-vat/xuat?format=csv",
    section: "payments",
    post: "no-action",
  },
  {
    path: "/quan-tri/thanh-toan/00000000-0000-4000-8000-000000000000",
    pattern: "/quan-tri/thanh-toan/:id",
    section: "payments",
    get: "any",
    post: "any",
  },
];

/** Back-office pages that are not behind a role (the staff sign-in itself). */
const PUBLIC_BACK_OFFICE = ["/quan-tri/dang-nhap"];

const office = backOfficeApp();

/** GET, or POST an unknown intent, as `who`. */
function request(method: "GET" | "POST", url: string, who: Who) {
  return office.request(method, url, {
    cookie: office.cookies.get(who),
    headers: { origin: TEST_ORIGIN },
    ...(method === "POST" ? { form: { intent: "__role-check__", formKey: "x" } } : {}),
  });
}

describe("back-office routes × roles", () => {
  it("covers every back-office route of the app (add one line to ROUTES for a new one)", () => {
    const backOffice = pageRoutes(office.started.bundle.build)
      .filter((route) => route.pattern === route.viPattern)
      .map((route) => route.pattern)
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
    const { total } = await office.app.services.audit.list({ search: "__role-check__" });
    expect(total).toBe(0);
  });
});
