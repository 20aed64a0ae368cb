import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogText } from "./i18n/lookup";
import { LANGUAGES } from "./languages";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password";
import {
  emailChangeSchema,
  enterpriseRegistrationSchema,
  individualRegistrationSchema,
  passwordChangeSchema,
} from "./registration";
import { LICENCE_FILE_RULES, MEBIBYTE } from "./upload-rules";

const coreDir = new URL("./", import.meta.url);

/** Every `validation.*` key written in core's source (not its tests). */
function validationKeysInSource(): string[] {
  const keys = new Set<string>();
  for (const file of readdirSync(coreDir)) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const source = readFileSync(new URL(file, coreDir), "utf8");
    for (const match of source.matchAll(/"(validation\.[A-Za-z]+)"/g)) keys.add(match[1]!);
  }
  return [...keys].sort();
}

describe("validation messages", () => {
  const keys = validationKeysInSource();

  it("are found in the source", () => {
    expect(keys).toContain("validation.taxCode");
    expect(keys).toContain("validation.chatAccountId");
  });

  it.each(keys)("%s has a text in both languages", (key) => {
    for (const lang of LANGUAGES) expect(catalogText(lang, key), `${lang}.json`).toBeTruthy();
  });

  it("state the same limits as the rules", () => {
    const licenceMegabytes = `${LICENCE_FILE_RULES.maxBytes / MEBIBYTE} MB`;
    for (const lang of LANGUAGES) {
      expect(catalogText(lang, "validation.passwordTooShort")).toContain(
        String(PASSWORD_MIN_LENGTH),
      );
      expect(catalogText(lang, "validation.passwordTooLong")).toContain(
        String(PASSWORD_MAX_LENGTH),
      );
      expect(catalogText(lang, "registration.fields.password.hint")).toContain(
        String(PASSWORD_MIN_LENGTH),
      );
      expect(catalogText(lang, "validation.licenceRequired")).toContain(licenceMegabytes);
      expect(catalogText(lang, "validation.licenceTooLarge")).toContain(licenceMegabytes);
      expect(catalogText(lang, "registration.fields.licenceFile.hint")).toContain(licenceMegabytes);
    }
  });
});

describe("registration field labels", () => {
  // The licence field holds the id of the uploaded file; its label is about the file.
  const labelKey = (field: string) =>
    `registration.fields.${field === "licenceFileId" ? "licenceFile" : field}.label`;
  const fields = new Set([
    ...Object.keys(individualRegistrationSchema.shape),
    ...Object.keys(enterpriseRegistrationSchema.shape),
    ...Object.keys(passwordChangeSchema.shape),
    ...Object.keys(emailChangeSchema.shape),
  ]);

  it.each([...fields])("%s has a label in both languages", (field) => {
    for (const lang of LANGUAGES) expect(catalogText(lang, labelKey(field)), lang).toBeTruthy();
  });

  it("name both registrant types", () => {
    for (const lang of LANGUAGES) {
      expect(catalogText(lang, "registration.fields.type.individual")).toBeTruthy();
      expect(catalogText(lang, "registration.fields.type.enterprise")).toBeTruthy();
    }
    expect(catalogText("vi", "registration.fields.type.individual")).toBe("Cá nhân");
    expect(catalogText("vi", "registration.fields.type.enterprise")).toBe("Doanh nghiệp");
  });
});
