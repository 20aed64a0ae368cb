import { describe, expect, it } from "vitest";
import { holdsPatch, savablePatch, unsavableFields } from "./autosave";
import { EMPTY_VALUES, type EntryFormValues } from "./types";

const values = (change: Partial<EntryFormValues>): EntryFormValues => ({
  ...EMPTY_VALUES,
  ...change,
});

describe("what an autosave sends", () => {
  it("sends every field the draft schema accepts", () => {
    const patch = savablePatch(
      values({ brandName: "Cà phê Phố Cổ", startMonth: "3", startYear: "2025" }),
    );
    expect(patch).toMatchObject({ brandName: "Cà phê Phố Cổ", startMonth: "3", startYear: "2025" });
    expect(patch.credits).toEqual({ companies: [], people: [] });
  });

  it("keeps a field that is not valid yet out, and saves the rest", () => {
    const patch = savablePatch(
      values({
        brandName: "Lotus",
        descriptionVi: "ữ".repeat(2001),
        videoLink: "https://evil.example/v",
      }),
    );
    expect(patch.brandName).toBe("Lotus");
    expect(patch).not.toHaveProperty("descriptionVi");
    expect(patch).not.toHaveProperty("videoLink");
  });

  it("leaves the end of the period out while it is before the start, and says why", () => {
    const early = values({ startMonth: "9", startYear: "2025", endMonth: "1", endYear: "2025" });
    const patch = savablePatch(early);
    expect(patch.startMonth).toBe("9");
    expect(patch).not.toHaveProperty("endMonth");
    expect(patch).not.toHaveProperty("endYear");
    // The page marks the end with the reason once the rest is saved (and keeps it locally).
    expect(unsavableFields(early)).toEqual({
      endMonth: "validation.entryPeriodOrder",
      endYear: "",
    });
    expect(unsavableFields(values({ brandName: "Lotus" }))).toEqual({});
  });

  it("drops empty credit rows and holds back half-filled ones", () => {
    const empty = savablePatch(
      values({ credits: { companies: [{ name: "", role: "" }], people: [] } }),
    );
    expect(empty.credits).toEqual({ companies: [], people: [] });
    const half = savablePatch(
      values({
        brandName: "Lotus",
        credits: { companies: [], people: [{ name: "Lê Minh Châu", role: "" }] },
      }),
    );
    expect(half).not.toHaveProperty("credits");
    expect(half.brandName).toBe("Lotus");
  });
});

describe("telling our own lost save from another tab's", () => {
  it("holds the patch when the server has every field as it was sent", () => {
    const sent = values({
      brandName: "Cà phê Phố Cổ",
      credits: { companies: [{ name: "Sông Hồng", role: "Agency" }], people: [] },
    });
    const server = values({
      brandName: "Cà phê Phố Cổ",
      credits: { companies: [{ name: "Sông Hồng", role: "Agency" }], people: [] },
    });
    expect(holdsPatch(server, savablePatch(sent))).toBe(true);
  });

  it("does not when another tab saved something else", () => {
    const sent = values({ brandName: "Tab một" });
    expect(holdsPatch(values({ brandName: "Tab hai" }), savablePatch(sent))).toBe(false);
    expect(
      holdsPatch(
        values({
          brandName: "Tab một",
          credits: { companies: [], people: [{ name: "A", role: "B" }] },
        }),
        savablePatch(sent),
      ),
    ).toBe(false);
  });
});

describe("what an autosave of a submitted entry sends", () => {
  const saved = values({
    trackId: "1",
    categoryId: "2",
    brandName: "Lotus",
    campaignName: "Mùa hoa sen",
    descriptionVi: "Mô tả",
    descriptionEn: "Description",
    startMonth: "1",
    startYear: "2026",
    videoLink: "https://vimeo.com/76979871",
  });
  const keepComplete = {
    saved: {
      ...saved,
      imageIds: ["a", "b", "c"],
      ideaArticleViFileId: "idea",
      legalCommitmentFileId: "legal",
      copyrightCommitmentFileId: "copyright",
    },
    options: { videoRequired: true },
  };

  it("keeps a required field emptied here, marked with its message, and sends the rest", () => {
    const edited = { ...saved, descriptionVi: "", brandName: "Lotus Việt" };
    const patch = savablePatch(edited, keepComplete);
    expect(patch).not.toHaveProperty("descriptionVi");
    expect(patch.brandName).toBe("Lotus Việt");
    expect(unsavableFields(edited, keepComplete)).toEqual({
      descriptionVi: "validation.entryDescriptionViRequired",
    });
    // The required video's link, emptied, is marked at the link.
    expect(unsavableFields({ ...saved, videoLink: "" }, keepComplete)).toEqual({
      videoLink: "validation.entryVideoRequired",
    });
    // A draft sends it.
    expect(savablePatch(edited)).toHaveProperty("descriptionVi", "");
  });
});
