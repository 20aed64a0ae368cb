import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { catalogText } from "../../../core/i18n/lookup";
import vi from "../../../core/i18n/vi.json";
import { createI18n } from "../../i18n/i18n";
import { StandingMissingList } from "./missing-list";
import { EMPTY_VALUES, type EntryFormValues } from "./types";

/** The list as the page renders it before hydration: from the values the server rendered. */
function standing(
  saved: Record<string, unknown>,
  unjudgeableFileIds: string[],
  values: Partial<EntryFormValues> = {},
) {
  const serverValues = { ...EMPTY_VALUES, ...values };
  function List() {
    const form = useForm<EntryFormValues>({ defaultValues: serverValues });
    return createElement(StandingMissingList, {
      form,
      saved,
      serverValues,
      options: { videoRequired: true, unjudgeableFileIds },
    });
  }
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: createI18n("vi", vi) }, createElement(List)),
  );
}

describe("what a submitted entry lacks, on its page", () => {
  const complete = {
    trackId: "1",
    categoryId: "2",
    brandName: "Trà Xanh",
    campaignName: "Mùa hè",
    descriptionVi: "Mô tả",
    descriptionEn: "Description",
    startMonth: "3",
    startYear: "2025",
    imageIds: ["image-1"],
    videoFileId: "film-1",
    videoLink: "",
    ideaArticleViFileId: "idea-1",
    legalCommitmentFileId: "legal-1",
    copyrightCommitmentFileId: "copyright-1",
  };

  it("lists nothing for a complete entry", () => {
    expect(standing(complete, [], { brandName: "Trà Xanh" })).toBe("");
  });

  it("does not count a film or document judges cannot receive, as submission does", () => {
    const html = standing(complete, ["film-1", "idea-1"]);
    expect(html).toContain(catalogText("vi", "validation.entryVideoUnjudgeable"));
    expect(html).toContain(catalogText("vi", "validation.entryIdeaArticleUnjudgeable"));
    expect(html).not.toContain('role="alert"');
    // A link typed in place of the film meets the requirement.
    const linked = standing(complete, ["film-1"], { videoLink: "https://youtu.be/dQw4w9WgXcQ" });
    expect(linked).toBe("");
  });

  it("goes by what is typed over what was loaded, an emptied field not counting", () => {
    const older = { ...complete, descriptionEn: "" };
    expect(standing(older, [])).toContain(
      catalogText("vi", "validation.entryDescriptionEnRequired"),
    );
    expect(standing(older, [], { descriptionEn: "Typed now" })).toBe("");
    // Emptying a field of a submitted entry is not saved (the field is marked instead).
    expect(standing(complete, [], { descriptionVi: "" })).toBe("");
  });
});
