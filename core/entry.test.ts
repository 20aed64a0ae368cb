import { describe, expect, it } from "vitest";
import {
  cleanMultilineText,
  entryDraftSchema,
  entrySubmissionSchema,
  entrySubmissionSchemaFor,
  missingItems,
  missingRequirements,
  newlyMissing,
  type EntryDraftInput,
} from "./entry";
import { ENTRY_CREDITS_MAX, ENTRY_TEXT_MAX_LENGTH } from "./entry-limits";
import { catalogText } from "./i18n/lookup";
import { LANGUAGES } from "./languages";

/** A complete entry as the form sends it: a TVC campaign in the television group. */
const complete = {
  trackId: "van-xuan",
  categoryId: "cat_01HZX8K3QZ9TVC",
  brandName: "  Sữa   tươi Ba Vì ",
  campaignName: "Tết này, con về",
  descriptionVi:
    "Bối cảnh: người trẻ xa quê ngại về Tết.\r\n\r\n\r\nÝ tưởng: mỗi hộp sữa là một tấm vé về nhà.",
  descriptionEn:
    "Context: young people far from home hesitate to go back for Tet.\n\nIdea: every carton is a ticket home.",
  startMonth: "11",
  startYear: 2025,
  endMonth: 2,
  endYear: "2026",
  imageIds: ["img_a1", "img_b2", "img_c3"],
  videoFileId: "",
  videoLink: "https://youtu.be/dQw4w9WgXcQ?si=abc",
  ideaArticleViFileId: "doc_vi_1",
  ideaArticleEnFileId: "",
  slidesViFileId: "",
  slidesEnFileId: "",
  legalCommitmentFileId: "doc_legal_1",
  copyrightCommitmentFileId: "doc_copy_1",
  credits: {
    companies: [
      { name: "Ogilvy Việt Nam", role: "Creative Agency" },
      { name: "Blue Production", role: "Production House" },
    ],
    people: [{ name: "Nguyễn Thị Mai", role: "Creative Director" }],
  },
} satisfies EntryDraftInput;

/** The messages of a failed parse, by field path. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("entry submission", () => {
  it("accepts a complete entry and cleans it", () => {
    const entry = entrySubmissionSchema.parse(complete);
    expect(entry.brandName).toBe("Sữa tươi Ba Vì");
    expect(entry.descriptionVi).toBe(
      "Bối cảnh: người trẻ xa quê ngại về Tết.\n\nÝ tưởng: mỗi hộp sữa là một tấm vé về nhà.",
    );
    expect(entry.startMonth).toBe(11);
    expect(entry.endYear).toBe(2026);
    expect(entry.videoLink).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(missingItems(entry)).toEqual([]);
  });

  it("reports every missing item on its field at once", () => {
    const result = entrySubmissionSchema.safeParse({});
    expect(problems(result)).toEqual({
      trackId: "validation.entryTrackRequired",
      categoryId: "validation.entryCategoryRequired",
      brandName: "validation.required",
      campaignName: "validation.required",
      descriptionVi: "validation.entryDescriptionViRequired",
      descriptionEn: "validation.entryDescriptionEnRequired",
      startMonth: "validation.entryStartMonthRequired",
      startYear: "validation.entryStartYearRequired",
      imageIds: "validation.entryImagesRequired",
      videoFileId: "validation.entryVideoRequired",
      ideaArticleViFileId: "validation.entryIdeaArticleRequired",
      legalCommitmentFileId: "validation.entryLegalCommitmentRequired",
      copyrightCommitmentFileId: "validation.entryCopyrightCommitmentRequired",
    });
  });

  it("treats blank text as missing", () => {
    const result = entrySubmissionSchema.safeParse({
      ...complete,
      brandName: "   ",
      descriptionEn: "\n \n",
    });
    expect(problems(result)).toEqual({
      brandName: "validation.required",
      descriptionEn: "validation.entryDescriptionEnRequired",
    });
  });

  it("rejects text beyond the allowed characters, with the other problems", () => {
    const max = ENTRY_TEXT_MAX_LENGTH.descriptionVi;
    const atLimit = "ầ".repeat(max);
    expect(entrySubmissionSchema.safeParse({ ...complete, descriptionVi: atLimit }).success).toBe(
      true,
    );
    const result = entrySubmissionSchema.safeParse({
      ...complete,
      descriptionVi: `${atLimit}a`,
      campaignName: "x".repeat(ENTRY_TEXT_MAX_LENGTH.campaignName + 1),
      legalCommitmentFileId: "",
    });
    expect(problems(result)).toEqual({
      descriptionVi: "validation.entryDescriptionTooLong",
      campaignName: "validation.tooLong",
      legalCommitmentFileId: "validation.entryLegalCommitmentRequired",
    });
  });

  it("needs the start month and year, and an end after the start", () => {
    expect(
      problems(
        entrySubmissionSchema.safeParse({ ...complete, startMonth: "", startYear: undefined }),
      ),
    ).toEqual({
      startMonth: "validation.entryStartMonthRequired",
      startYear: "validation.entryStartYearRequired",
    });
    expect(
      problems(entrySubmissionSchema.safeParse({ ...complete, startYear: 2026, endYear: 2025 })),
    ).toEqual({ endMonth: "validation.entryPeriodOrder" });
    expect(
      problems(
        entrySubmissionSchema.safeParse({
          ...complete,
          startYear: 2026,
          startMonth: 3,
          endMonth: 2,
        }),
      ),
    ).toEqual({ endMonth: "validation.entryPeriodOrder" });
    // Seed §5: the end month comes after the start month; a one-month activation gives no end.
    const sameMonth = { ...complete, startMonth: 3, startYear: 2025, endMonth: 3, endYear: 2025 };
    expect(problems(entrySubmissionSchema.safeParse(sameMonth))).toEqual({
      endMonth: "validation.entryPeriodOrder",
    });
    expect(problems(entryDraftSchema.safeParse(sameMonth))).toEqual({
      endMonth: "validation.entryPeriodOrder",
    });
    expect(entrySubmissionSchema.safeParse({ ...sameMonth, endMonth: 4 }).success).toBe(true);
    expect(
      entrySubmissionSchema.safeParse({
        ...complete,
        startMonth: 12,
        startYear: 2025,
        endMonth: 1,
        endYear: 2026,
      }).success,
    ).toBe(true);
    // A campaign still running has no end yet; half an end is not an end.
    expect(
      entrySubmissionSchema.safeParse({ ...complete, endMonth: "", endYear: "" }).success,
    ).toBe(true);
    expect(problems(entrySubmissionSchema.safeParse({ ...complete, endYear: "" }))).toEqual({
      endYear: "validation.entryEndIncomplete",
    });
  });

  it("rejects impossible months and years", () => {
    expect(
      problems(entrySubmissionSchema.safeParse({ ...complete, startMonth: 13, endYear: "20x6" })),
    ).toEqual({ startMonth: "validation.entryMonth", endYear: "validation.entryYear" });
    expect(problems(entrySubmissionSchema.safeParse({ ...complete, startYear: 1999 }))).toEqual({
      startYear: "validation.entryYear",
    });
    expect(problems(entrySubmissionSchema.safeParse({ ...complete, startMonth: 2.5 }))).toEqual({
      startMonth: "validation.entryMonth",
    });
  });

  it("takes 1 to 12 distinct images", () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `img_${i}`);
    expect(entrySubmissionSchema.safeParse({ ...complete, imageIds: twelve }).success).toBe(true);
    expect(
      problems(entrySubmissionSchema.safeParse({ ...complete, imageIds: [...twelve, "img_12"] })),
    ).toEqual({ imageIds: "validation.entryImagesMax" });
    expect(problems(entrySubmissionSchema.safeParse({ ...complete, imageIds: [] }))).toEqual({
      imageIds: "validation.entryImagesRequired",
    });
    expect(
      problems(entrySubmissionSchema.safeParse({ ...complete, imageIds: ["img_a1", "img_a1"] })),
    ).toEqual({ imageIds: "validation.entryImagesDuplicate" });
    expect(
      problems(entrySubmissionSchema.safeParse({ ...complete, imageIds: ["../../etc/passwd"] })),
    ).toEqual({ "imageIds.0": "validation.fileId" });
  });

  it("takes a video upload or a YouTube/Vimeo link, one not both", () => {
    const upload = { ...complete, videoLink: "", videoFileId: "vid_01" };
    expect(entrySubmissionSchema.safeParse(upload).success).toBe(true);
    const vimeo = { ...complete, videoLink: "https://vimeo.com/76979871/8272103f6e" };
    expect(entrySubmissionSchema.parse(vimeo).videoLink).toBe(
      "https://vimeo.com/76979871/8272103f6e",
    );
    expect(
      problems(entrySubmissionSchema.safeParse({ ...complete, videoFileId: "vid_01" })),
    ).toEqual({ videoLink: "validation.entryVideoBoth" });
    expect(
      problems(
        entrySubmissionSchema.safeParse({
          ...complete,
          videoLink: "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
        }),
      ),
    ).toEqual({ videoLink: "validation.entryVideoLink" });
    expect(
      problems(
        entrySubmissionSchema.safeParse({
          ...complete,
          videoLink: "https://www.facebook.com/watch/?v=1",
        }),
      ),
    ).toEqual({ videoLink: "validation.entryVideoLink" });
    expect(problems(entrySubmissionSchema.safeParse({ ...complete, videoLink: "" }))).toEqual({
      videoFileId: "validation.entryVideoRequired",
    });
  });

  it("does not ask for a video in categories that do not require one", () => {
    const noVideo = { ...complete, videoLink: "" };
    expect(entrySubmissionSchemaFor({ videoRequired: false }).safeParse(noVideo).success).toBe(
      true,
    );
    expect(missingItems(noVideo, { videoRequired: false })).toEqual([]);
    expect(missingItems(noVideo)).toEqual(["entry.missing.video"]);
  });

  it("takes any one idea article or slides, in either language", () => {
    const none = {
      ...complete,
      ideaArticleViFileId: "",
      ideaArticleEnFileId: "",
      slidesViFileId: "",
      slidesEnFileId: "",
    };
    expect(problems(entrySubmissionSchema.safeParse(none))).toEqual({
      ideaArticleViFileId: "validation.entryIdeaArticleRequired",
    });
    for (const field of ["ideaArticleEnFileId", "slidesViFileId", "slidesEnFileId"]) {
      expect(entrySubmissionSchema.safeParse({ ...none, [field]: "doc_9" }).success, field).toBe(
        true,
      );
    }
  });

  it("checks credits: a name and a role each, and a sensible number", () => {
    expect(
      problems(
        entrySubmissionSchema.safeParse({
          ...complete,
          credits: {
            companies: [{ name: "Ogilvy Việt Nam", role: " " }],
            people: [{ name: "", role: "Copywriter" }],
          },
        }),
      ),
    ).toEqual({
      "credits.companies.0.role": "validation.required",
      "credits.people.0.name": "validation.required",
    });
    const crowd = Array.from({ length: ENTRY_CREDITS_MAX.people + 1 }, (_, i) => ({
      name: `Người ${i + 1}`,
      role: "Art Director",
    }));
    expect(
      problems(
        entrySubmissionSchema.safeParse({ ...complete, credits: { companies: [], people: crowd } }),
      ),
    ).toEqual({ "credits.people": "validation.entryCreditsTooMany" });
    expect(entrySubmissionSchema.safeParse({ ...complete, credits: undefined }).success).toBe(true);
  });

  it("holds one track only: a list of tracks is not a track", () => {
    expect(
      problems(
        entrySubmissionSchema.safeParse({ ...complete, trackId: ["van-xuan", "van-xuan-stars"] }),
      ),
    ).toEqual({ trackId: "validation.entryTrackRequired" });
  });
});

describe("entry draft", () => {
  it("accepts an empty or partial draft", () => {
    expect(entryDraftSchema.safeParse({}).success).toBe(true);
    const partial = { brandName: "Vinamilk", startMonth: "", imageIds: ["img_1"] };
    expect(entryDraftSchema.parse(partial)).toEqual({ ...partial, startMonth: undefined });
  });

  it("rejects present values that are not valid", () => {
    expect(
      problems(
        entryDraftSchema.safeParse({
          descriptionEn: "x".repeat(ENTRY_TEXT_MAX_LENGTH.descriptionEn + 1),
          startMonth: 0,
          startYear: 2026,
          endMonth: 1,
          endYear: 2025,
          videoLink: "javascript:alert(1)",
          imageIds: Array.from({ length: 13 }, (_, i) => `img_${i}`),
        }),
      ),
    ).toEqual({
      descriptionEn: "validation.entryDescriptionTooLong",
      startMonth: "validation.entryMonth",
      videoLink: "validation.entryVideoLink",
      imageIds: "validation.entryImagesMax",
    });
    expect(
      problems(
        entryDraftSchema.safeParse({ startMonth: 6, startYear: 2026, endMonth: 1, endYear: 2026 }),
      ),
    ).toEqual({ endMonth: "validation.entryPeriodOrder" });
    expect(
      problems(
        entryDraftSchema.safeParse({
          videoFileId: "vid_1",
          videoLink: "https://vimeo.com/76979871",
        }),
      ),
    ).toEqual({ videoLink: "validation.entryVideoBoth" });
  });
});

describe("missing items", () => {
  it("lists what a new draft lacks, in the form's order", () => {
    expect(missingItems({})).toEqual([
      "entry.missing.track",
      "entry.missing.category",
      "entry.missing.brandName",
      "entry.missing.campaignName",
      "entry.missing.descriptionVi",
      "entry.missing.descriptionEn",
      "entry.missing.startMonth",
      "entry.missing.startYear",
      "entry.missing.images",
      "entry.missing.video",
      "entry.missing.ideaArticleOrSlides",
      "entry.missing.legalCommitment",
      "entry.missing.copyrightCommitment",
    ]);
  });

  it("lists only what is still missing", () => {
    const draft = entryDraftSchema.parse({
      ...complete,
      imageIds: [],
      copyrightCommitmentFileId: "",
    });
    expect(missingItems(draft)).toEqual([
      "entry.missing.images",
      "entry.missing.copyrightCommitment",
    ]);
  });

  it.each(missingItems({}))("%s has a text in both languages", (key) => {
    for (const lang of LANGUAGES) expect(catalogText(lang, key)).toBeTruthy();
  });
});

describe("multi-line text", () => {
  it("keeps paragraphs and drops stray spaces", () => {
    expect(cleanMultilineText("  Dòng 1  \r\n\tDòng\u00a0 2\n\n\n\nDòng 3 ")).toBe(
      "Dòng 1\n Dòng 2\n\nDòng 3",
    );
  });
});

describe("judged files judges cannot receive", () => {
  const withIdea = { ...complete, ideaArticleViFileId: "pdf_bad", ideaArticleEnFileId: "" };

  it("does not count them towards the idea article, and says why", () => {
    expect(missingItems(withIdea)).toEqual([]);
    expect(
      missingRequirements(withIdea, { videoRequired: true, unjudgeableFileIds: ["pdf_bad"] }),
    ).toEqual([
      {
        itemKey: "entry.missing.ideaArticleJudgeable",
        field: "ideaArticleViFileId",
        messageKey: "validation.entryIdeaArticleUnjudgeable",
      },
    ]);
    // Another idea file judges can open is enough.
    expect(
      missingItems(
        { ...withIdea, slidesEnFileId: "pptx_ok" },
        { videoRequired: true, unjudgeableFileIds: ["pdf_bad"] },
      ),
    ).toEqual([]);
    // Nothing uploaded at all is the usual "missing".
    expect(
      missingItems(
        { ...withIdea, ideaArticleViFileId: "" },
        { videoRequired: true, unjudgeableFileIds: ["pdf_bad"] },
      ),
    ).toEqual(["entry.missing.ideaArticleOrSlides"]);
  });

  it("does not count a film judges cannot play towards a required video", () => {
    const withFilm = { ...complete, videoLink: "", videoFileId: "vid_bad" };
    expect(
      missingItems(withFilm, { videoRequired: true, unjudgeableFileIds: ["vid_bad"] }),
    ).toEqual(["entry.missing.videoJudgeable"]);
    expect(
      missingItems(withFilm, { videoRequired: false, unjudgeableFileIds: ["vid_bad"] }),
    ).toEqual([]);
  });

  it("are the server's knowledge: the cached submission schema never keeps them", () => {
    entrySubmissionSchemaFor({ videoRequired: true, unjudgeableFileIds: ["pdf_bad"] });
    expect(entrySubmissionSchemaFor({ videoRequired: true }).safeParse(withIdea).success).toBe(
      true,
    );
  });
});

describe("a submitted entry stays complete", () => {
  it("names each requirement a change would break, with its message", () => {
    expect(newlyMissing(complete, { ...complete, descriptionVi: "  " })).toEqual({
      descriptionVi: "validation.entryDescriptionViRequired",
    });
    expect(
      newlyMissing(complete, { ...complete, legalCommitmentFileId: "", startYear: "" }),
    ).toEqual({
      startYear: "validation.entryStartYearRequired",
      legalCommitmentFileId: "validation.entryLegalCommitmentRequired",
    });
    // Clearing the only video (a link) of a category that requires one.
    expect(newlyMissing(complete, { ...complete, videoLink: "" })).toEqual({
      videoFileId: "validation.entryVideoRequired",
    });
    expect(
      newlyMissing(complete, { ...complete, videoLink: "" }, { videoRequired: false }),
    ).toEqual({});
    expect(newlyMissing(complete, { ...complete, brandName: "Sữa Ba Vì" })).toEqual({});
  });

  it("does not hold an entry already lacking something back from the rest", () => {
    const old = { ...complete, descriptionEn: "" };
    expect(newlyMissing(old, { ...old, brandName: "Sữa Ba Vì" })).toEqual({});
    expect(newlyMissing(old, { ...old, descriptionVi: "" })).toEqual({
      descriptionVi: "validation.entryDescriptionViRequired",
    });
    // Removing an idea file judges cannot open from an entry that has no other changes nothing.
    const bad = { ...complete, ideaArticleViFileId: "pdf_bad", ideaArticleEnFileId: "" };
    const options = { videoRequired: true, unjudgeableFileIds: ["pdf_bad"] };
    expect(newlyMissing(bad, { ...bad, ideaArticleViFileId: "" }, options)).toEqual({});
  });
});
