import type { StaffRole } from "./roles";

/**
 * The life of an entry (PRODUCT §3):
 *
 *   draft → submitted → paid → accepted | needs_changes | rejected
 *   accepted → shortlisted → winner | finalist | not_awarded
 *   needs_changes → submitted (the entrant fixes it and submits again)
 *   needs_changes → needs_changes (a new due date) | rejected (never fixed)
 *   accepted | needs_changes | rejected → paid (screening reopened: a decision taken back)
 *   withdrawn from any state before judging
 *
 * "Before judging" for the entrant: an entry screened in (accepted) can be withdrawn until a
 * round of its season opens, because round 1 judges every accepted entry from then on
 * (`entrantMayWithdraw`). Admin keeps the move, with its reason recorded, for what only staff
 * can settle (a rights dispute, a disqualification) while judging runs.
 *
 * Who moves an entry:
 * - the entrant submits, resubmits and withdraws their own entry;
 * - "system" is the payment machinery (VNPay IPN, bank statement matching by memo), which
 *   marks an entry paid, and the resubmission step (below);
 * - finance confirms a bank transfer by hand; the secretariat (admin, jury_manager) screens
 *   paid entries and records the judging outcome — by hand, or through judging itself:
 *   advancing shortlists, publishing the winners gives every judged entry its result
 *   (core/judging-outcomes.ts); admin can do anything staff can.
 *
 * A resubmitted entry (needs_changes → submitted) has usually been paid already: payments
 * live in their own records and a paid entry is never charged twice, so the server moves it
 * on to `paid` at once (actor "system") and it comes back to screening.
 *
 * Screening can be reopened by the secretariat when its decision was a mistake: the entry goes
 * back to `paid`, waiting to be screened again. It is a move of its own (`reopensScreening`):
 * one entry at a time with a reason the entrant is emailed, never part of a bulk change (a
 * bulk "mark paid" must not undo decisions), only while its fee still stands (not refunded
 * since it was paid), and for an accepted entry only until judging begins in its season.
 *
 * Judging starts when an entry is shortlisted; an accepted entry that judging does not
 * shortlist ends as `not_awarded`. Withdrawn and the three results are final; rejected is
 * final but for a reopened screening.
 * Every transition is recorded (who, when, why) by the server, which also emails the entrant.
 */

export const ENTRY_STATUSES = [
  "draft",
  "submitted",
  "paid",
  "accepted",
  "needs_changes",
  "rejected",
  "shortlisted",
  "winner",
  "finalist",
  "not_awarded",
  "withdrawn",
] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export type EntryActor = "entrant" | "system" | StaffRole;

const ENTRANT = ["entrant"] as const;
const PAYMENT = ["system", "finance", "admin"] as const;
const SECRETARIAT = ["jury_manager", "admin"] as const;
const WITHDRAW = ["entrant", "admin"] as const;
const SYSTEM = ["system"] as const;

/** Entries that have passed screening, in any later state: what round 1 judges. */
export const JUDGEABLE_STATUSES = [
  "accepted",
  "shortlisted",
  "winner",
  "finalist",
  "not_awarded",
] as const satisfies readonly EntryStatus[];

/**
 * Whether an entry in `status` stays in the competition when its fee is refunded: a refund
 * hands back only an entry waiting to be screened (paid → submitted); one screened in, sent
 * back for changes, or judged keeps its status, and is judged unless staff withdraw it.
 */
export function staysInAfterRefund(status: EntryStatus): boolean {
  return status === "needs_changes" || (JUDGEABLE_STATUSES as readonly string[]).includes(status);
}

/** Every allowed move and who may make it. */
const TRANSITIONS: Readonly<
  Record<EntryStatus, Readonly<Partial<Record<EntryStatus, readonly EntryActor[]>>>>
> = {
  draft: { submitted: ENTRANT, withdrawn: WITHDRAW },
  submitted: { paid: PAYMENT, withdrawn: WITHDRAW },
  paid: {
    // A refunded payment hands its entries back (the refund moves them, never a staff page).
    submitted: SYSTEM,
    accepted: SECRETARIAT,
    needs_changes: SECRETARIAT,
    rejected: SECRETARIAT,
    withdrawn: WITHDRAW,
  },
  // The secretariat can give more time (the same status with a new date, emailed) or close
  // an entry its entrant never fixed; otherwise it would wait in this state for good.
  needs_changes: {
    submitted: ENTRANT,
    paid: SECRETARIAT,
    needs_changes: SECRETARIAT,
    rejected: SECRETARIAT,
    withdrawn: WITHDRAW,
  },
  accepted: {
    paid: SECRETARIAT,
    shortlisted: SECRETARIAT,
    not_awarded: SECRETARIAT,
    withdrawn: WITHDRAW,
  },
  rejected: { paid: SECRETARIAT },
  shortlisted: { winner: SECRETARIAT, finalist: SECRETARIAT, not_awarded: SECRETARIAT },
  winner: {},
  finalist: {},
  not_awarded: {},
  withdrawn: {},
};

export function isEntryStatus(value: unknown): value is EntryStatus {
  return typeof value === "string" && (ENTRY_STATUSES as readonly string[]).includes(value);
}

/** Whether `actor` may move an entry from `from` to `to`. */
export function canTransition(from: EntryStatus, to: EntryStatus, actor: EntryActor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses an entry can move to from `from`, by anyone, in the order of ENTRY_STATUSES. */
export function nextStatuses(from: EntryStatus): EntryStatus[] {
  return ENTRY_STATUSES.filter((to) => TRANSITIONS[from][to] !== undefined);
}

/** The statuses `actor` may move an entry to from `from` (for the buttons a page shows). */
export function nextStatusesFor(from: EntryStatus, actor: EntryActor): EntryStatus[] {
  return nextStatuses(from).filter((to) => canTransition(from, to, actor));
}

/**
 * Whether the entrant may withdraw an entry in `status` now: a move the table allows them,
 * and not once it is being judged (`judgingBegun`: a round of its season is no longer a draft).
 */
export function entrantMayWithdraw(status: EntryStatus, judgingBegun: boolean): boolean {
  if (!canTransition(status, "withdrawn", "entrant")) return false;
  return !(judgingBegun && (JUDGEABLE_STATUSES as readonly EntryStatus[]).includes(status));
}

/** Nothing more happens to an entry in these states. */
export function isFinalStatus(status: EntryStatus): boolean {
  return nextStatuses(status).length === 0;
}

/**
 * The states where an entrant may still change the entry: until the submission deadline, and
 * an entry sent back for changes until the date staff set (`isReopenedForChanges`).
 */
export const ENTRANT_EDITABLE_STATUSES = [
  "draft",
  "submitted",
  "paid",
  "needs_changes",
] as const satisfies readonly EntryStatus[];

export function isEditableByEntrant(status: EntryStatus): boolean {
  return (ENTRANT_EDITABLE_STATUSES as readonly EntryStatus[]).includes(status);
}

/**
 * Whether an entry sent back for changes is open to its owner at `now` whatever the season's
 * window says: until `changesDueAt` (the end of the day staff chose), then locked like any
 * other entry after the deadline.
 */
export function isReopenedForChanges(
  status: EntryStatus,
  changesDueAt: string | null,
  now: Date,
): boolean {
  if (status !== "needs_changes" || !changesDueAt) return false;
  const due = Date.parse(changesDueAt);
  return !Number.isNaN(due) && now.getTime() <= due;
}

/**
 * Where an entry resubmitted after `needs_changes` ends up: an entry that was already paid is
 * never charged twice, so it moves on to `paid` at once (actor "system") and comes back to
 * screening; one that was never paid waits for its payment as `submitted`.
 */
export function statusAfterResubmission(wasPaid: boolean): EntryStatus {
  return wasPaid ? "paid" : "submitted";
}

/** Entries that have been submitted and not withdrawn or rejected count for fees and judging. */
export function isSubmittedStatus(status: EntryStatus): boolean {
  return status !== "draft" && status !== "withdrawn" && status !== "rejected";
}

/** The outcomes of screening, each of which the secretariat may take back. */
export const SCREENING_OUTCOMES = [
  "accepted",
  "needs_changes",
  "rejected",
] as const satisfies readonly EntryStatus[];

/**
 * Whether moving `from` → `to` reopens screening: a screened entry back to `paid`, its
 * decision taken back. Allowed one entry at a time, with a reason, while the fee stands.
 */
export function reopensScreening(from: EntryStatus, to: EntryStatus): boolean {
  return to === "paid" && (SCREENING_OUTCOMES as readonly EntryStatus[]).includes(from);
}

/**
 * Whether a reopened screening may take this entry back now: an accepted entry is judged in
 * round 1 from the moment a round of its season opens (`judgingBegun`), and stays there.
 */
export function mayReopenScreening(from: EntryStatus, judgingBegun: boolean): boolean {
  return !(from === "accepted" && judgingBegun);
}

/**
 * Moves whose "why" the entrant must be told: the secretariat has to write a reason. With
 * `from`, a reopened screening too (without it, the moves that need one whatever the state).
 */
export function transitionNeedsReason(to: EntryStatus, from?: EntryStatus): boolean {
  return (
    to === "needs_changes" ||
    to === "rejected" ||
    (from !== undefined && reopensScreening(from, to))
  );
}

/** The i18n key of a status name (`entry.status.needs_changes`). */
export function entryStatusLabelKey(status: EntryStatus): string {
  return `entry.status.${status}`;
}
