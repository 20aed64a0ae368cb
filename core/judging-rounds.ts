import { z } from "zod";
import { optionalDayField } from "./date-fields";
import { formatDay } from "./dates";
import { DEFAULT_CRITERIA, type Criterion } from "./judging-criteria";
import { RESULT_METHODS } from "./judging-results";

/**
 * Judging rounds (PRODUCT §4): a season has one or more rounds, each `draft → open → closed →
 * locked`. Only an open round takes scores; a closed round can open again (a judge forgot
 * one), a locked one is final. Round 1 judges the season's accepted entries; a later round the
 * entries advanced into it. The forms of the jury manager's pages, in i18n keys.
 */

export const ROUND_STATES = ["draft", "open", "closed", "locked"] as const;
export type RoundState = (typeof ROUND_STATES)[number];

const MOVES: Readonly<Record<RoundState, readonly RoundState[]>> = {
  draft: ["open"],
  open: ["closed"],
  closed: ["open", "locked"],
  locked: [],
};

export function nextRoundStates(from: RoundState): readonly RoundState[] {
  return MOVES[from];
}

export function canMoveRound(from: RoundState, to: RoundState): boolean {
  return MOVES[from].includes(to);
}

/**
 * Why a round cannot move from `from` to `to` now (an i18n key), or null when it can. A closed
 * round opens again only while its season's winners are unpublished: once they are public,
 * judges changing scores would change what the published results rest on.
 */
export function roundMoveRefusal(
  from: RoundState,
  to: RoundState,
  season: { winnersPublished: boolean },
): string | null {
  if (!canMoveRound(from, to)) return "judging.errors.roundMove";
  if (from === "closed" && to === "open" && season.winnersPublished)
    return "judging.errors.reopenPublished";
  return null;
}

/**
 * Why a round's entries cannot advance now (an i18n key), or null when they can: the round
 * must be closed or locked, and the next round must exist and still be to judge (a closed next
 * round has been judged: an entry put in now would reach its results unscored).
 */
export function advanceRefusal(state: RoundState, next: RoundState | null): string | null {
  if (state !== "closed" && state !== "locked") return "judging.errors.advanceOpen";
  if (next === null) return "judging.errors.noNextRound";
  if (next === "locked") return "judging.errors.nextRoundLocked";
  if (next === "closed") return "judging.errors.nextRoundClosed";
  return null;
}

/** A round that took scores and takes none any more (its judges are told so, by name). */
export function roundClosedForScoring(state: RoundState): boolean {
  return state === "closed" || state === "locked";
}

/**
 * Whether a round takes a judge's writes (a score, its update or deletion, a declared conflict)
 * on `today`, an ISO day in Vietnam: "open" while its state is open and today is within its
 * dates, both days included (a missing bound is no limit); "notYet" before its first day and
 * "ended" after its last while still open; otherwise its state (draft, closed, locked). The
 * state says what the manager decided, the dates when judges may act on it: both must agree.
 */
export type RoundScoringState = "open" | "notYet" | "ended" | Exclude<RoundState, "open">;

export interface ScoringWindow {
  state: RoundState;
  startsOn: string | null;
  endsOn: string | null;
}

export function roundScoringState(round: ScoringWindow, today: string): RoundScoringState {
  if (round.state !== "open") return round.state;
  // ISO days compare as text.
  if (round.startsOn && today < round.startsOn) return "notYet";
  if (round.endsOn && today > round.endsOn) return "ended";
  return "open";
}

/**
 * Why a judge cannot score in a round now, as an i18n key and its values (days as DD/MM/YYYY),
 * or null when they can: what the server refuses with and the portal shows.
 */
export function roundScoringMessage(
  round: ScoringWindow,
  scoring: RoundScoringState,
): { key: string; values?: { date: string } } | null {
  if (scoring === "open") return null;
  if (scoring === "notYet")
    return { key: "judging.errors.roundNotYet", values: { date: formatDay(round.startsOn) } };
  if (scoring === "ended")
    return { key: "judging.errors.roundEnded", values: { date: formatDay(round.endsOn) } };
  return { key: "judging.errors.roundNotOpen" };
}

/** Criteria and assignments may change until the first score could exist. */
export function roundIsEditable(state: RoundState): boolean {
  return state === "draft";
}

/** Entries that have passed screening, in any later state: what round 1 judges. */
export { JUDGEABLE_STATUSES } from "./entry-status";

const trimmed = (max: number) =>
  z.string().trim().max(max, { message: "validation.tooLong" }).default("");
const required = (max: number) =>
  z
    .string({ message: "validation.required" })
    .trim()
    .min(1, { message: "validation.required" })
    .max(max, { message: "validation.tooLong" });
export const roundFormSchema = z
  .object({
    nameVi: required(120),
    nameEn: required(120),
    startsOn: optionalDayField(),
    endsOn: optionalDayField(),
    method: z.enum(RESULT_METHODS, { message: "judging.validation.method" }).default("mean"),
  })
  .superRefine((v, ctx) => {
    if (v.startsOn && v.endsOn && v.endsOn < v.startsOn) {
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "judging.validation.endsBefore" });
    }
  });
export type RoundForm = z.output<typeof roundFormSchema>;

export const roundStateSchema = z.object({
  to: z.enum(ROUND_STATES, { message: "judging.validation.state" }),
});

export const CRITERIA_MAX = 12;

/**
 * The criteria editor posts `criteria` as JSON: each a key, both names, a whole weight 1–10
 * and a scale (min 0–1, max 5–100). Keys are unique.
 */
export const criteriaFormSchema = z.object({
  criteria: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "judging.validation.criteria" });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(
          z
            .object({
              key: z
                .string()
                .trim()
                .regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/, {
                  message: "judging.validation.criterionKey",
                }),
              name: z.object({ vi: required(200), en: required(200) }),
              weight: z.coerce
                .number()
                .int({ message: "judging.validation.weight" })
                .min(1, { message: "judging.validation.weight" })
                .max(10, { message: "judging.validation.weight" }),
              min: z.coerce
                .number()
                .int({ message: "judging.validation.scale" })
                .min(0, { message: "judging.validation.scale" })
                .max(1, { message: "judging.validation.scale" }),
              max: z.coerce
                .number()
                .int({ message: "judging.validation.scale" })
                .min(5, { message: "judging.validation.scale" })
                .max(100, { message: "judging.validation.scale" }),
            })
            .strict(),
        )
        .min(1, { message: "judging.validation.criteriaEmpty" })
        .max(CRITERIA_MAX, { message: "judging.validation.criteriaTooMany" })
        .refine((list) => new Set(list.map((c) => c.key)).size === list.length, {
          message: "judging.validation.criterionKeyTaken",
        }),
    ),
});

/** A round's criteria as stored, or the defaults when the text is unreadable. */
export function parseCriteria(text: string): Criterion[] {
  const parsed = criteriaFormSchema.safeParse({ criteria: text });
  return parsed.success ? parsed.data.criteria : DEFAULT_CRITERIA.map((c) => ({ ...c }));
}

/** Assign a judge to a category of the season, or to one entry (by its code). */
export const assignmentFormSchema = z
  .object({
    judgeId: z.string().uuid({ message: "judging.validation.judge" }),
    categoryId: z.coerce.number().int().positive().optional().catch(undefined),
    entryCode: z
      .string()
      .trim()
      .toUpperCase()
      .max(40, { message: "validation.tooLong" })
      .default(""),
  })
  .superRefine((v, ctx) => {
    if (!v.categoryId && v.entryCode === "") {
      ctx.addIssue({
        code: "custom",
        path: ["categoryId"],
        message: "judging.validation.assignmentTarget",
      });
    }
    // One assignment is one target: a category and a code together would leave one unused.
    if (v.categoryId && v.entryCode !== "") {
      ctx.addIssue({
        code: "custom",
        path: ["entryCode"],
        message: "judging.validation.assignmentBoth",
      });
    }
  });

/** Advance to the next round: the best N of each category, or every entry at or above a value. */
export const advanceFormSchema = z.discriminatedUnion("rule", [
  z.object({
    rule: z.literal("top"),
    count: z.coerce
      .number({ message: "judging.validation.topCount" })
      .int({ message: "judging.validation.topCount" })
      .min(1, { message: "judging.validation.topCount" })
      .max(1000, { message: "judging.validation.topCount" }),
  }),
  z.object({
    rule: z.literal("threshold"),
    threshold: z.coerce
      .number({ message: "judging.validation.threshold" })
      .min(-100, { message: "judging.validation.threshold" })
      .max(100, { message: "judging.validation.threshold" }),
  }),
]);

/** A judge of the season: name, email, language of their emails, the public profile. */
export const judgeFormSchema = z.object({
  name: required(120),
  email: z
    .string({ message: "validation.required" })
    .trim()
    .toLowerCase()
    .min(1, { message: "validation.required" })
    .max(254, { message: "validation.tooLong" })
    .email({ message: "validation.email" }),
  lang: z.enum(["vi", "en"]).default("vi"),
  juryMemberId: z.coerce.number().int().positive().optional().catch(undefined),
});
export type JudgeForm = z.output<typeof judgeFormSchema>;

/** A judge kept away from one registrant's entries (judge ↔ company). */
export const exclusionFormSchema = z.object({
  judgeId: z.string().uuid({ message: "judging.validation.judge" }),
  registrantId: required(64),
  note: trimmed(300),
});

/** A judge's declaration of a conflict of interest on an entry. */
export const conflictSchema = z.object({ note: trimmed(300) });

/** A score written through the portal: the sheet, and the version the judge's screen showed. */
export const scoreVersionSchema = z.object({
  version: z.coerce.number().int().min(0).nullable().default(null),
});
