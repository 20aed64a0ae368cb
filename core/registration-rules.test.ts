import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { catalogText } from "./i18n/lookup";
import { LANGUAGES } from "./languages";
import {
  REGISTRANT_FIELD_MAX_LENGTH,
  emailChangeSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  profileEditSchema,
  profileSchemaFor,
  registrationSchema,
  signInSchema,
} from "./registration";
import { enterprise, individual, problems } from "./registration-fixtures";

/** A rule, an input that breaks it, and where and how zod must say so. */
interface Rule {
  rule: string;
  schema: z.ZodType;
  input: unknown;
  path: string;
  key: string;
}

/** Breaks a rule by changing fields of a valid input; the problem is on the first one. */
const breaking =
  (schema: z.ZodType, valid: object) =>
  (rule: string, change: Record<string, unknown>, key: string): Rule => ({
    rule,
    schema,
    input: { ...valid, ...change },
    path: Object.keys(change)[0]!,
    key,
  });

const REQUIRED = "validation.required";
const TOO_LONG = "validation.tooLong";
const MAX = REGISTRANT_FIELD_MAX_LENGTH;
const long = (n: number) => "x".repeat(n);
const NEW = "hoa sen nở giữa hồ";

const asEnterprise = breaking(registrationSchema, enterprise);
const asIndividual = breaking(registrationSchema, individual);
const signIn = breaking(signInSchema, { email: "an@example.vn", password: "x" });
const reset = breaking(passwordResetSchema, { token: "t", newPassword: NEW, confirmPassword: NEW });
const change = breaking(passwordChangeSchema, {
  currentPassword: "cũ",
  newPassword: NEW,
  confirmPassword: NEW,
});
const changeEmail = breaking(emailChangeSchema, {
  newEmail: "moi@example.vn",
  currentPassword: "x",
});

/** Seed §5 (registrant rules): phone, tax code, password and the account operations. */
const RULES: Rule[] = [
  // Seed §5: "Enterprise: company name, tax code (valid number), company address, business
  // registration number, registration certificate upload, representative name required."
  asEnterprise("enterprise: company name required", { companyName: "  " }, REQUIRED),
  asEnterprise(
    "enterprise: company name length",
    { companyName: long(MAX.companyName + 1) },
    TOO_LONG,
  ),
  asEnterprise("enterprise: tax code required", { taxCode: "" }, REQUIRED),
  asEnterprise(
    "enterprise: tax code check digit",
    { taxCode: "0100233480" },
    "validation.taxCodeCheckDigit",
  ),
  asEnterprise(
    "enterprise: tax code branch 000",
    { taxCode: "0100233488-000" },
    "validation.taxCode",
  ),
  asEnterprise(
    "enterprise: tax code all zeros",
    { taxCode: "0000000000" },
    "validation.taxCodeCheckDigit",
  ),
  asEnterprise("enterprise: company address required", { address: "" }, REQUIRED),
  asEnterprise("enterprise: company address length", { address: long(MAX.address + 1) }, TOO_LONG),
  asEnterprise(
    "enterprise: registration number required",
    { businessRegistrationNumber: "" },
    REQUIRED,
  ),
  asEnterprise(
    "enterprise: registration number check digit",
    { businessRegistrationNumber: "0314409050" },
    "validation.businessRegistrationNumberCheckDigit",
  ),
  asEnterprise(
    "enterprise: registration number valid",
    { businessRegistrationNumber: "41030012" },
    "validation.businessRegistrationNumber",
  ),
  asEnterprise(
    "enterprise: licence upload required",
    { licenceFileId: "" },
    "validation.licenceRequired",
  ),
  asEnterprise(
    "enterprise: licence upload missing",
    { licenceFileId: undefined },
    "validation.licenceRequired",
  ),
  asEnterprise("enterprise: representative name required", { representativeName: "" }, REQUIRED),
  asEnterprise(
    "enterprise: representative name length",
    { representativeName: long(MAX.representativeName + 1) },
    TOO_LONG,
  ),
  asEnterprise("enterprise: phone required", { phone: "" }, REQUIRED),
  asEnterprise("enterprise: phone format", { phone: "1900 1234" }, "validation.phoneVietnam"),
  asEnterprise("enterprise: email required", { email: "" }, REQUIRED),
  asEnterprise("enterprise: email format", { email: "lienhe@" }, "validation.email"),
  // Seed §5: "Individual: full name, address, phone required."
  asIndividual("individual: full name required", { fullName: "" }, REQUIRED),
  asIndividual("individual: full name length", { fullName: long(MAX.fullName + 1) }, TOO_LONG),
  asIndividual("individual: address required", { address: " " }, REQUIRED),
  asIndividual("individual: address length", { address: long(MAX.address + 1) }, TOO_LONG),
  asIndividual("individual: phone required", { phone: undefined }, REQUIRED),
  asIndividual("individual: phone format", { phone: "091234567" }, "validation.phoneVietnam"),
  asIndividual("individual: personal ID format", { personalId: "12345" }, "validation.personalId"),
  // Seed §5: "Email required and format-checked; phone format-checked."
  asIndividual("individual: email required", { email: undefined }, REQUIRED),
  asIndividual("individual: email format", { email: "minhanh.example.vn" }, "validation.email"),
  asIndividual("individual: email length", { email: `${long(250)}@x.vn` }, TOO_LONG),
  // The account part of registration.
  asIndividual("registrant type chosen", { type: "" }, "validation.registrantType"),
  asIndividual("password required", { password: "" }, REQUIRED),
  asIndividual("password length", { password: "ngắn quá" }, "validation.passwordTooShort"),
  asIndividual("password maximum length", { password: long(129) }, "validation.passwordTooLong"),
  asIndividual("password not common", { password: "matkhau123" }, "validation.passwordCommon"),
  asIndividual(
    "password not the email",
    { password: "MinhAnh@example.vn" },
    "validation.passwordSameAsEmail",
  ),
  asEnterprise(
    "password not the email's local part",
    { password: "LienHe12345", email: "lienhe12345@example.vn" },
    "validation.passwordSameAsEmail",
  ),
  asIndividual("competition rules accepted", { acceptRules: false }, "validation.acceptRules"),
  asIndividual("email language supported", { lang: "fr" }, "validation.lang"),
  // Sign-in and account operations.
  signIn("sign-in: email required", { email: "" }, REQUIRED),
  signIn("sign-in: password required", { password: "" }, REQUIRED),
  breaking(passwordResetRequestSchema, {})(
    "reset request: email format",
    { email: "a@b" },
    "validation.email",
  ),
  reset("reset: link token present", { token: "" }, "validation.resetLinkInvalid"),
  reset(
    "reset: new password rule",
    { newPassword: "123456789a", confirmPassword: "123456789a" },
    "validation.passwordCommon",
  ),
  reset(
    "reset: confirmation matches",
    { confirmPassword: "hoa sen nở giữa hô" },
    "validation.passwordMismatch",
  ),
  change("change password: current required", { currentPassword: "" }, REQUIRED),
  change(
    "change password: new differs from current",
    {
      newPassword: "cũ".repeat(5),
      currentPassword: "cũ".repeat(5),
      confirmPassword: "cũ".repeat(5),
    },
    "validation.passwordUnchanged",
  ),
  change("change password: confirmation required", { confirmPassword: "" }, REQUIRED),
  change(
    "change password: confirmation matches",
    { confirmPassword: "hoa sen" },
    "validation.passwordMismatch",
  ),
  changeEmail("change email: new email format", { newEmail: "moi@" }, "validation.email"),
  changeEmail("change email: current password required", { currentPassword: "" }, REQUIRED),
  // Profile editing.
  breaking(profileSchemaFor("individual"), individual)(
    "edit profile: type cannot change",
    { type: "enterprise" },
    "validation.registrantTypeLocked",
  ),
  breaking(profileSchemaFor("enterprise"), enterprise)(
    "edit profile: tax code",
    { taxCode: "0000000000" },
    "validation.taxCodeCheckDigit",
  ),
  breaking(profileEditSchema, individual)(
    "edit profile: full name required",
    { fullName: "" },
    REQUIRED,
  ),
];

describe("every registration rule, in both languages", () => {
  it.each(RULES)("$rule", ({ schema, input, path, key }) => {
    expect(problems(schema, input)).toEqual({ [path]: key });
    for (const lang of LANGUAGES) {
      const text = catalogText(lang, key);
      expect(text, `${key} in ${lang}.json`).toBeTruthy();
      expect(text!.trim()).not.toBe("");
    }
    expect(catalogText("vi", key)).not.toBe(catalogText("en", key));
  });
});
