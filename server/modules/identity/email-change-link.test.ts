import { describe, expect, it } from "vitest";
import { isEmailChangeToken } from "./email-change-link";

const token = (payload: unknown) =>
  `${Buffer.from('{"alg":"HS256"}').toString("base64url")}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.signature`;

describe("isEmailChangeToken", () => {
  it("tells a change of email (the new address in the payload) from a confirmation", () => {
    expect(isEmailChangeToken(token({ email: "cu@example.vn", updateTo: "moi@example.vn" }))).toBe(
      true,
    );
    expect(isEmailChangeToken(token({ email: "cu@example.vn" }))).toBe(false);
  });

  it("reads anything else as not one", () => {
    for (const value of [null, "", "abc", "a.%%%.c", "a..c", `a.${"x".repeat(5000)}.c`]) {
      expect(isEmailChangeToken(value)).toBe(false);
    }
    expect(isEmailChangeToken(token({ updateTo: 5 }))).toBe(false);
    expect(isEmailChangeToken(token(null))).toBe(false);
  });
});
