import { PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../test-support/pdf-text";
import { demoDocumentPdf } from "./demo-documents-pdf";

describe("the demo entries' documents", () => {
  it("read in Vietnamese with every diacritic, and in English", async () => {
    const vi = await pdfText(await demoDocumentPdf("ideaVi"));
    expect(vi).toContain("Bài viết ý tưởng");
    expect(vi).toContain("Thấu hiểu");
    expect(vi).toMatch(/những chuyến xe về\s+quê dịp Tết/);
    const en = await pdfText(await demoDocumentPdf("ideaEn"));
    expect(en).toContain("Idea article");
    expect(en).toContain("Insight");
    expect(await pdfText(await demoDocumentPdf("legalCommitment"))).toContain("Cam kết pháp lý");
  });

  it("name their maker in the information dictionary and XMP only when given one", async () => {
    const signed = await PDFDocument.load(await demoDocumentPdf("ideaVi", "Nguyễn Văn Tác Giả"), {
      updateMetadata: false,
    });
    expect(signed.getAuthor()).toBe("Nguyễn Văn Tác Giả");
    expect(signed.catalog.has(PDFName.of("Metadata"))).toBe(true);
    // The XMP stream is UTF-8, so readers that prefer it show the name as written.
    const xmp = Buffer.from(await demoDocumentPdf("ideaVi", "Nguyễn Văn Tác Giả")).toString("utf8");
    expect(xmp).toContain("<rdf:li>Nguyễn Văn Tác Giả</rdf:li>");
    const plain = await PDFDocument.load(await demoDocumentPdf("ideaVi"), {
      updateMetadata: false,
    });
    expect(plain.getAuthor()).toBeUndefined();
    expect(plain.catalog.has(PDFName.of("Metadata"))).toBe(false);
  });
});
