import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it } from "vitest";
import { isEmailLinkNext, registrationSchema, signInFirstFor } from "./registration";
import { enterprise, individual, problems } from "./registration-fixtures";

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
      taxCode: { message: "validation.taxCodeCheckDigit" },
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

describe("a change-of-email link opened where its account is not signed in", () => {
  const link = (callbackURL: string) =>
    new URL(
      `https://vanxuan.vn/api/auth/verify-email?token=a.b.c&callbackURL=${encodeURIComponent(callbackURL)}`,
    );

  it("signs in first, in the language of the link's landing page, then comes back to it", () => {
    const vi = link("https://vanxuan.vn/tai-khoan?emailChanged=1");
    expect(signInFirstFor(vi)).toBe(
      `/dang-nhap?next=${encodeURIComponent(vi.pathname + vi.search)}`,
    );
    const en = link("/en/tai-khoan?emailChanged=1");
    expect(signInFirstFor(en)).toBe(
      `/en/dang-nhap?next=${encodeURIComponent(en.pathname + en.search)}`,
    );
    expect(signInFirstFor(new URL("https://vanxuan.vn/api/auth/verify-email?token=x"))).toMatch(
      /^\/dang-nhap\?next=/,
    );
  });

  it("knows the emailed link among the places to go after signing in", () => {
    expect(isEmailLinkNext("/api/auth/verify-email?token=a.b.c")).toBe(true);
    expect(isEmailLinkNext("/api/auth/verify-email")).toBe(false);
    expect(isEmailLinkNext("/api/auth/reset-password/abc")).toBe(false);
    expect(isEmailLinkNext("/tai-khoan")).toBe(false);
    expect(isEmailLinkNext(null)).toBe(false);
  });
});
