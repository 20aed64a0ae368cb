import { describe, expect, it } from "vitest";
import { displayFileName, isEntryFileField, uploadErrorKey, uploadFailedMessage } from "./uploads";

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
});

describe("upload messages", () => {
  it("reads the server's key, or falls back to the field's seed §8 failure message", () => {
    expect(uploadErrorKey('{"error":"validation.entryImageTooLarge"}', "images")).toBe(
      "validation.entryImageTooLarge",
    );
    expect(uploadErrorKey("<html>Bad gateway</html>", "video")).toBe("entry.upload.videoFailed");
    expect(uploadErrorKey('{"error":"<script>"}', "images")).toBe("entry.upload.imageFailed");
    expect(uploadErrorKey(null, "legalCommitment")).toBe("entry.upload.legalCommitmentFailed");
    expect(uploadFailedMessage("copyrightCommitment")).toBe(
      "entry.upload.copyrightCommitmentFailed",
    );
    expect(uploadFailedMessage("slidesEn")).toBe("upload.documentFailed");
  });

  it("knows the entry file fields", () => {
    expect(isEntryFileField("video")).toBe(true);
    expect(isEntryFileField("../video")).toBe(false);
    expect(isEntryFileField(undefined)).toBe(false);
  });
});
