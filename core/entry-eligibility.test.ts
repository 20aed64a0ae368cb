import { describe, expect, it } from "vitest";
import {
  categoryOpenTo,
  categoryProblem,
  imageAdditionProblem,
  videoAdditionProblem,
} from "./entry-eligibility";

describe("adding files", () => {
  it("rejects a video when one is already present", () => {
    expect(videoAdditionProblem({})).toBeNull();
    expect(videoAdditionProblem({ videoFileId: "", videoLink: "" })).toBeNull();
    expect(videoAdditionProblem({ videoFileId: "vid_1" })).toBe("validation.entryVideoPresent");
    // Past submission a new film replaces the video there, film or link.
    expect(videoAdditionProblem({ videoFileId: "vid_1" }, { replaces: true })).toBeNull();
    expect(
      videoAdditionProblem({ videoLink: "https://vimeo.com/76979871" }, { replaces: true }),
    ).toBeNull();
    expect(videoAdditionProblem({ videoLink: "https://vimeo.com/76979871" })).toBe(
      "validation.entryVideoPresent",
    );
  });

  it("rejects a 13th image", () => {
    expect(imageAdditionProblem({})).toBeNull();
    expect(
      imageAdditionProblem({ imageIds: Array.from({ length: 11 }, (_, i) => `i${i}`) }),
    ).toBeNull();
    expect(imageAdditionProblem({ imageIds: Array.from({ length: 12 }, (_, i) => `i${i}`) })).toBe(
      "validation.entryImagesMax",
    );
  });
});

describe("categories open to a registrant", () => {
  const agencies = { allowIndividual: false, allowEnterprise: true };
  const talents = { allowIndividual: true, allowEnterprise: true };
  it("keep enterprise-only categories from individuals", () => {
    expect(categoryOpenTo(agencies, "enterprise")).toBe(true);
    expect(categoryOpenTo(agencies, "individual")).toBe(false);
    expect(categoryProblem(agencies, "individual")).toBe("validation.entryCategoryNotOpen");
    expect(categoryProblem(talents, "individual")).toBeNull();
  });
});
