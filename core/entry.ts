import { z } from "zod";
import {
  ENTRY_CREDITS_MAX,
  ENTRY_IMAGES_MAX,
  ENTRY_IMAGES_MIN,
  ENTRY_TEXT_MAX_LENGTH,
  ENTRY_YEAR_MAX,
  ENTRY_YEAR_MIN,
  countCharacters,
  judgedThroughCopy,
  type EntryFileField,
} from "./entry-limits";
import { REQUIRED, TOO_LONG, cleanText } from "./form-fields";
import { VIDEO_LINK_MAX_LENGTH, parseVideoLink } from "./video-link";

/**
 * The entry form (PRODUCT §3.2, seed §3 "Entry", §5), one schema for the browser form and
 * the server, messages as i18n keys:
 * - `entryDraftSchema` for autosave: every field may be missing or empty, but what is there
 *   must be valid, so a draft never stores what could not be submitted;
 * - `entrySubmissionSchema` (or `entrySubmissionSchemaFor(category)`) for submit: every
 *   seed §5 rule, each problem on its field's path so the form can link to it;
 * - `missingItems(draft)` for the dashboard: what still has to be done, as i18n keys;
 * - `newlyMissing(before, after)` for every change to an entry already submitted: it must
 *   stay as complete as it was (PRODUCT: editing goes on until the deadline, not emptying).
 *
 * Files are uploaded separately (tus) and referenced here by their ids. Text comes out
 * cleaned: names in NFC with single spaces, descriptions in NFC keeping paragraphs.
 */

const MAX = ENTRY_TEXT_MAX_LENGTH;

/** Multi-line text: NFC, Unix line ends, no trailing spaces, at most one empty line. */
export function cleanMultilineText(value: string): string {
  return value
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[^\S\n]+/g, " ").trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function optionalText(max: number, tooLong: string, clean: (value: string) => string) {
  return z
    .string({ message: REQUIRED })
    .overwrite(clean)
    .refine((value) => countCharacters(value) <= max, { message: tooLong })
    .optional();
}

/** Ids of uploaded files and of catalogue nodes: opaque, URL-safe. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const optionalId = (message: string) =>
  z
    .string({ message })
    .trim()
    .refine((value) => value === "" || ID_PATTERN.test(value), { message })
    .optional();

/** A month (1–12) or year, from a number or the string of a select; "" means not chosen. */
function optionalInteger(min: number, max: number, message: string) {
  return z
    .union([z.number(), z.string()], { message })
    .optional()
    .transform((raw, ctx): number | undefined => {
      if (raw === undefined || (typeof raw === "string" && raw.trim() === "")) return undefined;
      const value =
        typeof raw === "number" ? raw : /^\d{1,4}$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isInteger(value) || value < min || value > max) {
        ctx.addIssue({ code: "custom", message, input: raw });
        return z.NEVER;
      }
      return value;
    });
}

const creditSchema = z.object({
  name: z
    .string({ message: REQUIRED })
    .overwrite(cleanText)
    .min(1, { message: REQUIRED })
    .refine((value) => countCharacters(value) <= MAX.creditName, { message: TOO_LONG }),
  role: z
    .string({ message: REQUIRED })
    .overwrite(cleanText)
    .min(1, { message: REQUIRED })
    .refine((value) => countCharacters(value) <= MAX.creditRole, { message: TOO_LONG }),
});

const CREDITS_TOO_MANY = "validation.entryCreditsTooMany";

const entryFields = {
  /** The prize track: one value, so "at most 1 tournament" holds by construction. */
  trackId: optionalId("validation.entryTrackRequired"),
  categoryId: optionalId("validation.entryCategoryRequired"),
  /** The brand, or the nominated individual in the talent categories. */
  brandName: optionalText(MAX.brandName, TOO_LONG, cleanText),
  /** The campaign, project or artwork. */
  campaignName: optionalText(MAX.campaignName, TOO_LONG, cleanText),
  descriptionVi: optionalText(
    MAX.descriptionVi,
    "validation.entryDescriptionTooLong",
    cleanMultilineText,
  ),
  descriptionEn: optionalText(
    MAX.descriptionEn,
    "validation.entryDescriptionTooLong",
    cleanMultilineText,
  ),
  startMonth: optionalInteger(1, 12, "validation.entryMonth"),
  startYear: optionalInteger(ENTRY_YEAR_MIN, ENTRY_YEAR_MAX, "validation.entryYear"),
  endMonth: optionalInteger(1, 12, "validation.entryMonth"),
  endYear: optionalInteger(ENTRY_YEAR_MIN, ENTRY_YEAR_MAX, "validation.entryYear"),
  imageIds: z
    .array(
      z
        .string({ message: "validation.fileId" })
        .regex(ID_PATTERN, { message: "validation.fileId" }),
      {
        message: "validation.fileId",
      },
    )
    .max(ENTRY_IMAGES_MAX, { message: "validation.entryImagesMax" })
    .refine((ids) => new Set(ids).size === ids.length, {
      message: "validation.entryImagesDuplicate",
    })
    .optional(),
  videoFileId: optionalId("validation.fileId"),
  /** A YouTube or Vimeo link, stored in its canonical form. */
  videoLink: z
    .string({ message: "validation.entryVideoLink" })
    .trim()
    .max(VIDEO_LINK_MAX_LENGTH, { message: "validation.entryVideoLink" })
    .transform((raw, ctx) => {
      if (raw === "") return "";
      const link = parseVideoLink(raw);
      if (!link) {
        ctx.addIssue({ code: "custom", message: "validation.entryVideoLink", input: raw });
        return z.NEVER;
      }
      return link.canonicalUrl;
    })
    .optional(),
  ideaArticleViFileId: optionalId("validation.fileId"),
  ideaArticleEnFileId: optionalId("validation.fileId"),
  slidesViFileId: optionalId("validation.fileId"),
  slidesEnFileId: optionalId("validation.fileId"),
  legalCommitmentFileId: optionalId("validation.fileId"),
  copyrightCommitmentFileId: optionalId("validation.fileId"),
  credits: z
    .object({
      companies: z
        .array(creditSchema)
        .max(ENTRY_CREDITS_MAX.companies, { message: CREDITS_TOO_MANY }),
      people: z.array(creditSchema).max(ENTRY_CREDITS_MAX.people, { message: CREDITS_TOO_MANY }),
    })
    .optional(),
};

/** What the entry form holds, as the browser sends it (every field optional). */
export type EntryDraftInput = z.input<z.ZodObject<typeof entryFields>>;

/** A value that counts as given: a non-empty string or array, or a number. */
function given(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === "number";
}

/** Seed §5 requirements, in the form's order: the field the problem belongs to, its message
 * on the form and its name in the dashboard's list of missing items (`entry.missing.*`). */
interface Requirement {
  item: string;
  path: string;
  /** Other fields it reads, besides `path`. */
  reads?: readonly string[];
  message: string;
  isMissing: (entry: Record<string, unknown>, options: SubmissionOptions) => boolean;
  /**
   * For judged files: the item and message when files are there but judges can receive none
   * of them (`SubmissionOptions.unjudgeableFileIds`), so the entrant knows to replace them.
   */
  unjudgeable?: { item: string; message: string };
}

export interface SubmissionOptions {
  /** Whether the entry's category requires a video (CategoryNode.videoRequired). */
  videoRequired: boolean;
  /**
   * Ids of the entry's films and documents of which no judges' copy could be made (damaged,
   * password-protected, too large…): judges never get them, so they do not count towards a
   * requirement. A file whose copy is still being made counts: it passed the upload's checks,
   * and should its copy fail later, the entrant is emailed and the entry lists it as missing
   * while it can still be changed.
   */
  unjudgeableFileIds?: readonly string[];
}

const IDEA_FIELDS = [
  "ideaArticleViFileId",
  "ideaArticleEnFileId",
  "slidesViFileId",
  "slidesEnFileId",
] as const;

const missing = (field: string) => (entry: Record<string, unknown>) => !given(entry[field]);

/** A judged file field holds a file judges can receive. */
function judgeable(entry: Record<string, unknown>, field: string, options: SubmissionOptions) {
  const id = entry[field];
  if (!given(id)) return false;
  return !(
    judgedThroughCopy(FILE_FIELD_OF_PATH[field] ?? "") &&
    (options.unjudgeableFileIds ?? []).includes(String(id))
  );
}

/** Form field of each file field (`images` → `imageIds`, `video` → `videoFileId`). */
export const DRAFT_KEY_OF_FILE_FIELD: Readonly<Record<EntryFileField, keyof EntryDraft>> = {
  images: "imageIds",
  video: "videoFileId",
  ideaArticleVi: "ideaArticleViFileId",
  ideaArticleEn: "ideaArticleEnFileId",
  slidesVi: "slidesViFileId",
  slidesEn: "slidesEnFileId",
  legalCommitment: "legalCommitmentFileId",
  copyrightCommitment: "copyrightCommitmentFileId",
};

/** The entry file field behind each file id of the form (`videoFileId` → `video`). */
export const FILE_FIELD_OF_PATH: Readonly<Record<string, EntryFileField>> = Object.fromEntries(
  (Object.entries(DRAFT_KEY_OF_FILE_FIELD) as [EntryFileField, string][]).map(([field, key]) => [
    key,
    field,
  ]),
);

const REQUIREMENTS: readonly Requirement[] = [
  {
    item: "track",
    path: "trackId",
    message: "validation.entryTrackRequired",
    isMissing: missing("trackId"),
  },
  {
    item: "category",
    path: "categoryId",
    message: "validation.entryCategoryRequired",
    isMissing: missing("categoryId"),
  },
  { item: "brandName", path: "brandName", message: REQUIRED, isMissing: missing("brandName") },
  {
    item: "campaignName",
    path: "campaignName",
    message: REQUIRED,
    isMissing: missing("campaignName"),
  },
  {
    item: "descriptionVi",
    path: "descriptionVi",
    message: "validation.entryDescriptionViRequired",
    isMissing: missing("descriptionVi"),
  },
  {
    item: "descriptionEn",
    path: "descriptionEn",
    message: "validation.entryDescriptionEnRequired",
    isMissing: missing("descriptionEn"),
  },
  {
    item: "startMonth",
    path: "startMonth",
    message: "validation.entryStartMonthRequired",
    isMissing: missing("startMonth"),
  },
  {
    item: "startYear",
    path: "startYear",
    message: "validation.entryStartYearRequired",
    isMissing: missing("startYear"),
  },
  {
    item: "images",
    path: "imageIds",
    message: "validation.entryImagesRequired",
    isMissing: (entry) =>
      !Array.isArray(entry.imageIds) || entry.imageIds.length < ENTRY_IMAGES_MIN,
  },
  {
    item: "video",
    path: "videoFileId",
    reads: ["videoLink"],
    message: "validation.entryVideoRequired",
    isMissing: (entry, options) =>
      options.videoRequired && !judgeable(entry, "videoFileId", options) && !given(entry.videoLink),
    unjudgeable: { item: "videoJudgeable", message: "validation.entryVideoUnjudgeable" },
  },
  {
    item: "ideaArticleOrSlides",
    path: "ideaArticleViFileId",
    reads: IDEA_FIELDS,
    message: "validation.entryIdeaArticleRequired",
    isMissing: (entry, options) => !IDEA_FIELDS.some((field) => judgeable(entry, field, options)),
    unjudgeable: {
      item: "ideaArticleJudgeable",
      message: "validation.entryIdeaArticleUnjudgeable",
    },
  },
  {
    item: "legalCommitment",
    path: "legalCommitmentFileId",
    message: "validation.entryLegalCommitmentRequired",
    isMissing: missing("legalCommitmentFileId"),
  },
  {
    item: "copyrightCommitment",
    path: "copyrightCommitmentFileId",
    message: "validation.entryCopyrightCommitmentRequired",
    isMissing: missing("copyrightCommitmentFileId"),
  },
];

/** The top-level fields that already have a problem. */
function fieldsWithProblems(ctx: z.core.$RefinementCtx): Set<string> {
  return new Set(ctx.issues.map((issue) => String(issue.path?.[0])));
}

const isMonth = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 12;
const isYear = (value: unknown): value is number =>
  typeof value === "number" &&
  Number.isInteger(value) &&
  value >= ENTRY_YEAR_MIN &&
  value <= ENTRY_YEAR_MAX;

/**
 * Rules across fields, which hold for drafts too: an end needs both month and year; the
 * period ends after it starts (seed §5: "start month must be before end month and end month
 * after start month"), so an end in the start's own month is refused too — a campaign of a
 * few weeks gives its start and no end. A video is an upload or a link, not both.
 */
function checkConsistency(entry: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const withProblems = fieldsWithProblems(ctx);
  const { startMonth, startYear, endMonth, endYear } = entry;
  const periodFields = ["startMonth", "startYear", "endMonth", "endYear"];
  const endGiven = given(endMonth) || given(endYear);
  if (periodFields.some((field) => withProblems.has(field))) {
    // The field's own message says enough.
  } else if (endGiven && !given(endMonth)) {
    ctx.addIssue({ code: "custom", path: ["endMonth"], message: "validation.entryEndIncomplete" });
  } else if (endGiven && !given(endYear)) {
    ctx.addIssue({ code: "custom", path: ["endYear"], message: "validation.entryEndIncomplete" });
  } else if (isMonth(startMonth) && isYear(startYear) && isMonth(endMonth) && isYear(endYear)) {
    if (endYear * 12 + endMonth <= startYear * 12 + startMonth) {
      ctx.addIssue({ code: "custom", path: ["endMonth"], message: "validation.entryPeriodOrder" });
    }
  }
  if (
    given(entry.videoFileId) &&
    given(entry.videoLink) &&
    !withProblems.has("videoFileId") &&
    !withProblems.has("videoLink")
  ) {
    ctx.addIssue({ code: "custom", path: ["videoLink"], message: "validation.entryVideoBoth" });
  }
}

// Cross-field rules run even while some fields have problems, so the form shows them all
// at once; they only read values they have checked themselves.
const always = { when: () => true };

export const entryDraftSchema = z
  .object(entryFields)
  .superRefine((entry, ctx) => checkConsistency(entry, ctx), always);

export type EntryDraft = z.output<typeof entryDraftSchema>;

/**
 * The submission schema of an entry in a category, by whether it requires a video. Made once
 * per option: zod builds (and compiles) an object schema's parser on its first use, a cost
 * worth paying once rather than for each entry a dashboard lists.
 */
export function entrySubmissionSchemaFor(options: SubmissionOptions) {
  const kept = submissionSchemas.get(options.videoRequired);
  if (kept) return kept;
  // Files judges cannot receive are the server's knowledge, checked with `missingRequirements`.
  const made = makeSubmissionSchema({ videoRequired: options.videoRequired });
  submissionSchemas.set(options.videoRequired, made);
  return made;
}

const submissionSchemas = new Map<boolean, ReturnType<typeof makeSubmissionSchema>>();

function makeSubmissionSchema(options: SubmissionOptions) {
  return z.object(entryFields).superRefine((entry, ctx) => {
    const record = entry as Record<string, unknown>;
    // A field that already has a problem (a bad link, month 13) is not also "missing".
    const withProblems = fieldsWithProblems(ctx);
    for (const requirement of REQUIREMENTS) {
      const fields = [requirement.path, ...(requirement.reads ?? [])];
      if (fields.some((field) => withProblems.has(field))) continue;
      const problem = missingAs(requirement, record, options);
      if (problem) {
        ctx.addIssue({ code: "custom", path: [requirement.path], message: problem.message });
      }
    }
    checkConsistency(record, ctx);
  }, always);
}

/** The submission schema for categories that require a video, the usual case. */
export const entrySubmissionSchema = entrySubmissionSchemaFor({ videoRequired: true });

export type EntrySubmission = z.output<typeof entrySubmissionSchema>;

/**
 * How a requirement is missing from the entry: its own item and message, or, when only files
 * judges cannot receive are there, those of `unjudgeable`; null when it is met.
 */
function missingAs(
  requirement: Requirement,
  entry: Record<string, unknown>,
  options: SubmissionOptions,
): { item: string; message: string } | null {
  if (!requirement.isMissing(entry, options)) return null;
  const { unjudgeable } = requirement;
  if (unjudgeable && !requirement.isMissing(entry, { ...options, unjudgeableFileIds: [] })) {
    return unjudgeable;
  }
  return { item: requirement.item, message: requirement.message };
}

/** One unmet requirement: its `entry.missing.*` key, the field to link to and its message. */
export interface MissingRequirement {
  itemKey: string;
  field: string;
  messageKey: string;
}

/** What the entry still lacks before it can be submitted, in the form's order. */
export function missingRequirements(
  draft: Partial<Record<keyof EntryDraft, unknown>>,
  options: SubmissionOptions = { videoRequired: true },
): MissingRequirement[] {
  const record = draft as Record<string, unknown>;
  return REQUIREMENTS.flatMap((requirement) => {
    const problem = missingAs(requirement, record, options);
    return problem
      ? [
          {
            itemKey: `entry.missing.${problem.item}`,
            field: requirement.path,
            messageKey: problem.message,
          },
        ]
      : [];
  });
}

/**
 * What a saved draft still lacks before it can be submitted, as i18n keys
 * (`entry.missing.images`, …) in the form's order; empty when nothing is missing.
 */
export function missingItems(
  draft: Partial<Record<keyof EntryDraft, unknown>>,
  options: SubmissionOptions = { videoRequired: true },
): string[] {
  return missingRequirements(draft, options).map((item) => item.itemKey);
}

/**
 * The requirements a change would break, by field with their messages: those met `before`
 * and not `after`. Once an entry is submitted, every change must keep it complete by the
 * rules its submission passed; a requirement already unmet (an entry from before a rule, a
 * film whose copy failed since) does not stop the entrant from changing the rest.
 */
export function newlyMissing(
  before: Partial<Record<keyof EntryDraft, unknown>>,
  after: Partial<Record<keyof EntryDraft, unknown>>,
  options: SubmissionOptions = { videoRequired: true },
): Record<string, string> {
  const unmet = new Set(missingRequirements(before, options).map((item) => item.field));
  return Object.fromEntries(
    missingRequirements(after, options)
      .filter((item) => !unmet.has(item.field))
      .map((item) => [item.field, item.messageKey]),
  );
}
