import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogText } from "./i18n/lookup";
import { LANGUAGES } from "./languages";

describe("entry messages", () => {
  const texts = [
    "entry-code",
    "entry-limits",
    "entry",
    "entry-eligibility",
    "entry-status",
    "video-link",
    "fees",
  ]
    .map((name) => readFileSync(new URL(`./${name}.ts`, import.meta.url), "utf8"))
    .join("\n");
  const keys = [
    ...new Set(
      [...texts.matchAll(/"((?:validation|entry)\.[A-Za-z_.]+[A-Za-z_])"/g)].map((m) => m[1]!),
    ),
  ];
  const uploadKeys = [
    "entry.upload.videoFailed",
    "entry.upload.imageFailed",
    "entry.upload.legalCommitmentFailed",
    "entry.upload.copyrightCommitmentFailed",
    "entry.upload.videoSucceeded",
  ];

  it.each([...keys, ...uploadKeys])("%s has a text in both languages", (key) => {
    for (const lang of LANGUAGES) expect(catalogText(lang, key), lang).toBeTruthy();
  });

  it("include the seed's upload messages", () => {
    expect(catalogText("en", "entry.upload.videoFailed")).toBe(
      "Video upload failed, please re-upload!",
    );
    expect(catalogText("en", "entry.upload.imageFailed")).toBe(
      "Image upload failed, please re-upload!",
    );
    expect(catalogText("en", "entry.upload.videoSucceeded")).toBe("Video upload successful!");
  });
});
