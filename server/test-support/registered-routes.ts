import type { ServerBuild } from "react-router";
import { routePathInEachLanguage } from "../../core/languages";
import type { RegisteredRoute } from "../app";

/** A React Router route of the server build, with its full URL pattern. */
export interface PageRoute {
  id: string;
  /** The full pattern, e.g. `/en/bai-thi/:id` (`/` for the home page). */
  pattern: string;
  /** The pattern without the `/en` prefix: both languages share one inventory line. */
  viPattern: string;
  index: boolean;
  hasLoader: boolean;
  hasAction: boolean;
}

/**
 * Every page route of a server build, with its loader and action, from the route manifest
 * (a layout shares its pattern with its index route), once per language it serves.
 */
export function pageRoutes(build: ServerBuild): PageRoute[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    const own = route.path ?? "";
    return own ? `${parent.replace(/\/$/, "")}/${own}` : parent;
  };
  return Object.entries(routes)
    .filter((entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== undefined)
    .filter(([id]) => id !== "root")
    .flatMap(([id, route]) => {
      const module = route.module as { loader?: unknown; action?: unknown };
      // A route under the optional `en?` segment is a page in each language.
      const patterns = routePathInEachLanguage(fullPath(id).replace(/^\//, "")).map(
        (path) => `/${path}`,
      );
      return patterns.map((pattern) => ({
        id,
        pattern,
        viPattern: pattern === "/en" ? "/" : pattern.replace(/^\/en\//, "/"),
        index: route.index === true,
        hasLoader: typeof module.loader === "function",
        hasAction: typeof module.action === "function",
      }));
    });
}

/** Fastify routes grouped by URL pattern, HEAD (added for every GET) left out. */
export function serverRoutes(routes: RegisteredRoute[]): Map<string, string[]> {
  const byUrl = new Map<string, string[]>();
  for (const { method, url } of routes) {
    if (method === "HEAD") continue;
    const methods = byUrl.get(url) ?? [];
    if (!methods.includes(method)) methods.push(method);
    byUrl.set(url, methods);
  }
  return byUrl;
}

/** A concrete URL for a pattern: each `:param` becomes `value`, a `*` becomes `wildcard`. */
export function concretePath(pattern: string, value = "1", wildcard = "x"): string {
  return pattern.replace(/:[A-Za-z_]+\??/g, value).replace(/\*/g, wildcard);
}

/**
 * Who may use a route. `staff` routes are checked role by role in back-office-access.test.ts;
 * the inventory test checks every protected route anonymously.
 */
export type Access =
  | { kind: "public" }
  | { kind: "entrant" }
  | { kind: "staff"; section: string }
  /** Anyone holding a link the server signed (HMAC, 15 minutes). */
  | { kind: "signed-link" }
  /** A signed-in entrant, on their own upload only. */
  | { kind: "upload-owner" }
  /** The authentication library's own endpoints (only the links sent by email are kept). */
  | { kind: "auth-library" }
  /** Files of the build or of pdf.js, served as they are. */
  | { kind: "static" }
  /** A judge signed in with their code (the judge portal), on their assigned entries only. */
  | { kind: "judge" };

export interface InventoryLine {
  access: Access;
  /** The limit that applies, or "none, because …". */
  rateLimit: string;
}

const PUBLIC = { kind: "public" } as const;
const ENTRANT = { kind: "entrant" } as const;
const staff = (section: string) => ({ kind: "staff", section }) as const;
const JUDGE = { kind: "judge" } as const;
const JUDGE_CODE_LIMIT = "judge code attempts per IP and per code (JUDGE_CODE_LIMITS)";
const JUDGE_ONLY =
  "none, because only a judge signed in with a code reaches it, on entries assigned to them";
export const COMING_SOON = "none, because a static placeholder page";
const READ_ONLY = "none, because it only reads published content (GET, HTML cache)";
const STAFF_ONLY =
  "none, because only a signed-in staff member reaches it (sign-in is rate-limited)";

/**
 * Every Fastify route, by URL pattern. Files of the client build (one route per file) are
 * one line: `static:client`.
 */
export const SERVER_ROUTES: Record<string, InventoryLine> = {
  "/healthz": { access: PUBLIC, rateLimit: "none, because it answers a constant" },
  "/readyz": { access: PUBLIC, rateLimit: "none, because it runs one trivial query" },
  // Browsers' error reports: this site's pages (CSRF origin check), written to the log only.
  "/api/client-errors": {
    access: PUBLIC,
    rateLimit: "reports per IP (CLIENT_ERRORS_PER_IP)",
  },
  // The authentication library: only the links sent by email; everything else answers 404.
  "/api/auth/verify-email": {
    access: { kind: "auth-library" },
    rateLimit: "email links per IP (LIMITS.emailLinksPerIp)",
  },
  "/api/auth/reset-password/:token": {
    access: { kind: "auth-library" },
    rateLimit: "email links per IP (LIMITS.emailLinksPerIp)",
  },
  "/api/auth": { access: PUBLIC, rateLimit: "none, because a constant 404" },
  "/api/auth/*": { access: PUBLIC, rateLimit: "none, because a constant 404" },
  "static:client": { access: { kind: "static" }, rateLimit: "none, because files on disk" },
  "/assets/*": { access: { kind: "static" }, rateLimit: "none, because a constant 404" },
  "/tai-lieu/*": {
    access: { kind: "static" },
    rateLimit: "none, because public PDFs from storage",
  },
  "/pdfjs/*": { access: { kind: "static" }, rateLimit: "none, because pdf.js files on disk" },
  "/media/:token/:file": {
    access: PUBLIC,
    rateLimit: "none, because public image variants (cached; one indexed lookup)",
  },
  "/bai-thi/:id/tep/:fileId": {
    access: PUBLIC,
    rateLimit: "none, because public files of published entries (cached an hour)",
  },
  "/api/library": {
    access: PUBLIC,
    rateLimit:
      "none, because the public list the library page shows (indexed queries, a page at a time)",
  },
  "/api/media": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/tep/*": {
    access: { kind: "signed-link" },
    rateLimit: "none, because the signature is checked before any storage read",
  },
  "/api/uploads": {
    access: { kind: "upload-owner" },
    rateLimit: "one live upload per file field of an entrant's own draft",
  },
  "/api/uploads/:id": {
    access: { kind: "upload-owner" },
    rateLimit: "none, because only the upload's owner reaches it",
  },
  "/robots.txt": { access: PUBLIC, rateLimit: "none, because a constant" },
  "/favicon.ico": { access: PUBLIC, rateLimit: "none, because a constant redirect" },
  "/apple-touch-icon.png": {
    access: PUBLIC,
    rateLimit: "none, because drawn once then kept in memory",
  },
  "/apple-touch-icon-precomposed.png": {
    access: PUBLIC,
    rateLimit: "none, because drawn once then kept in memory",
  },
  "/sitemap.xml": { access: PUBLIC, rateLimit: READ_ONLY },
  "/generated/portrait/:hue/:initials": { access: PUBLIC, rateLimit: "none, because pure SVG" },
  "/generated/cover/:seed": { access: PUBLIC, rateLimit: "none, because pure SVG" },
  "/og/tin-tuc/:file": {
    access: PUBLIC,
    rateLimit: "none, because one preview per visible article, made once then read from storage",
  },
  "/og/bai-thi/:file": {
    access: PUBLIC,
    rateLimit: "none, because one preview per published entry, made once then read from storage",
  },
  "/og/trang/:file": {
    access: PUBLIC,
    rateLimit: "none, because two cards (one per language), made once then read from storage",
  },
  // VNPay's server calls this; the signature, the order and the amount are checked first.
  "/api/payments/vnpay/ipn": {
    access: { kind: "signed-link" },
    rateLimit: "none, because the HMAC signature is checked before anything is read",
  },
  // The judge portal's API.
  "/api/judging/session": { access: PUBLIC, rateLimit: JUDGE_CODE_LIMIT },
  "/api/judging/rounds": { access: JUDGE, rateLimit: JUDGE_ONLY },
  "/api/judging/rounds/:roundId/entries": { access: JUDGE, rateLimit: JUDGE_ONLY },
  "/api/judging/rounds/:roundId/entries/:entryId/score": { access: JUDGE, rateLimit: JUDGE_ONLY },
  "/api/judging/rounds/:roundId/entries/:entryId/conflict": {
    access: JUDGE,
    rateLimit: JUDGE_ONLY,
  },
  "/*": { access: PUBLIC, rateLimit: "the page routes below" },
};

/** Every React Router route with a loader or an action, by Vietnamese pattern (`/en` mirrors). */
export const PAGE_ROUTES: Record<string, InventoryLine> = {
  "/": { access: PUBLIC, rateLimit: READ_ONLY },
  "/dang-ky-du-thi": { access: PUBLIC, rateLimit: "registrations per IP" },
  "/nop-bai-du-thi": {
    access: ENTRANT,
    rateLimit: "drafts per entrant; only the signed-in entrant's own entries",
  },
  "/nop-bai-du-thi/thanh-toan": {
    access: ENTRANT,
    rateLimit: "one live payment per entry; only the signed-in entrant's own entries",
  },
  "/nop-bai-du-thi/thanh-toan/vnpay": {
    access: ENTRANT,
    rateLimit: "none, because it only reads the entrant's own payment",
  },
  "/nop-bai-du-thi/thanh-toan/:reference": {
    access: ENTRANT,
    rateLimit: "none, because it only reads or edits the entrant's own payment",
  },
  "/nop-bai-du-thi/thanh-toan/:reference/bien-nhan": {
    access: ENTRANT,
    rateLimit: "none, because it only renders the entrant's own receipt",
  },
  "/bai-du-thi": {
    access: PUBLIC,
    rateLimit: "none, because it only reads published entries (indexed search, one page of 24)",
  },
  "/bai-thi/:id": { access: PUBLIC, rateLimit: READ_ONLY },
  "/tin-tuc-cuoc-thi": { access: PUBLIC, rateLimit: READ_ONLY },
  "/tin-tuc-cuoc-thi/:id": { access: PUBLIC, rateLimit: READ_ONLY },
  "/gioi-thieu-giai-thuong": { access: PUBLIC, rateLimit: READ_ONLY },
  "/chuyen-gia-dong-hanh": { access: PUBLIC, rateLimit: READ_ONLY },
  "/danh-sach-thang-giai": { access: PUBLIC, rateLimit: READ_ONLY },
  "/van-xuan": { access: PUBLIC, rateLimit: READ_ONLY },
  "/van-xuan-classic": { access: PUBLIC, rateLimit: READ_ONLY },
  "/van-xuan-stars": { access: PUBLIC, rateLimit: READ_ONLY },
  "/dang-nhap": { access: PUBLIC, rateLimit: "sign-in failures per account and per IP" },
  "/quen-mat-khau": { access: PUBLIC, rateLimit: "resets per account and per IP" },
  "/dat-lai-mat-khau": {
    access: PUBLIC,
    rateLimit: "none, because it needs the single-use token from the email (1 hour)",
  },
  "/tai-khoan": {
    access: ENTRANT,
    rateLimit:
      "verification emails per account; wrong current passwords per account; licence replacements per account",
  },
  "/tai-khoan/ho-so": {
    access: ENTRANT,
    rateLimit: "none, because it only edits the signed-in entrant's own profile",
  },
  "/quan-tri/dang-nhap": { access: PUBLIC, rateLimit: "sign-in failures per account and per IP" },
  "/quan-tri/noi-dung/tin-tuc/:id/xem-truoc": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri": { access: staff("dashboard"), rateLimit: STAFF_ONLY },
  "/quan-tri/hop-thu": { access: staff("outbox"), rateLimit: STAFF_ONLY },
  "/quan-tri/bai-du-thi": { access: staff("entries"), rateLimit: STAFF_ONLY },
  "/quan-tri/bai-du-thi/xuat": { access: staff("entries"), rateLimit: STAFF_ONLY },
  "/quan-tri/bai-du-thi/:id": { access: staff("entries"), rateLimit: STAFF_ONLY },
  "/quan-tri/thi-sinh": { access: staff("registrants"), rateLimit: STAFF_ONLY },
  "/quan-tri/thi-sinh/xuat": { access: staff("registrants"), rateLimit: STAFF_ONLY },
  "/quan-tri/thi-sinh/:id": { access: staff("registrants"), rateLimit: STAFF_ONLY },
  "/quan-tri/mua-giai": { access: staff("seasons"), rateLimit: STAFF_ONLY },
  "/quan-tri/cai-dat": { access: staff("settings"), rateLimit: STAFF_ONLY },
  "/quan-tri/nguoi-dung": { access: staff("users"), rateLimit: STAFF_ONLY },
  "/quan-tri/nhat-ky": { access: staff("audit"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung/chuyen-gia": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung/chuyen-gia/:id": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung/thang-giai": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung/thang-giai/:id": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung/trang": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung/tai-lieu": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung/tin-tuc": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung/tin-tuc/moi": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/noi-dung/tin-tuc/:id": { access: staff("content"), rateLimit: STAFF_ONLY },
  "/quan-tri/thanh-toan": { access: staff("payments"), rateLimit: STAFF_ONLY },
  "/quan-tri/thanh-toan/xuat": { access: staff("payments"), rateLimit: STAFF_ONLY },
  "/quan-tri/thanh-toan/sao-ke": { access: staff("payments"), rateLimit: STAFF_ONLY },
  "/quan-tri/thanh-toan/hoa-don-vat": { access: staff("payments"), rateLimit: STAFF_ONLY },
  "/quan-tri/thanh-toan/hoa-don-vat/xuat": { access: staff("payments"), rateLimit: STAFF_ONLY },
  "/quan-tri/thanh-toan/le-phi": { access: staff("payments"), rateLimit: STAFF_ONLY },
  "/quan-tri/thanh-toan/:id": { access: staff("payments"), rateLimit: STAFF_ONLY },
  "/giam-khao": { access: PUBLIC, rateLimit: JUDGE_CODE_LIMIT },
  "/giam-khao/vong/:roundId": { access: JUDGE, rateLimit: JUDGE_ONLY },
  "/giam-khao/vong/:roundId/:entryId": { access: JUDGE, rateLimit: JUDGE_ONLY },
  "/quan-tri/cham-giai": { access: staff("judging"), rateLimit: STAFF_ONLY },
  "/quan-tri/cham-giai/giam-khao": { access: staff("judging"), rateLimit: STAFF_ONLY },
  "/quan-tri/cham-giai/nhat-ky-diem": { access: staff("judging"), rateLimit: STAFF_ONLY },
  "/quan-tri/cham-giai/vong/:id": { access: staff("judging"), rateLimit: STAFF_ONLY },
  "/quan-tri/cham-giai/vong/:id/ket-qua": { access: staff("judging"), rateLimit: STAFF_ONLY },
  "/quan-tri/cham-giai/vong/:id/xuat": { access: staff("judging"), rateLimit: STAFF_ONLY },
  "/dang-xuat": {
    access: PUBLIC,
    rateLimit: "none, because it only ends the caller's own session",
  },
  "/pdf": { access: PUBLIC, rateLimit: "none, because it only renders the viewer" },
  "/*": { access: PUBLIC, rateLimit: "none, because it redirects home" },
};

/** The inventory line of a Fastify route (`static:client` for a file of the client build). */
export function serverRouteKey(url: string, clientFiles: ReadonlySet<string>): string {
  if (clientFiles.has(url)) return "static:client";
  if (url.startsWith("/pdfjs/")) return "/pdfjs/*";
  return url;
}
