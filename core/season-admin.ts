import { z } from "zod";
import { dateProblemMessage } from "./date-fields";
import {
  dayInVietnam,
  parseVietnamClosingTime,
  parseVietnamDateTime,
  readVietnamDateTime,
} from "./dates";
import { checkbox } from "./form-fields";
import { registrationWindowState } from "./registration-window";
import { submissionWindowState } from "./submission-window";

/**
 * What the seasons back office accepts: a season's dates (typed in Vietnam time, checked in
 * order) and the category tree's tracks, groups and categories. Forms post text; each schema
 * accepts what a form sends and speaks in i18n keys (`adminPlatform.validation.*`, `validation.*`).
 */

/** Kept as typed (`seasonDatesToIso` stores it); refused with what is wrong with it. */
const optionalDateTime = z
  .string()
  .trim()
  .default("")
  .superRefine((v, ctx) => {
    const reading = v === "" ? null : readVietnamDateTime(v);
    if (reading && !reading.ok) {
      ctx.addIssue({ code: "custom", message: dateProblemMessage(reading.problem, "dateTime") });
    }
  });

export const SEASON_DATE_FIELDS = [
  "registrationOpensAt",
  "registrationClosesAt",
  "submissionOpensAt",
  "submissionClosesAt",
  "earlyBirdDeadline",
  "lateDeadline",
  "ceremonyAt",
] as const;
export type SeasonDateField = (typeof SEASON_DATE_FIELDS)[number];

/**
 * The season a back-office page shows for `?year=`: that one if it exists, else the current
 * one, else the first listed (the newest).
 */
export function seasonToShow<S extends { year: number }>(
  seasons: readonly S[],
  asked: number,
  current: number,
): S | null {
  return (
    seasons.find((s) => s.year === asked) ??
    seasons.find((s) => s.year === current) ??
    seasons[0] ??
    null
  );
}

/** The dates that close something: each runs to the end of the minute (or day) typed. */
const CLOSING_FIELDS: ReadonlySet<SeasonDateField> = new Set([
  "registrationClosesAt",
  "submissionClosesAt",
  "earlyBirdDeadline",
  "lateDeadline",
]);

/** The instant (ms) a typed date is stored as (`seasonDatesToIso`); NaN for none. */
function storedAt(field: SeasonDateField, typed: string): number {
  return Date.parse(storedIso(field, typed) ?? "");
}

function storedIso(field: SeasonDateField, typed: string): string | null {
  return CLOSING_FIELDS.has(field) ? parseVietnamClosingTime(typed) : parseVietnamDateTime(typed);
}

/** A season's dates as the form sends them (DD/MM/YYYY HH:mm, Vietnam time), in order. */
export const seasonDatesSchema = z
  .object({
    nameVi: z.string().trim().min(1, { message: "validation.required" }).max(120, {
      message: "validation.tooLong",
    }),
    nameEn: z.string().trim().max(120, { message: "validation.tooLong" }).default(""),
    registrationOpensAt: optionalDateTime,
    registrationClosesAt: optionalDateTime,
    submissionOpensAt: optionalDateTime,
    submissionClosesAt: optionalDateTime,
    earlyBirdDeadline: optionalDateTime,
    lateDeadline: optionalDateTime,
    ceremonyAt: optionalDateTime,
  })
  .superRefine((v, ctx) => {
    // Compared as stored: a closing date typed alone runs to the end of its day, so a window
    // opening and closing on the same day is a day long, not closed before it opens.
    const at = (field: SeasonDateField) => storedAt(field, v[field]);
    const before = (a: SeasonDateField, b: SeasonDateField, message: string, orEqual = false) => {
      const x = at(a);
      const y = at(b);
      if (Number.isNaN(x) || Number.isNaN(y)) return;
      if (orEqual ? x > y : x >= y) ctx.addIssue({ code: "custom", path: [b], message });
    };
    before(
      "registrationOpensAt",
      "registrationClosesAt",
      "adminPlatform.validation.closesBeforeOpens",
    );
    before("submissionOpensAt", "submissionClosesAt", "adminPlatform.validation.closesBeforeOpens");
    // A registration opening once submission has closed would leave nobody able to register
    // and still submit in time (only late, at the late fee, if at all). Said at the opening,
    // the date that is out of place.
    if (at("registrationOpensAt") >= at("submissionClosesAt")) {
      ctx.addIssue({
        code: "custom",
        path: ["registrationOpensAt"],
        message: "adminPlatform.validation.registrationAfterSubmissionCloses",
      });
    }
    before("submissionOpensAt", "earlyBirdDeadline", "adminPlatform.validation.earlyBirdOutside");
    before(
      "earlyBirdDeadline",
      "submissionClosesAt",
      "adminPlatform.validation.earlyBirdOutside",
      true,
    );
    before("submissionClosesAt", "lateDeadline", "adminPlatform.validation.lateBeforeClose");
    // The ceremony announces what was judged: it comes after the last entry can arrive.
    before("submissionClosesAt", "ceremonyAt", "adminPlatform.validation.ceremonyBeforeClose");
    before("lateDeadline", "ceremonyAt", "adminPlatform.validation.ceremonyBeforeClose");
    // One of the two window dates alone leaves the header button unscheduled: ask for both.
    if ((v.submissionOpensAt === "") !== (v.submissionClosesAt === "")) {
      const missing = v.submissionOpensAt === "" ? "submissionOpensAt" : "submissionClosesAt";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "adminPlatform.validation.windowBoth",
      });
    }
    if (v.earlyBirdDeadline && !v.submissionClosesAt) {
      ctx.addIssue({
        code: "custom",
        path: ["submissionClosesAt"],
        message: "adminPlatform.validation.windowBoth",
      });
    }
    if (v.lateDeadline && !v.submissionClosesAt) {
      ctx.addIssue({
        code: "custom",
        path: ["submissionClosesAt"],
        message: "adminPlatform.validation.windowBoth",
      });
    }
  });

export type SeasonDatesForm = z.infer<typeof seasonDatesSchema>;

/**
 * The stored form of the dates: ISO UTC or null. Openings and the ceremony are the instant
 * typed; closings and deadlines the end of it (`parseVietnamClosingTime`): "closes 31/12/2026
 * 23:59" takes entries until 23:59:59, and "31/12/2026" alone until the end of that day.
 * The order checks above compare these instants.
 */
export function seasonDatesToIso(form: SeasonDatesForm): Record<SeasonDateField, string | null> {
  const out = {} as Record<SeasonDateField, string | null>;
  for (const field of SEASON_DATE_FIELDS) out[field] = storedIso(field, form[field]);
  return out;
}

const slug = z
  .string()
  .trim()
  .min(1, { message: "validation.required" })
  .max(80, { message: "validation.tooLong" })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "adminPlatform.validation.slug" });
const code = z
  .string()
  .trim()
  .min(1, { message: "validation.required" })
  .max(12, { message: "validation.tooLong" })
  .regex(/^[A-Z0-9]+$/, { message: "adminPlatform.validation.code" });
const nameVi = z
  .string()
  .trim()
  .min(1, { message: "validation.required" })
  .max(160, { message: "validation.tooLong" });
const nameEn = z.string().trim().max(160, { message: "validation.tooLong" }).default("");
const longText = z.string().trim().max(2000, { message: "validation.tooLong" }).default("");

/**
 * Plain digits, or digits in groups of three split by one kind of separator (3.300.000,
 * 3,300,000, 3 300 000): so a decimal such as 1500000.5 is refused, not read as 15 million.
 */
const VND_TYPED = /^(?:\d+|\d{1,3}([.,\s])\d{3}(?:\1\d{3})*)$/;

/** Whole VND as typed: digits (dots, commas and spaces as thousands separators allowed). */
const vnd = (required: boolean) =>
  z
    .string()
    .trim()
    .default("")
    .transform((v) => v.replace(/₫/g, "").trim())
    .refine((v) => (required ? v !== "" : true), { message: "validation.required" })
    .refine((v) => v === "" || (VND_TYPED.test(v) && /^\d{1,12}$/.test(v.replace(/\D/g, ""))), {
      message: "adminPlatform.validation.vnd",
    })
    .transform((v) => (v === "" ? null : Number(v.replace(/\D/g, ""))));

/** A category's three fees: the standard one required, early-bird and late empty = standard. */
const feeFields = {
  feeVnd: vnd(true),
  earlyBirdFeeVnd: vnd(false),
  lateFeeVnd: vnd(false),
};

/**
 * Early-bird is a discount and late a surcharge: an early-bird fee above the standard one, or
 * a late fee below it, is a typing slip that would charge entrants the wrong way round.
 */
function checkFeeOrder(
  v: { feeVnd: number | null; earlyBirdFeeVnd: number | null; lateFeeVnd: number | null },
  ctx: z.RefinementCtx,
): void {
  // Only amounts that read as amounts are compared; a field already refused says so itself.
  const amount = (n: number | null) => n !== null && Number.isSafeInteger(n) && n >= 0;
  if (!amount(v.feeVnd) || v.feeVnd === null) return;
  if (amount(v.earlyBirdFeeVnd) && v.earlyBirdFeeVnd! > v.feeVnd) {
    ctx.addIssue({
      code: "custom",
      path: ["earlyBirdFeeVnd"],
      message: "adminPlatform.validation.earlyBirdAboveStandard",
    });
  }
  if (amount(v.lateFeeVnd) && v.lateFeeVnd! < v.feeVnd) {
    ctx.addIssue({
      code: "custom",
      path: ["lateFeeVnd"],
      message: "adminPlatform.validation.lateBelowStandard",
    });
  }
}

export const trackSchema = z.object({
  slug,
  code,
  nameVi,
  nameEn,
  taglineVi: longText,
  taglineEn: longText,
});

/**
 * Where a group or category is filed (its track, its group): the edit form's select, whose
 * change moves the node there. Left out (or empty) it stays where it is; a new node goes under
 * the parent its "add" link named. The server checks the parent is of the same season.
 */
const parentId = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string()
    .regex(/^\d{1,9}$/, { message: "adminPlatform.validation.parent" })
    .transform(Number)
    .optional(),
);

export const groupSchema = z.object({ slug, nameVi, nameEn, parentId });

export const categorySchema = z
  .object({
    slug,
    code,
    nameVi,
    nameEn,
    descriptionVi: longText,
    descriptionEn: longText,
    ...feeFields,
    videoRequired: checkbox,
    allowIndividual: checkbox,
    allowEnterprise: checkbox,
    parentId,
  })
  .superRefine((v, ctx) => {
    checkFeeOrder(v, ctx);
    if (!v.allowIndividual && !v.allowEnterprise) {
      ctx.addIssue({
        code: "custom",
        path: ["allowEnterprise"],
        message: "adminPlatform.validation.eligibility",
      });
    }
  });

/**
 * The fees page of the payments section: one category's three fees (the same rules as the
 * category form) and the three the page showed when it loaded (`current*`, hidden fields), so
 * a save from a stale page is refused instead of overwriting someone else's change.
 */
export const categoryFeesSchema = z
  .object({
    categoryId: z
      .string()
      .regex(/^\d{1,9}$/, { message: "adminPlatform.errors.badRequest" })
      .transform(Number),
    ...feeFields,
    currentFeeVnd: vnd(true),
    currentEarlyBirdFeeVnd: vnd(false),
    currentLateFeeVnd: vnd(false),
  })
  .superRefine(checkFeeOrder);
export type CategoryFeesInput = z.output<typeof categoryFeesSchema>;

export type TrackInput = z.output<typeof trackSchema>;
export type GroupInput = z.output<typeof groupSchema>;
export type CategoryInput = z.output<typeof categorySchema>;

export const TREE_NODE_KINDS = ["track", "group", "category"] as const;
export type TreeNodeKind = (typeof TREE_NODE_KINDS)[number];

/** Each kind of node's form schema. */
export const TREE_NODE_SCHEMAS = {
  track: trackSchema,
  group: groupSchema,
  category: categorySchema,
} as const;

/** The kind of node a group or a category is filed under. */
export const PARENT_KIND = { group: "track", category: "group" } as const;

/** `category:12` (the back office's `?edit=` and `?add=` parameters), or null. */
export function parseNodeParam(value: string | null): { kind: TreeNodeKind; id: number } | null {
  const match = /^(track|group|category):(\d{1,9})$/.exec(value ?? "");
  return match ? { kind: match[1] as TreeNodeKind, id: Number(match[2]) } : null;
}

// --- What the back office shows of a season and its tree ------------------------------------

export interface SeasonDates {
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  submissionOpensAt: string | null;
  submissionClosesAt: string | null;
  earlyBirdDeadline: string | null;
  lateDeadline: string | null;
  ceremonyAt: string | null;
}

export interface AdminSeason extends SeasonDates {
  id: number;
  year: number;
  code: string;
  nameVi: string;
  nameEn: string;
}

export interface AdminCategory {
  id: number;
  slug: string;
  code: string;
  nameVi: string;
  nameEn: string;
  descriptionVi: string;
  descriptionEn: string;
  feeVnd: number;
  earlyBirdFeeVnd: number | null;
  lateFeeVnd: number | null;
  videoRequired: boolean;
  allowIndividual: boolean;
  allowEnterprise: boolean;
  entryCount: number;
}

export interface AdminGroup {
  id: number;
  slug: string;
  nameVi: string;
  nameEn: string;
  /** The entries of its categories, added up. */
  entryCount: number;
  categories: AdminCategory[];
}

export interface AdminTrack {
  id: number;
  slug: string;
  code: string;
  nameVi: string;
  nameEn: string;
  taglineVi: string;
  taglineEn: string;
  /** The entries of its groups' categories, added up. */
  entryCount: number;
  groups: AdminGroup[];
}

// --- The next season, and which season is current -----------------------------------------

const seasonYear = z.coerce
  .number({ message: "adminPlatform.validation.year" })
  .int({ message: "adminPlatform.validation.year" })
  .min(2000, { message: "adminPlatform.validation.year" })
  .max(2100, { message: "adminPlatform.validation.year" });

/**
 * "Create the next season from this one": the new season's year, names and code. Its tracks,
 * categories, fees and rules are copied from `fromYear`, its dates shifted by the years between.
 */
/** A season's code: the prefix of every entry code of the season (`VX27-TVC-001`). */
const seasonCode = z
  .string()
  .trim()
  .min(1, { message: "validation.required" })
  .max(12, { message: "validation.tooLong" })
  .regex(/^[A-Z0-9]+$/, { message: "adminPlatform.validation.code" });

export const nextSeasonSchema = z.object({
  fromYear: seasonYear,
  year: seasonYear,
  code: seasonCode,
  nameVi: z.string().trim().min(1, { message: "validation.required" }).max(120, {
    message: "validation.tooLong",
  }),
  nameEn: z.string().trim().max(120, { message: "validation.tooLong" }).default(""),
});
export type NextSeasonInput = z.output<typeof nextSeasonSchema>;

/**
 * "Create the first season" of an install that has none (a real deployment starts without the
 * demo data): its year, code and names. It starts with no dates and an empty category tree.
 */
export const firstSeasonSchema = nextSeasonSchema.omit({ fromYear: true });
export type FirstSeasonInput = z.output<typeof firstSeasonSchema>;

/** What the first-season form proposes: this year in Vietnam, code `VX<yy>`, the award's names. */
export function firstSeasonDefaults(now: Date): {
  year: number;
  code: string;
  nameVi: string;
  nameEn: string;
} {
  const year = Number(dayInVietnam(now).slice(0, 4));
  return {
    year,
    code: `VX${String(year).slice(2)}`,
    nameVi: `Giải thưởng Sáng tạo Quảng cáo Vạn Xuân ${year}`,
    nameEn: `Van Xuan Creative Advertising Awards ${year}`,
  };
}

/**
 * "Make this season current": the year the public site, header button and forms follow.
 * `acknowledgeOpen` is the admin's "I understand" that the outgoing season stops taking
 * registrations and new entries; the server requires it only while that season is still open
 * (`openIntakeOf`, by its own clock), so the form may always send it.
 */
export const makeCurrentSchema = z.object({ year: seasonYear, acknowledgeOpen: checkbox });
export type MakeCurrentInput = z.output<typeof makeCurrentSchema>;

/**
 * "Correct this season's year and code" (a season made by mistake, before anything is attached
 * to it): the same rules as a new season's year and code (`nextSeasonSchema`).
 */
export const correctSeasonSchema = z.object({
  fromYear: seasonYear,
  year: seasonYear,
  code: seasonCode,
});
export type CorrectSeasonInput = z.output<typeof correctSeasonSchema>;

/** "Delete this season": its year. */
export const deleteSeasonSchema = z.object({ year: seasonYear });

/**
 * What the current season still takes today, which making another season current stops:
 * new accounts follow the current season's registration window, and new entries can only be
 * started in the current season. Null when it takes neither.
 */
export interface OpenIntake {
  /** Registration is open until this instant (null: no closing date); null when not open. */
  registration: { closesAt: string | null } | null;
  /** New entries are taken until this instant (`late`: in the late period); null when not. */
  submission: { closesAt: string; late: boolean } | null;
}

/**
 * The season's open windows at `now`, by the same rules the registration and entry forms
 * apply (core/registration-window.ts, core/submission-window.ts: the late period included).
 * A registration window without either date is not counted: such a season never limited
 * registration, so there is no window of its own to stop.
 */
export function openIntakeOf(season: SeasonDates, now: Date): OpenIntake | null {
  const scheduled = season.registrationOpensAt !== null || season.registrationClosesAt !== null;
  const reg = registrationWindowState(season, now);
  const registration = scheduled && reg.state === "open" ? { closesAt: reg.closesAt } : null;
  const sub = submissionWindowState(season, now);
  const submission = sub.state === "open" ? { closesAt: sub.closesAt, late: sub.late } : null;
  return registration || submission ? { registration, submission } : null;
}

/**
 * What is tied to a season besides its own category tree, counted: a season with any of these
 * can be neither deleted nor have its year or code corrected (entry codes, payments, judging,
 * the public jury, winners, library and documents all point at it).
 */
export const SEASON_ATTACHMENTS = [
  "entries",
  "payments",
  "judgingRounds",
  "judges",
  "prizes",
  "libraryEntries",
  "documents",
  "contentPages",
  "juryMembers",
  "winners",
] as const;
export type SeasonAttachment = (typeof SEASON_ATTACHMENTS)[number];
export type SeasonAttachments = Record<SeasonAttachment, number>;

/** The kinds of things attached to a season, in `SEASON_ATTACHMENTS` order. */
export function attachedKinds(counts: SeasonAttachments): SeasonAttachment[] {
  return SEASON_ATTACHMENTS.filter((kind) => counts[kind] > 0);
}

/**
 * What the next-season form proposes: the first year after this season's that no season has
 * yet, and the year inside the names and code moved on to it.
 */
export function nextSeasonDefaults(
  season: { year: number; code: string; nameVi: string; nameEn: string },
  takenYears: readonly number[] = [],
): { year: number; code: string; nameVi: string; nameEn: string } {
  let year = season.year + 1;
  while (takenYears.includes(year)) year++;
  const short = (y: number) => String(y).slice(2);
  const code = season.code.endsWith(short(season.year))
    ? season.code.slice(0, -2) + short(year)
    : season.code;
  const rename = (name: string) => name.replaceAll(String(season.year), String(year));
  return { year, code, nameVi: rename(season.nameVi), nameEn: rename(season.nameEn) };
}

const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/**
 * An instant moved to the same wall-clock time `years` later in Vietnam (UTC+7, no daylight
 * saving; one year unless said). 29/02 has no twin in a common year: it becomes 28/02, still
 * the end of February.
 */
export function shiftYears(iso: string | null, years = 1): string | null {
  if (iso === null) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const local = new Date(time + VIETNAM_OFFSET_MS);
  const year = local.getUTCFullYear() + years;
  const month = local.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const shifted = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(shifted - VIETNAM_OFFSET_MS).toISOString();
}

/**
 * Every key date of a season, `years` on (one unless said): a season copied from 2026 into 2028
 * gets 2028's dates, not 2027's, which would overlap the season between.
 */
export function shiftSeasonDates(dates: SeasonDates, years = 1): SeasonDates {
  const out = {} as SeasonDates;
  for (const field of SEASON_DATE_FIELDS) out[field] = shiftYears(dates[field], years);
  return out;
}
