import { describe, expect, it } from "vitest";
import {
  emailChangeSchema,
  licenceReplacementSchema,
  passwordChangeSchema,
  passwordResetSchema,
  profileEditSchema,
  profileSchemaFor,
  signInSchema,
} from "./registration";
import { enterprise, individual, problems } from "./registration-fixtures";

describe("sign-in and account operations", () => {
  it("signs in with any non-empty password (older accounts keep working)", () => {
    expect(signInSchema.parse({ email: " An@Example.VN", password: "short" })).toEqual({
      email: "an@example.vn",
      password: "short",
    });
  });

  it("accepts a valid reset, password change and email change", () => {
    const password = "hoa sen nở giữa hồ";
    expect(
      passwordResetSchema.safeParse({
        token: "abc",
        newPassword: password,
        confirmPassword: password,
      }).success,
    ).toBe(true);
    expect(
      passwordChangeSchema.safeParse({
        currentPassword: "old one",
        newPassword: password,
        confirmPassword: password,
      }).success,
    ).toBe(true);
    expect(emailChangeSchema.parse({ newEmail: "New@Example.vn ", currentPassword: "x" })).toEqual({
      newEmail: "new@example.vn",
      currentPassword: "x",
    });
  });

  it("checks the confirmation as soon as both passwords are given", () => {
    expect(
      problems(passwordChangeSchema, {
        currentPassword: "",
        newPassword: "hoa sen nở giữa hồ",
        confirmPassword: "sen",
      }),
    ).toEqual({
      currentPassword: "validation.required",
      confirmPassword: "validation.passwordMismatch",
    });
  });
});

describe("profile editing", () => {
  const { password: _p, acceptRules: _a, email: _e, ...individualProfile } = individual;
  const { password: _p2, acceptRules: _a2, email: _e2, ...enterpriseProfile } = enterprise;

  it("needs neither password, acceptance of the rules nor email (email has its own change)", () => {
    expect(profileSchemaFor("individual").parse(individualProfile)).toEqual({
      ...individualProfile,
      phone: "+84912345678",
      personalId: "",
    });
    expect(profileSchemaFor("enterprise").parse({ ...enterpriseProfile, email: "x@y.vn" })).toEqual(
      {
        ...enterpriseProfile,
        phone: "+842838221234",
      },
    );
  });

  it("refuses to turn an enterprise into an individual", () => {
    expect(problems(profileSchemaFor("enterprise"), { ...individualProfile })).toMatchObject({
      type: "validation.registrantTypeLocked",
    });
  });

  it("accepts either type through the union schema", () => {
    expect(profileEditSchema.safeParse(individualProfile).success).toBe(true);
    expect(profileEditSchema.safeParse(enterpriseProfile).success).toBe(true);
    expect(problems(profileEditSchema, { ...individualProfile, type: "x" })).toEqual({
      type: "validation.registrantType",
    });
  });
});

describe("replacing a business licence", () => {
  const facts = (name: string, size: number, type: string) => ({ licence: { name, size, type } });
  const messageOf = (input: unknown) =>
    licenceReplacementSchema.safeParse(input).error?.issues.map((i) => i.message);

  it("takes a PDF up to 50 MB and a JPG or PNG scan up to 20 MB, as registration does", () => {
    expect(
      licenceReplacementSchema.safeParse(facts("gp.pdf", 50 * 1024 * 1024, "application/pdf"))
        .success,
    ).toBe(true);
    expect(
      licenceReplacementSchema.safeParse(facts("scan.PNG", 20 * 1024 * 1024, "image/png")).success,
    ).toBe(true);
    expect(licenceReplacementSchema.safeParse(facts("scan.jpg", 1000, "")).success).toBe(true);
  });

  it("refuses no file, an empty one, another type and a file over its limit, each with its message", () => {
    expect(messageOf({})).toEqual(["validation.licenceRequired"]);
    expect(messageOf({ licence: null })).toEqual(["validation.licenceRequired"]);
    expect(messageOf(facts("gp.pdf", 0, "application/pdf"))).toEqual(["validation.licenceEmpty"]);
    expect(messageOf(facts("gp.docx", 10, "application/msword"))).toEqual([
      "validation.licenceType",
    ]);
    expect(messageOf(facts("gp.pdf", 10, "text/html"))).toEqual(["validation.licenceType"]);
    expect(messageOf(facts("gp.pdf", 50 * 1024 * 1024 + 1, "application/pdf"))).toEqual([
      "validation.licenceTooLarge",
    ]);
    expect(messageOf(facts("scan.jpg", 20 * 1024 * 1024 + 1, "image/jpeg"))).toEqual([
      "validation.licenceTooLarge",
    ]);
  });
});
