import { isEditableByEntrant, type EntryStatus } from "./entry-status";
import { lastSubmissionDeadline, type SubmissionWindow } from "./submission-window";

/**
 * When an entry stops being editable by its entrant, and what decides it: `changesDue` the
 * date staff gave an entry sent back for changes, `window` the end of the season's submission
 * window (its late deadline when it has one). `at` is that instant (ISO).
 */
export interface EntryLock {
  at: string;
  by: "changesDue" | "window";
}

/**
 * The moment editing ends for an entry in `status`, as the server's write checks apply it
 * (`entryWindowProblem`): an editable entry follows the season's window; one sent back for
 * changes stays open while either its due date has not passed or the window is still open,
 * so it locks at the later of the two once the window has opened. Null for an entry its
 * entrant can no longer change whatever the date, or when nothing is scheduled.
 */
export function entryLocksAt(
  entry: { status: EntryStatus; changesDueAt: string | null },
  window: SubmissionWindow,
  now: Date,
): EntryLock | null {
  if (!isEditableByEntrant(entry.status)) return null;
  const end = windowEnd(window);
  const due = entry.status === "needs_changes" ? readable(entry.changesDueAt) : null;
  if (due === null) return end === null ? null : { at: end, by: "window" };
  // Before the window opens, nothing but the due date keeps the entry open.
  const opens = Date.parse(window.submissionOpensAt ?? "");
  const opened = !Number.isNaN(opens) && now.getTime() >= opens;
  if (end !== null && opened && Date.parse(end) > Date.parse(due)) return { at: end, by: "window" };
  return { at: due, by: "changesDue" };
}

/** The last instant the season takes entries, or null when it has no readable window. */
function windowEnd(window: SubmissionWindow): string | null {
  if (!window.submissionClosesAt || readable(window.submissionOpensAt) === null) return null;
  return readable(
    lastSubmissionDeadline({
      submissionClosesAt: window.submissionClosesAt,
      lateDeadline: window.lateDeadline ?? null,
    }),
  );
}

function readable(iso: string | null | undefined): string | null {
  return iso && !Number.isNaN(Date.parse(iso)) ? iso : null;
}
