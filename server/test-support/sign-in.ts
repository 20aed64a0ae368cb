import type { LightMyRequestResponse } from "fastify";
import type { App } from "../app";
import type { RegistrantProfile } from "../modules/identity/service";

export const TEST_ORIGIN = "http://localhost:3000";
export const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

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

/** The session cookie pair of a sign-in response, ready for a `cookie` header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const setCookie = response.headers["set-cookie"];
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair.includes("session_token="))
    .join("; ");
}

/** Signs in through the page form (`/dang-nhap` or `/quan-tri/dang-nhap`); the cookie header. */
export async function signInThroughForm(
  app: App,
  at: string,
  email: string,
  password: string,
): Promise<string> {
  const response = await app.fastify.inject({
    method: "POST",
    url: at,
    headers: {
      host: "localhost:3000",
      "user-agent": FIREFOX,
      origin: TEST_ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error(`sign-in at ${at} failed: ${response.statusCode}`);
  return cookie;
}

/** A staff member and an entrant, created and signed in: their cookie headers. */
export async function signedInStaffAndEntrant(
  app: App,
  password = "mua-thu-ha-noi-2026",
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
