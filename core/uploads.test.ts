import { describe, expect, it } from "vitest";
import {
  displayFileName,
  isEntryFileField,
  newUploadMetadata,
  uploadErrorKey,
  uploadFailedMessage,
  uploadFailure,
  uploadLengthHeader,
} from "./uploads";

describe("displayFileName", () => {
  it("keeps only the last path segment, without control characters or leading dots", () => {
    expect(displayFileName("../../../etc/passwd")).toBe("passwd");
    expect(displayFileName("..\\..\\windows\\win.ini")).toBe("win.ini");
    expect(displayFileName("a\u0000b\u001fc\u007f.png")).toBe("abc.png");
    expect(displayFileName("..")).toBe("file");
    expect(displayFileName("   ")).toBe("file");
    expect(displayFileName(".htaccess")).toBe("htaccess");
    expect(displayFileName("Phim du thi – Vạn Xuân.mp4")).toBe("Phim du thi – Vạn Xuân.mp4");
    expect(Array.from(displayFileName("ữ".repeat(500))).length).toBe(200);
  });

  it("drops the marks that reorder or hide text, so a name reads as it is", () => {
    expect(displayFileName("anh\u202Egpj.exe")).toBe("anhgpj.exe");
    expect(displayFileName("a\u2066b\u2069\u200b\u200f\ufeff.png")).toBe("ab.png");
  });
});

describe("upload messages", () => {
  it("reads the server's key, or falls back to the field's seed §8 failure message", () => {
    expect(uploadErrorKey('{"error":"validation.entryImageTooLarge"}', "images")).toBe(
      "validation.entryImageTooLarge",
    );
    // A fault of the server has its own reason, shown after the field's failure message.
    expect(uploadErrorKey('{"error":"upload.serverError"}', "video")).toBe("upload.serverError");
    expect(uploadErrorKey("<html>Bad gateway</html>", "video")).toBe("entry.upload.videoFailed");
    expect(uploadErrorKey('{"error":"<script>"}', "images")).toBe("entry.upload.imageFailed");
    expect(uploadErrorKey(null, "legalCommitment")).toBe("entry.upload.legalCommitmentFailed");
    expect(uploadFailedMessage("copyrightCommitment")).toBe(
      "entry.upload.copyrightCommitmentFailed",
    );
    expect(uploadFailedMessage("slidesEn")).toBe("upload.documentFailed");
  });

  it("does not ask for a new upload once the entry no longer takes files", () => {
    expect(uploadFailure("images", "validation.entryImageTooLarge")).toEqual({
      error: "entry.upload.imageFailed",
      reason: "validation.entryImageTooLarge",
    });
    expect(uploadFailure("video", undefined)).toEqual({
      error: "entry.upload.videoFailed",
      reason: undefined,
    });
    // The deadline passed while the file was on its way: only that is said.
    expect(uploadFailure("images", "entry.problems.submissionClosed")).toEqual({
      error: "entry.problems.submissionClosed",
      reason: undefined,
    });
  });

  it("knows the entry file fields", () => {
    expect(isEntryFileField("video")).toBe(true);
    expect(isEntryFileField("../video")).toBe(false);
    expect(isEntryFileField(undefined)).toBe(false);
  });
});

describe("a new upload's declared facts", () => {
  it("takes a plain decimal length only", () => {
    expect(uploadLengthHeader.parse("1048576")).toBe(1048576);
    for (const bad of [undefined, "", "-1", "1e6", "0x10", "12 ", "1".repeat(16)]) {
      expect(uploadLengthHeader.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("needs the entry, a known field and a file name; the type may be missing", () => {
    expect(
      newUploadMetadata.parse({ entryId: "e1", field: "video", filename: "a.mp4", filetype: null }),
    ).toEqual({ entryId: "e1", field: "video", filename: "a.mp4", filetype: "" });
    for (const bad of [
      { entryId: "", field: "video", filename: "a.mp4" },
      { entryId: "e1", field: "poster", filename: "a.mp4" },
      { entryId: "e1", field: "video", filename: null },
    ]) {
      expect(newUploadMetadata.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
