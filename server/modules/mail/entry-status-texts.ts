import { formatVietnamDateTime } from "../../../core/dates";
import type { EntryLock } from "../../../core/entry-lock";
import type { EntryStatus } from "../../../core/entry-status";
import type vi from "../../../core/i18n/vi.json";

/**
 * The texts of the status-change email (`entryStatusChanged`): which intro, which facts and
 * which note, from what the entry's move was. The layout is templates.ts's, as for every email.
 */

/**
 * `status` is the new status; `resubmitted` when the entrant sent it back after changes;
 * `reopened` when the secretariat took its screening decision back (the status is `paid`);
 * `reason` the staff member's words ("" for none); `editableUntil` for needs_changes: when
 * editing ends (core/entry-lock.ts: the due date, or the season's window when that ends later).
 * `url` is the entry's edit page for needs_changes, else the entrant's dashboard.
 */
export interface EntryStatusChangedData {
  name: string;
  url: string;
  code: string;
  title: string;
  status: EntryStatus;
  resubmitted?: boolean;
  reopened?: boolean;
  reason: string;
  editableUntil: EntryLock | null;
}

type EmailTexts = typeof vi.email;
export type StatusNames = Record<EntryStatus, string>;
type Details = { label: string; value: string }[];

/** The longest entry title a subject line carries (the body has it whole). */
const SUBJECT_TITLE_MAX = 60;

/** What a status-change email says, read from its data (`vars` gains what its texts name). */
export interface StatusFacts {
  kind: EntryStatus | "resubmitted" | "reopened";
  /** Editing re-opened until a date: the email leads to the edit page. */
  changes: boolean;
  /** That date is the end of the season's submission window, not the one staff gave. */
  untilWindowEnd: boolean;
  note: string;
}

export function statusFacts(
  data: EntryStatusChangedData,
  texts: EmailTexts["entryStatusChanged"],
  statuses: StatusNames,
  vars: Record<string, string>,
): StatusFacts {
  const title = oneLine(data.title);
  vars.code = oneLine(data.code);
  vars.title = title;
  vars.subjectTitle =
    title.length > SUBJECT_TITLE_MAX
      ? `${title.slice(0, SUBJECT_TITLE_MAX - 1).trimEnd()}…`
      : title;
  // A resubmission or a reopened screening says what happened to the entry, not only the
  // status it lands in: "paid" alone would read as a payment just made.
  const told: Partial<Record<EntryStatus, string>> | undefined = data.resubmitted
    ? texts.resubmittedStatus
    : data.reopened
      ? texts.reopenedStatus
      : undefined;
  vars.status = told?.[data.status] ?? statuses[data.status] ?? data.status;
  vars.dueAt = formatVietnamDateTime(data.editableUntil?.at);
  const changes = data.status === "needs_changes" && vars.dueAt !== "";
  return {
    kind: data.resubmitted ? "resubmitted" : data.reopened ? "reopened" : data.status,
    changes,
    untilWindowEnd: changes && data.editableUntil?.by === "window",
    note: paragraphs(data.reason),
  };
}

export function statusIntro(email: EmailTexts, status: StatusFacts): string {
  const texts = email.entryStatusChanged;
  const intros: Record<string, string> = texts.intros;
  const intro = intros[status.kind];
  // The needs_changes text names the date: without one it falls back to the plain sentence.
  if (!intro || (status.kind === "needs_changes" && !status.changes)) return texts.intro;
  return status.untilWindowEnd ? texts.introChangesUntilClose : intro;
}

export function statusDetails(
  email: EmailTexts,
  status: StatusFacts,
  vars: Record<string, string>,
): Details {
  const texts = email.entryStatusChanged;
  return [
    { label: texts.codeLabel, value: vars.code ?? "" },
    { label: texts.titleLabel, value: vars.title ?? "" },
    { label: texts.statusLabel, value: vars.status ?? "" },
    { label: texts.dueLabel, value: status.changes ? (vars.dueAt ?? "") : "" },
  ].filter((line) => line.value !== "");
}

export function statusNoteLabel(email: EmailTexts, status: StatusFacts): string {
  const texts = email.entryStatusChanged;
  return status.kind === "needs_changes" ? texts.changesLabel : texts.reasonLabel;
}

/** Free text kept as lines and paragraphs: control characters dropped, at most one blank line. */
export function paragraphs(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u2028\u2029]/g, " ")
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/** One line of text: control characters and line breaks become spaces. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, " ").trim();
}
