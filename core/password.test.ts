import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "./common-passwords";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isCommonPassword,
  isPasswordSameAsEmail,
  newPasswordField,
  passwordLength,
  passwordProblem,
} from "./password";

describe("passwordLength", () => {
  it("counts characters, not UTF-16 units or combining marks", () => {
    expect(passwordLength("abc")).toBe(3);
    expect(passwordLength("😀🎉")).toBe(2); // 4 UTF-16 units
    expect(passwordLength("Việt")).toBe(4);
    expect(passwordLength("Việt".normalize("NFD"))).toBe(4); // e + two combining marks
  });
});

describe("passwordProblem", () => {
  it("accepts a long enough password of any composition", () => {
    expect(passwordProblem("correct horse battery staple")).toBeNull();
    expect(passwordProblem("onlylowercaseletters")).toBeNull();
    expect(passwordProblem("cơm tấm sài gòn")).toBeNull();
    expect(passwordProblem("🐉🍜☕🌸🏮🎋🥢🛵🌾🎐")).toBeNull();
  });

  it(`needs at least ${PASSWORD_MIN_LENGTH} characters`, () => {
    expect(passwordProblem("quả dưa h")).toBe("tooShort");
    expect(passwordProblem("xk8#qp2!z")).toBe("tooShort");
    expect(passwordProblem("xk8#qp2!zm")).toBeNull();
    // 5 emoji are 10 UTF-16 units but only 5 characters.
    expect(passwordProblem("🐉🍜☕🌸🏮")).toBe("tooShort");
    // 9 letters typed with combining diacritics are still 9 letters.
    expect(passwordProblem("ệịọụữờởẫẳ".normalize("NFD"))).toBe("tooShort");
  });

  it(`allows at most ${PASSWORD_MAX_LENGTH} characters`, () => {
    const words = "lúa vàng bờ đê ".repeat(20);
    expect(passwordProblem(words.slice(0, PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordProblem(words.slice(0, PASSWORD_MAX_LENGTH + 1))).toBe("tooLong");
  });

  it.each([
    ["matkhau123"],
    ["MatKhau123"],
    ["123456789a"],
    ["1234567890"],
    ["Password123"],
    ["anhyeuem123"],
    ["toiyeuvietnam"],
    ["qwertyuiop"],
    ["vanxuan2026"],
    ["aaaaaaaaaaaa"],
    ["0000000000"],
  ])("rejects the common password %j", (password) => {
    expect(passwordProblem(password)).toBe("common");
  });

  it("rejects the account's email address or its local part, ignoring case", () => {
    const email = "an.nguyen2024@example.vn";
    expect(passwordProblem("An.Nguyen2024@example.vn", { email })).toBe("sameAsEmail");
    expect(passwordProblem("an.nguyen2024", { email })).toBe("sameAsEmail");
    expect(passwordProblem("an.nguyen2024!", { email })).toBeNull();
    expect(passwordProblem("an.nguyen2024")).toBeNull(); // no email known
  });
});

describe("isCommonPassword and isPasswordSameAsEmail", () => {
  it("knows the short common Vietnamese passwords too", () => {
    expect(isCommonPassword("anhyeuem")).toBe(true);
    expect(isCommonPassword("EmYeuAnh")).toBe(true);
    expect(isCommonPassword("anhyeuem và một con mèo")).toBe(false);
  });

  it("does not mistake an empty email for a match", () => {
    expect(isPasswordSameAsEmail("", "")).toBe(false);
    expect(isPasswordSameAsEmail("something long", "")).toBe(false);
  });
});

describe("COMMON_PASSWORDS", () => {
  it("holds a few hundred lowercase entries without spaces", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(300);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry).toBe(entry.toLowerCase());
      expect(entry).not.toMatch(/\s/);
      expect(entry.length).toBeGreaterThan(0);
    }
  });

  it("mostly holds passwords long enough to pass the length rule", () => {
    const usable = [...COMMON_PASSWORDS].filter((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH);
    expect(usable.length).toBeGreaterThanOrEqual(250);
  });
});

describe("newPasswordField", () => {
  const field = newPasswordField();
  const messages = (input: unknown) =>
    field.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it("keeps the password exactly as typed", () => {
    expect(field.parse("  spaces count too  ")).toBe("  spaces count too  ");
  });

  it("reports one problem, as an i18n key", () => {
    expect(messages("")).toEqual(["validation.required"]);
    expect(messages(undefined)).toEqual(["validation.required"]);
    expect(messages("short")).toEqual(["validation.passwordTooShort"]);
    expect(messages("x".repeat(129) + "y")).toEqual(["validation.passwordTooLong"]);
    expect(messages("matkhau123")).toEqual(["validation.passwordCommon"]);
  });
});
