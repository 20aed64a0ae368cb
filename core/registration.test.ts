import { zodResolver } from "@hookform/resolvers/zod";
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
  type RegistrationInput,
} from "./registration";

/** The i18n keys of the problems zod reports, by field path. */
function problems(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

const individual = {
  type: "individual",
  fullName: "Nguyễn Thị Minh Anh",
  phone: "0912 345 678",
  email: "minhanh@example.vn",
  address: "12 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh",
  password: "hoa sen nở giữa hồ",
  acceptRules: true,
} satisfies RegistrationInput;

const enterprise = {
  type: "enterprise",
  companyName: "Công ty Cổ phần Sáng tạo Vạn Xuân",
  businessRegistrationNumber: "0100233488",
  taxCode: "0100233488",
  representativeName: "Trần Văn Bình",
  phone: "028 3822 1234",
  email: "lienhe@vanxuan.example",
  address: "1 Tràng Tiền, Hoàn Kiếm, Hà Nội",
  licenceFileId: "file_01HZX3",
  password: "bánh mì Hội An giòn tan",
  acceptRules: true,
} satisfies RegistrationInput;

describe("registrationSchema", () => {
  it("accepts an individual and normalises the values", () => {
    const parsed = registrationSchema.parse({
      ...individual,
      fullName: "  Nguyễn   Thị Minh Anh ",
      email: "  MinhAnh@Example.VN ",
      personalId: "079 203 000 001",
      lang: "en",
    });
    expect(parsed).toEqual({
      ...individual,
      fullName: "Nguyễn Thị Minh Anh",
      phone: "+84912345678",
      email: "minhanh@example.vn",
      personalId: "079203000001",
      lang: "en",
    });
  });

  it("accepts an enterprise and normalises the values", () => {
    const parsed = registrationSchema.parse({
      ...enterprise,
      taxCode: "0100233488 001",
      phone: "+84 28 3822 1234",
    });
    expect(parsed).toEqual({ ...enterprise, taxCode: "0100233488-001", phone: "+842838221234" });
  });

  it("gives the same result when its own output is parsed again (browser, then server)", () => {
    for (const input of [individual, enterprise]) {
      const once = registrationSchema.parse(input);
      expect(registrationSchema.parse(once)).toEqual(once);
    }
  });

  it("composes Vietnamese text typed with combining diacritics (NFC)", () => {
    const parsed = registrationSchema.parse({
      ...individual,
      fullName: individual.fullName.normalize("NFD"),
    });
    expect(parsed.type === "individual" && parsed.fullName).toBe(individual.fullName);
  });

  it("leaves out the personal ID when none is given, as an empty string", () => {
    const parsed = registrationSchema.parse({ ...individual, personalId: "" });
    expect(parsed.type === "individual" && parsed.personalId).toBe("");
  });

  it("keeps only the chosen type's fields", () => {
    const parsed = registrationSchema.parse({ ...individual, companyName: "Left over" });
    expect(parsed).not.toHaveProperty("companyName");
  });

  it("requires a registrant type", () => {
    expect(problems(registrationSchema, { ...individual, type: undefined })).toEqual({
      type: "validation.registrantType",
    });
    expect(problems(registrationSchema, { ...individual, type: "agency" })).toEqual({
      type: "validation.registrantType",
    });
  });

  it("reports every missing field at once, each on its own path", () => {
    expect(problems(registrationSchema, { type: "enterprise" })).toEqual({
      companyName: "validation.required",
      businessRegistrationNumber: "validation.required",
      taxCode: "validation.required",
      representativeName: "validation.required",
      phone: "validation.required",
      address: "validation.required",
      licenceFileId: "validation.licenceRequired",
      email: "validation.required",
      password: "validation.required",
      acceptRules: "validation.acceptRules",
    });
  });

  it("checks the password against the email even while other fields have problems", () => {
    expect(
      problems(registrationSchema, {
        ...individual,
        fullName: "",
        password: "MinhAnh@Example.vn",
      }),
    ).toEqual({ fullName: "validation.required", password: "validation.passwordSameAsEmail" });
  });

  it("reports one problem per field", () => {
    const issues = registrationSchema.safeParse({ ...individual, password: "x" }).error!.issues;
    expect(issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["password", "validation.passwordTooShort"],
    ]);
  });

  it("accepts only the site's languages for emails", () => {
    expect(problems(registrationSchema, { ...individual, lang: "fr" })).toEqual({
      lang: "validation.lang",
    });
  });

  it("works with react-hook-form's zodResolver: errors land on the right fields", async () => {
    const resolver = zodResolver(registrationSchema);
    const result = await resolver(
      { ...enterprise, taxCode: "0100233480", acceptRules: false },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors).toMatchObject({
      taxCode: { message: "validation.taxCode" },
      acceptRules: { message: "validation.acceptRules" },
    });
    const ok = await resolver(enterprise, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ phone: "+842838221234" });
  });
});

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
  asEnterprise("enterprise: tax code check digit", { taxCode: "0100233480" }, "validation.taxCode"),
  asEnterprise(
    "enterprise: tax code branch 000",
    { taxCode: "0100233488-000" },
    "validation.taxCode",
  ),
  asEnterprise("enterprise: tax code all zeros", { taxCode: "0000000000" }, "validation.taxCode"),
  asEnterprise("enterprise: company address required", { address: "" }, REQUIRED),
  asEnterprise("enterprise: company address length", { address: long(MAX.address + 1) }, TOO_LONG),
  asEnterprise(
    "enterprise: registration number required",
    { businessRegistrationNumber: "" },
    REQUIRED,
  ),
  asEnterprise(
    "enterprise: registration number valid",
    { businessRegistrationNumber: "4103001234" },
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
    "validation.taxCode",
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
