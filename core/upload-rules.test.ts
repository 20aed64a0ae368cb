import { describe, expect, it } from "vitest";
import {
  LICENCE_FILE_RULES,
  LICENCE_IMAGE_MAX_BYTES,
  MEBIBYTE,
  acceptAttribute,
  fileProblem,
  licenceFileProblemMessage,
  licenceMaxBytes,
} from "./upload-rules";

describe("LICENCE_FILE_RULES", () => {
  it("accepts PDF up to 50 MB, JPEG and PNG up to 20 MB", () => {
    expect(LICENCE_FILE_RULES.maxBytes).toBe(50 * MEBIBYTE);
    expect(LICENCE_IMAGE_MAX_BYTES).toBe(20 * MEBIBYTE);
    expect(licenceMaxBytes("application/pdf")).toBe(50 * MEBIBYTE);
    expect(licenceMaxBytes("image/jpeg")).toBe(20 * MEBIBYTE);
    expect(licenceMaxBytes("IMAGE/PNG")).toBe(20 * MEBIBYTE);
    expect(acceptAttribute(LICENCE_FILE_RULES)).toBe(
      ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png",
    );
  });

  it.each([
    ["giay-phep.pdf", "application/pdf"],
    ["GIAY PHEP.PDF", "application/pdf"],
    ["scan.jpg", "image/jpeg"],
    ["scan.JPEG", "image/jpeg"],
    ["anh.png", "image/png"],
    ["anh.png", ""],
    ["giấy phép.pdf", "application/pdf; charset=binary"],
  ])("accepts %j declared as %j", (name, type) => {
    expect(fileProblem(LICENCE_FILE_RULES, { name, size: 1000, type })).toBeNull();
  });

  it("accepts exactly 50 MB and refuses one byte more", () => {
    const file = { name: "a.pdf", type: "application/pdf" };
    expect(fileProblem(LICENCE_FILE_RULES, { ...file, size: 50 * MEBIBYTE })).toBeNull();
    expect(fileProblem(LICENCE_FILE_RULES, { ...file, size: 50 * MEBIBYTE + 1 })).toBe("tooLarge");
  });

  it.each([
    ["a.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["a.gif", "image/gif"],
    ["a.pdf.exe", "application/pdf"],
    ["a.pdf", "text/html"],
    ["pdf", "application/pdf"],
  ])("refuses %j declared as %j", (name, type) => {
    expect(fileProblem(LICENCE_FILE_RULES, { name, size: 1000, type })).toBe("type");
  });

  it("refuses an empty file", () => {
    expect(fileProblem(LICENCE_FILE_RULES, { name: "a.pdf", size: 0, type: "" })).toBe("empty");
  });

  it("names each problem with an i18n key", () => {
    const pdf = { name: "a.pdf", type: "application/pdf" };
    expect(licenceFileProblemMessage({ ...pdf, size: 10 })).toBeNull();
    expect(licenceFileProblemMessage({ ...pdf, size: 0 })).toBe("validation.licenceEmpty");
    expect(licenceFileProblemMessage({ ...pdf, size: 50 * MEBIBYTE })).toBeNull();
    expect(licenceFileProblemMessage({ ...pdf, size: 50 * MEBIBYTE + 1 })).toBe(
      "validation.licenceTooLarge",
    );
    // A scan or photo is held to the image limit, whatever type the browser declared.
    for (const picture of [
      { name: "scan.jpg", type: "image/jpeg" },
      { name: "scan.PNG", type: "" },
    ]) {
      expect(licenceFileProblemMessage({ ...picture, size: 20 * MEBIBYTE })).toBeNull();
      expect(licenceFileProblemMessage({ ...picture, size: 20 * MEBIBYTE + 1 })).toBe(
        "validation.licenceTooLarge",
      );
    }
    expect(licenceFileProblemMessage({ name: "a.gif", type: "image/gif", size: 10 })).toBe(
      "validation.licenceType",
    );
  });
});
