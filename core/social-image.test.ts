import { describe, expect, it } from "vitest";
import {
  entryOgImagePath,
  newsOgImagePath,
  parseEntryOgFile,
  parseNewsOgFile,
} from "./social-image";

const ENTRY = "5d1c2b3a-0000-4c1e-9d7a-2f2d3f1e0a77";

describe("link preview addresses", () => {
  it("name a news article or an entry, and the language of its card", () => {
    expect(newsOgImagePath(12, "vi")).toBe("/og/tin-tuc/12.jpg");
    expect(newsOgImagePath(12, "en")).toBe("/og/tin-tuc/12-en.jpg");
    expect(entryOgImagePath(ENTRY, "vi")).toBe(`/og/bai-thi/${ENTRY}.jpg`);
    expect(entryOgImagePath(ENTRY, "en")).toBe(`/og/bai-thi/${ENTRY}-en.jpg`);
  });

  it("read back only what they write", () => {
    expect(parseNewsOgFile("12.jpg")).toEqual({ id: 12, lang: "vi" });
    expect(parseNewsOgFile("12-en.jpg")).toEqual({ id: 12, lang: "en" });
    expect(parseEntryOgFile(`${ENTRY.toUpperCase()}-en.jpg`)).toEqual({ id: ENTRY, lang: "en" });
    for (const file of ["0.jpg", "012.jpg", "12.png", "12-fr.jpg", "-1.jpg", "1e3.jpg", "12.jpg/x"])
      expect(parseNewsOgFile(file), file).toBeNull();
    for (const file of ["12.jpg", `${ENTRY}.png`, `${ENTRY}x.jpg`])
      expect(parseEntryOgFile(file), file).toBeNull();
  });
});
