import {
  isEditableByEntrant,
  isReopenedForChanges,
  type EntryStatus,
} from "../../../core/entry-status";
import { refusal, type RefusalStatus } from "../../../core/refusal";
import { submissionWindowState, type SubmissionWindow } from "../../../core/submission-window";
import type { SeasonFacts } from "./load";
import type { EntryFailure } from "./types";

/**
 * The refusals the entries operations share, in the one `Refusal` shape. The i18n keys are
 * the person's message; the status is what a page or the upload endpoint answers with.
 */

export function refuse(status: RefusalStatus, key: string): EntryFailure {
  return refusal(status, key);
}

/** No such entry, or not the caller's: the same answer, so ids cannot be probed. */
export const notFound = (): EntryFailure => refusal(404, "entry.problems.notFound");

/** Staff accounts and other users without a registrant profile cannot enter. */
export const notEntrant = (): EntryFailure => refusal(403, "entry.problems.notEntrant");

/** A rule broken by the values: `fieldErrors` maps form fields to i18n keys. */
export function invalid(
  fieldErrors: Record<string, string>,
  formError = "entry.problems.invalid",
): EntryFailure {
  return refusal(422, formError, fieldErrors);
}

/** One field's rule broken: its message for the form as a whole and at the field. */
export const invalidField = (field: string, key: string): EntryFailure =>
  invalid({ [field]: key }, key);

/** A season row's submission window, as core/submission-window.ts reads it. */
export function windowOf(
  season: Pick<SeasonFacts, "submission_opens_at" | "submission_closes_at" | "late_deadline">,
): SubmissionWindow {
  return {
    submissionOpensAt: season.submission_opens_at,
    submissionClosesAt: season.submission_closes_at,
    lateDeadline: season.late_deadline,
  };
}

/** The season's window as a refusal, or null while submission is open. */
export function windowProblem(season: SeasonFacts, now: Date): EntryFailure | null {
  const state = submissionWindowState(windowOf(season), now).state;
  if (state === "open") return null;
  return refusal(
    403,
    state === "closed" ? "entry.problems.submissionClosed" : "entry.problems.submissionNotOpen",
  );
}

/**
 * The window that applies to this entry: an entry sent back for changes is open until the
 * date staff set, even after the season's deadline; any other entry follows the season.
 */
export function entryWindowProblem(
  row: { status: string; changes_due_at: string | null },
  season: SeasonFacts,
  now: Date,
): EntryFailure | null {
  if (isReopenedForChanges(row.status as EntryStatus, row.changes_due_at, now)) return null;
  return windowProblem(season, now);
}

/** Refusal when the entrant may not change the entry now (status, then the entry's window). */
export function writeProblem(
  loaded: { row: { status: string; changes_due_at: string | null }; season: SeasonFacts },
  now: Date,
): EntryFailure | null {
  if (!isEditableByEntrant(loaded.row.status as EntryStatus)) {
    return refusal(409, "entry.problems.notEditable");
  }
  return entryWindowProblem(loaded.row, loaded.season, now);
}

/** The HTTP status of a refusal, for the upload endpoint. */
export function entryErrorStatus(failure: Pick<EntryFailure, "status">): number {
  return failure.status;
}
