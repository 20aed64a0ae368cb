import { describe, expect, it } from "vitest";
import { criteriaDocumentSchema } from "../../../core/content-admin";
import { fieldRefusal } from "../../../core/refusal";
import { testDatabases } from "../../test-support/databases";
import { accepted, contentTestBed, EDITOR } from "./test-bed";

// Uploading, replacing and deleting a season's criteria PDFs.

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

describe.each(testDatabases())("saving criteria documents on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const bed = contentTestBed(target);

    it("uploads and replaces a season's criteria PDF per language; the chrome shows the new one", async () => {
      const input = criteriaDocumentSchema.parse({ year: "2026", lang: "en", title: "" });
      const first = accepted(
        await bed.services.contentAdmin.saveDocument(EDITOR, input, PDF),
      ).document;
      expect(first.title).toBe("Award criteria 2026");
      const second = accepted(
        await bed.services.contentAdmin.saveDocument(EDITOR, input, PDF),
      ).document;
      const en = (await bed.services.documents.ofSeason(2026, "criteria")).filter(
        (d) => d.lang === "en",
      );
      expect(en.map((d) => d.id)).toEqual([second.id]);
      expect((await bed.services.documents.criteriaUrls(2026)).en).toBe(second.url);
      expect((await bed.auditRows("document.replace"))[0]).toMatchObject({
        target_type: "document",
        target_id: String(second.id),
      });

      expect(
        await bed.services.contentAdmin.saveDocument(
          EDITOR,
          input,
          Buffer.from('<svg onload="alert(1)"></svg>'),
        ),
      ).toEqual(fieldRefusal({ file: "adminContent.errors.documentNotPdf" }));
      expect(await bed.services.contentAdmin.saveDocument(EDITOR, input, new Uint8Array())).toEqual(
        fieldRefusal({ file: "adminContent.errors.documentEmpty" }),
      );
      // A refused file leaves the current one in place.
      expect((await bed.services.documents.criteriaUrls(2026)).en).toBe(second.url);

      expect((await bed.services.contentAdmin.deleteDocument(EDITOR, second.id)).ok).toBe(true);
      expect(
        (await bed.services.documents.ofSeason(2026, "criteria")).some((d) => d.lang === "en"),
      ).toBe(false);
      expect(criteriaDocumentSchema.safeParse({ year: 2026, lang: "fr" }).success).toBe(false);
      expect(
        await bed.services.contentAdmin.saveDocument(
          EDITOR,
          criteriaDocumentSchema.parse({ year: 2031, lang: "vi" }),
          PDF,
        ),
      ).toEqual(fieldRefusal({ year: "adminContent.errors.year" }));
    });
  });
});
