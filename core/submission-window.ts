/**
 * Where a season stands relative to its submission window (PRODUCT §2, seed §2). While open,
 * `closesAt` is the deadline in force now and `late` says whether the season is in its late
 * period: past the submission deadline but before its optional late deadline, when entries are
 * still taken at the late fee (core/fees.ts).
 */
export type SubmissionWindowState =
  | { state: "open"; closesAt: string; late: boolean }
  | { state: "not_yet_open"; opensAt: string }
  | { state: "closed"; closedAt: string }
  | { state: "unscheduled" };

export interface SubmissionWindow {
  submissionOpensAt: string | null;
  submissionClosesAt: string | null;
  /** Late entries are taken until this instant, when the season allows them. */
  lateDeadline?: string | null;
}

/**
 * Submission is open from `submissionOpensAt` (inclusive) until `submissionClosesAt`
 * (exclusive), then, when the season has a late deadline after it, late until that deadline
 * (exclusive). A season without both dates has no window yet and is treated as closed.
 */
export function submissionWindowState(window: SubmissionWindow, now: Date): SubmissionWindowState {
  const { submissionOpensAt, submissionClosesAt } = window;
  if (!submissionOpensAt || !submissionClosesAt) return { state: "unscheduled" };
  const opens = Date.parse(submissionOpensAt);
  const closes = Date.parse(submissionClosesAt);
  // An unreadable date must never open submission.
  if (Number.isNaN(opens) || Number.isNaN(closes)) return { state: "unscheduled" };
  const t = now.getTime();
  if (t < opens) return { state: "not_yet_open", opensAt: submissionOpensAt };
  if (t < closes) return { state: "open", closesAt: submissionClosesAt, late: false };
  const lateDeadline = lastSubmissionDeadline({
    submissionClosesAt,
    lateDeadline: window.lateDeadline ?? null,
  });
  if (lateDeadline !== submissionClosesAt && t < Date.parse(lateDeadline)) {
    return { state: "open", closesAt: lateDeadline, late: true };
  }
  return { state: "closed", closedAt: lateDeadline };
}

/**
 * The last instant entries are taken: the late deadline when the season has a readable one
 * after the submission deadline, else the submission deadline.
 */
export function lastSubmissionDeadline(window: {
  submissionClosesAt: string;
  lateDeadline: string | null;
}): string {
  const { submissionClosesAt, lateDeadline } = window;
  if (!lateDeadline) return submissionClosesAt;
  const late = Date.parse(lateDeadline);
  return !Number.isNaN(late) && late > Date.parse(submissionClosesAt)
    ? lateDeadline
    : submissionClosesAt;
}

/**
 * Whether an entry first submitted at `submittedAt` came in after the season's submission
 * deadline: in its late period, at the late fee (what staff see marked on the entry).
 */
export function submittedAfterDeadline(
  submittedAt: string | null,
  window: Pick<SubmissionWindow, "submissionClosesAt">,
): boolean {
  if (!submittedAt) return false;
  const from = lateSubmissionsFrom(window);
  const submitted = Date.parse(submittedAt);
  return from !== null && !Number.isNaN(submitted) && submitted >= Date.parse(from);
}

/**
 * The instant from which a submission is late (`submittedAfterDeadline`), written as the
 * entries' submission times are (`Date#toISOString`, UTC with milliseconds), so a query can
 * compare them as text; null when the season has no readable submission deadline (no entry of
 * it is late).
 */
export function lateSubmissionsFrom(
  window: Pick<SubmissionWindow, "submissionClosesAt">,
): string | null {
  if (!window.submissionClosesAt) return null;
  const closes = Date.parse(window.submissionClosesAt);
  return Number.isNaN(closes) ? null : new Date(closes).toISOString();
}
