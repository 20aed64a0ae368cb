import { describe, expect, it } from "vitest";
import { identityHttpApp, text } from "./test-support/identity-http";
import { individualProfile, sessionCookieOf, TEST_PASSWORD } from "./test-support/sign-in";

// The sign-in forms as a browser meets them: the per-account limit, the same answer whether
// the account exists, and redirects after sign-in that never leave the site.

const http = identityHttpApp();
const { request, signIn } = http;

describe("sign-in limits", () => {
  it("answers the 11th attempt on one account with 429 and the wait in the page", async () => {
    await http.app.services.identity.createEntrant({
      email: "locked@example.vn",
      password: TEST_PASSWORD,
      profile: { ...individualProfile("Khoá Tạm", "3 Lý Thái Tổ, Hà Nội"), phone: "+84912345679" },
    });
    for (let i = 0; i < 10; i += 1) {
      const wrong = await signIn("locked@example.vn", `wrong-password-${i}`, "/dang-nhap");
      expect(wrong.statusCode).toBe(401);
    }
    expect((await signIn("locked@example.vn", `wrong-password-x`, "/dang-nhap")).body).toContain(
      text("vi", "auth.tooManyAttempts", { minutes: 15 }),
    );
    const locked = await signIn("locked@example.vn", TEST_PASSWORD, "/en/dang-nhap");
    expect(locked.statusCode).toBe(429);
    expect(sessionCookieOf(locked)).toBe("");
    expect(locked.body).toContain(text("en", "auth.tooManyAttempts", { minutes: 15 }));
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
        const response = await signIn(email, TEST_PASSWORD, url, "192.0.2.50");
        expect(`${next} → ${response.statusCode} ${response.headers.location}`).toBe(
          `${next} → 302 ${home}`,
        );
        // Already signed in, the page itself redirects the same way.
        const again = await request("GET", url, { cookie: sessionCookieOf(response) });
        expect(`${next} → ${again.headers.location}`).toBe(`${next} → ${home}`);
      }
      // The raw (unencoded) tab form too.
      const raw = await signIn(
        email,
        TEST_PASSWORD,
        `${door}?next=/%09/evil.example/phish`,
        "192.0.2.50",
      );
      expect(raw.headers.location).toBe(home);
      const followed = await signIn(
        email,
        TEST_PASSWORD,
        `${door}?next=${encodeURIComponent(good)}`,
        "192.0.2.50",
      );
      expect(followed.headers.location).toBe(good);
    },
  );
});
