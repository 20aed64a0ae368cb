import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogText } from "../../../core/i18n/lookup";
import { LANGUAGES } from "../../../core/languages";

describe("entries messages", () => {
  it("has a text in both languages for every key the service gives", () => {
    const folder = path.dirname(fileURLToPath(import.meta.url));
    const source = readdirSync(folder)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => readFileSync(path.join(folder, name), "utf8"))
      .join("\n");
    const keys = new Set(
      [...source.matchAll(/"((?:entry\.problems|validation)\.[A-Za-z]+)"/g)].map((m) => m[1]!),
    );
    expect(keys.size).toBeGreaterThan(10);
    for (const key of keys) {
      for (const lang of LANGUAGES) expect(catalogText(lang, key), `${lang}: ${key}`).toBeTruthy();
    }
    for (const lang of LANGUAGES) {
      for (const part of ["subject", "intro", "codeLabel", "button", "ignore", "reason"]) {
        expect(catalogText(lang, `email.entryReceipt.${part}`)).toBeTruthy();
      }
    }
  });
});
