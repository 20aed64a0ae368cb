import type { LightMyRequestResponse } from "fastify";
import { STAFF_ROLES, type StaffRole } from "../../core/roles";
import type { App } from "../app";
import { readDemoCredentials } from "../demo/demo-accounts";
import type { RegistrantProfile } from "../modules/identity/types";

export const TEST_ORIGIN = "http://localhost:3000";
export const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
/** The password the tests give the accounts they create. */
export const TEST_PASSWORD = "mua-thu-ha-noi-2026";

/** An individual entrant's registrant profile (Vietnamese phone, no company fields). */
export function individualProfile(fullName: string, address: string): RegistrantProfile {
  return {
    type: "individual",
    fullName,
    phone: "+84912345678",
    address,
    personalId: null,
    companyName: null,
    businessRegistrationNumber: null,
    taxCode: null,
    licenceFileId: null,
  };
}

/**
 * The session cookie pair of a sign-in response (from `inject` or from `fetch`), ready for a
 * `cookie` header; "" when the response set none.
 */
export function sessionCookieOf(response: LightMyRequestResponse | Response): string {
  let all: string[];
  if (response instanceof Response) {
    all = response.headers.getSetCookie();
  } else {
    const setCookie = response.headers["set-cookie"];
    all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  }
  return all
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("session_token="))
    .join("; ");
}

/**
 * POSTs the sign-in form at `at` (`/dang-nhap`, `/en/dang-nhap`, `/quan-tri/dang-nhap`, with
 * `?next=` if wanted) as a browser does; the raw response. `ip` is the client's address, for
 * tests that count attempts per IP.
 */
export function postSignIn(app: App, at: string, email: string, password: string, ip?: string) {
  return app.fastify.inject({
    method: "POST",
    url: at,
    headers: {
      host: "localhost:3000",
      "user-agent": FIREFOX,
      origin: TEST_ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams({ email, password }).toString(),
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

/** Signs in through the page form (`/dang-nhap` or `/quan-tri/dang-nhap`); the cookie header. */
export async function signInThroughForm(
  app: App,
  at: string,
  email: string,
  password: string,
): Promise<string> {
  const response = await postSignIn(app, at, email, password);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error(`sign-in at ${at} failed: ${response.statusCode}`);
  return cookie;
}

/**
 * Signs in through the product's page form of a server listening at `origin` (a spawned
 * process), as a browser without scripts posts it; the cookie header.
 */
export async function signInOverHttp(
  origin: string,
  email: string,
  password: string,
  at = "/dang-nhap",
): Promise<string> {
  const response = await fetch(`${origin}${at}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ email, password }).toString(),
  });
  // Signed in: a redirect with the session cookie.
  const cookie = sessionCookieOf(response);
  if (response.status !== 302 || !cookie) {
    throw new Error(`sign-in at ${at} failed: ${response.status} ${await response.text()}`);
  }
  return cookie;
}

/** Signs the demo entrant in at a server listening at `origin` whose data dir is `dataDir`. */
export async function signInDemoEntrant(origin: string, dataDir: string): Promise<string> {
  const credentials = readDemoCredentials(dataDir);
  if (!credentials) throw new Error(`no demo credentials in ${dataDir}`);
  return signInOverHttp(origin, credentials.entrant.email, credentials.entrant.password);
}

/** Who visits in the access tests: nobody signed in, an entrant, and each staff role. */
export const WHO = ["visitor", "entrant", ...STAFF_ROLES] as const;
export type Who = (typeof WHO)[number];

/**
 * One staff member per role and one entrant, created and signed in through their forms (staff
 * land on /quan-tri, the entrant on /tai-khoan): their cookie headers by who they are.
 */
export async function signInEveryRole(
  app: App,
  options: {
    staffEmail: (role: StaffRole) => string;
    entrant: { email: string; fullName: string; address?: string };
    password?: string;
  },
): Promise<Map<Who, string>> {
  const password = options.password ?? TEST_PASSWORD;
  const { identity } = app.services;
  const cookies = new Map<Who, string>();
  for (const role of STAFF_ROLES) {
    const email = options.staffEmail(role);
    await identity.createStaff({ email, name: `Staff ${role}`, password, role });
    cookies.set(role, await signedInAt(app, "/quan-tri/dang-nhap", "/quan-tri", email, password));
  }
  const { email, fullName, address = "1 Tràng Tiền, Hà Nội" } = options.entrant;
  await identity.createEntrant({
    email,
    password,
    profile: individualProfile(fullName, address),
  });
  cookies.set("entrant", await signedInAt(app, "/dang-nhap", "/tai-khoan", email, password));
  return cookies;
}

/** Signs in at `at`, which must redirect to `home` with a session cookie; that cookie. */
async function signedInAt(app: App, at: string, home: string, email: string, password: string) {
  const response = await postSignIn(app, at, email, password);
  const cookie = sessionCookieOf(response);
  const outcome = `${response.statusCode} ${response.headers.location ?? ""}`;
  if (outcome !== `302 ${home}` || !/session_token=/.test(cookie)) {
    throw new Error(
      `sign-in of ${email} at ${at}: ${outcome}, expected 302 ${home} with a session`,
    );
  }
  return cookie;
}

/** A staff member and an entrant, created and signed in: their cookie headers. */
export async function signedInStaffAndEntrant(
  app: App,
  password = TEST_PASSWORD,
): Promise<{ admin: string; entrant: string }> {
  const { identity } = app.services;
  const adminEmail = "fuzz-admin@vanxuan-awards.example";
  const entrantEmail = "fuzz-entrant@example.vn";
  await identity.createStaff({ email: adminEmail, name: "Fuzz Admin", password, role: "admin" });
  await identity.createEntrant({
    email: entrantEmail,
    password,
    profile: individualProfile("Thí Sinh Thử", "1 Tràng Tiền, Hà Nội"),
  });
  return {
    admin: await signInThroughForm(app, "/quan-tri/dang-nhap", adminEmail, password),
    entrant: await signInThroughForm(app, "/dang-nhap", entrantEmail, password),
  };
}
