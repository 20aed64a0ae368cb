/** Where a season stands relative to its submission window (PRODUCT §2, seed §2). */
export type SubmissionWindowState =
  | { state: "open"; closesAt: string }
  | { state: "not_yet_open"; opensAt: string }
  | { state: "closed"; closedAt: string }
  | { state: "unscheduled" };

export interface SubmissionWindow {
  submissionOpensAt: string | null;
  submissionClosesAt: string | null;
}

/**
 * Submission is open from `submissionOpensAt` (inclusive) until `submissionClosesAt`
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
  if (t >= closes) return { state: "closed", closedAt: submissionClosesAt };
  return { state: "open", closesAt: submissionClosesAt };
}
