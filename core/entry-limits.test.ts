import { describe, expect, it } from "vitest";
import {
  ENTRY_FILE_FIELDS,
  ENTRY_FILE_RULES,
  ENTRY_IMAGE_RULES,
  ENTRY_TEXT_MAX_LENGTH,
  ENTRY_VIDEO_RULES,
  GIBIBYTE,
  countCharacters,
  entryFileProblemMessage,
} from "./entry-limits";
import { catalogText } from "./i18n/lookup";
import { LANGUAGES } from "./languages";
import { MEBIBYTE, acceptAttribute } from "./upload-rules";

describe("entry file limits", () => {
  it("take images up to 20 MB as JPEG, PNG or WebP", () => {
    const photo = { name: "KV-Tet-2026.JPG", size: 20 * MEBIBYTE, type: "image/jpeg" };
    expect(entryFileProblemMessage("images", photo)).toBeNull();
    expect(
      entryFileProblemMessage("images", { ...photo, name: "kv.webp", type: "image/webp" }),
    ).toBeNull();
    expect(entryFileProblemMessage("images", { ...photo, size: 21 * MEBIBYTE })).toBe(
      "validation.entryImageTooLarge",
    );
    expect(entryFileProblemMessage("images", { ...photo, name: "kv.gif", type: "image/gif" })).toBe(
      "validation.entryImageType",
    );
    expect(entryFileProblemMessage("images", { ...photo, size: 0 })).toBe(
      "validation.entryFileEmpty",
    );
  });

  it("take a video up to 1 GB as MP4, MOV or WebM", () => {
    const film = { name: "TVC_60s_master.mov", size: GIBIBYTE, type: "video/quicktime" };
    expect(entryFileProblemMessage("video", film)).toBeNull();
    expect(entryFileProblemMessage("video", { ...film, size: GIBIBYTE + 1 })).toBe(
      "validation.entryVideoTooLarge",
    );
    expect(
      entryFileProblemMessage("video", { ...film, name: "film.avi", type: "video/x-msvideo" }),
    ).toBe("validation.entryVideoType");
  });

  it("take PDF documents up to 50 MB, and PPTX for slides only", () => {
    const deck = {
      name: "Y-tuong.pptx",
      size: 12 * MEBIBYTE,
      type: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    };
    expect(entryFileProblemMessage("slidesVi", deck)).toBeNull();
    expect(entryFileProblemMessage("ideaArticleEn", deck)).toBe("validation.entryDocumentType");
    expect(entryFileProblemMessage("legalCommitment", deck)).toBe("validation.entryDocumentType");
    const pdf = { name: "cam-ket-ban-quyen.pdf", size: 50 * MEBIBYTE, type: "application/pdf" };
    expect(entryFileProblemMessage("copyrightCommitment", pdf)).toBeNull();
    expect(
      entryFileProblemMessage("copyrightCommitment", { ...pdf, size: 50 * MEBIBYTE + 1 }),
    ).toBe("validation.entryDocumentTooLarge");
    expect(entryFileProblemMessage("slidesEn", { ...deck, name: "deck.key", type: "" })).toBe(
      "validation.entrySlidesType",
    );
  });

  it("give every field an accept attribute", () => {
    for (const field of ENTRY_FILE_FIELDS) {
      expect(acceptAttribute(ENTRY_FILE_RULES[field]).split(",").length).toBeGreaterThan(1);
    }
    expect(acceptAttribute(ENTRY_IMAGE_RULES)).toBe(
      ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp",
    );
    expect(ENTRY_VIDEO_RULES.maxBytes).toBe(1024 ** 3);
  });

  it("count characters as people do", () => {
    expect(countCharacters("Chiến dịch Tết")).toBe(14);
    // "ế" typed as e + two combining marks is still one character.
    expect(countCharacters("Chie\u0302\u0301n")).toBe(5);
    expect(countCharacters("Tết 🎉")).toBe(5);
  });

  it("are stated by the messages", () => {
    const max = ENTRY_TEXT_MAX_LENGTH.descriptionVi;
    expect(catalogText("vi", "validation.entryDescriptionTooLong")).toContain(
      max.toLocaleString("vi-VN"),
    );
    expect(catalogText("en", "validation.entryDescriptionTooLong")).toContain(
      max.toLocaleString("en-GB"),
    );
    for (const lang of LANGUAGES) {
      expect(catalogText(lang, "validation.entryImageTooLarge")).toContain("20 MB");
      expect(catalogText(lang, "validation.entryVideoTooLarge")).toContain("1 GB");
      expect(catalogText(lang, "validation.entryDocumentTooLarge")).toContain("50 MB");
      expect(catalogText(lang, "validation.entryImagesMax")).toContain("12");
    }
  });
});
