import type { Bilingual } from "../../../core/languages";
import type { EntryDraft, EntryDraftInput } from "../../../core/entry";
import type { EntryFileField } from "../../../core/entry-limits";
import type { EntryLock } from "../../../core/entry-lock";
import type { EntryStatus } from "../../../core/entry-status";
import type { FeeQuote } from "../../../core/fees";
import type { Refusal } from "../../../core/refusal";
import type { RegistrantType } from "../../../core/registration";
import type { SubmissionWindowState } from "../../../core/submission-window";

/**
 * The entries domain's public shapes. Ids of entries and files are opaque strings
 * (UUIDs); track and category ids are the catalogue's numeric ids written as strings, as the
 * form sends them (`trackId: "3"`).
 */

/**
 * An operation's refusal: the one `Refusal` shape (status + i18n keys) with what only entries
 * add. Statuses: 404 no such entry or not the caller's (never tells which); 403 the window is
 * not open, the caller has no registrant profile, or the address is unconfirmed at submit;
 * 409 the status does not allow it, or (with `entry`) a stale `version`; 422 the patch or
 * file breaks a rule (`fieldErrors`), or submit found items `missing`.
 */
export interface EntryFailure extends Refusal {
  /** For 422 at submit: what is missing, in the form's order. */
  missing?: MissingItem[];
  /** For a version conflict: the entry as it is now, so the form can offer to reload it. */
  entry?: EntryView;
  /** For a withdrawal refused while a pending payment holds the entry: its reference. */
  paymentReference?: string;
}

export type EntryResult<T extends object = object> = ({ ok: true } & T) | EntryFailure;

/** One missing requirement: the form field to link to and the message to show there. */
export interface MissingItem {
  /** The form field (`imageIds`, `legalCommitmentFileId` …). */
  field: string;
  /** The field's validation message (`validation.entryImagesRequired`). */
  messageKey: string;
  /** The dashboard's name for it (`entry.missing.images`). */
  itemKey: string;
}

/** An attached file as stored (storage key for the server; never the uploaded name on disk). */
export interface EntryFileView {
  id: string;
  field: EntryFileField;
  storageKey: string;
  /** The uploaded name, cleaned, for display only. */
  name: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** Derived variants (H1's media module decides the shape), as given to attachFile. */
  variants: unknown;
  sortOrder: number;
  createdAt: string;
  /**
   * Whether its owner may remove it: always in a draft; once submitted, not when it is the
   * last file meeting a requirement (it is replaced instead; remove-file.ts refuses).
   */
  removable: boolean;
}

export interface EntryCategoryRef {
  id: string;
  slug: string;
  code: string;
  name: Bilingual;
  groupName: Bilingual;
  feeVnd: number;
  videoRequired: boolean;
}

export interface EntryTrackRef {
  id: string;
  slug: string;
  code: string;
  name: Bilingual;
}

/**
 * An entry sent back for changes: the staff member's reason, the date they gave (ISO, the end
 * of that day in Vietnam) and when editing really ends (`editableUntil`): that date, or the
 * end of the season's submission window while that comes later (core/entry-lock.ts).
 */
export interface ChangesRequested {
  reason: string;
  dueAt: string;
  editableUntil: EntryLock;
}

/** An entry as its owner (or staff) sees it. */
export interface EntryView {
  id: string;
  ownerUserId: string;
  seasonYear: number;
  /** Issued when the entry is first saved with a category; null before. */
  code: string | null;
  status: EntryStatus;
  /** Send it back with the next save (optimistic concurrency). */
  version: number;
  /** Moves with every status change: a staff form sends it back to detect a concurrent change. */
  statusVersion: number;
  /** While `needs_changes`: what to fix and until when. */
  changesRequested: ChangesRequested | null;
  track: EntryTrackRef | null;
  category: EntryCategoryRef | null;
  /** The form's values, file ids included (from the attached files), as entryDraftSchema outputs. */
  values: EntryDraft;
  files: EntryFileView[];
  /**
   * What submit would still ask for (`entry.missing.*` keys), given the category's video rule
   * and not counting the files judges cannot receive.
   */
  missing: MissingItem[];
  /**
   * The ids of its films and documents judges cannot receive (the judges'-copy job refused
   * them): they count towards no requirement (core `SubmissionOptions.unjudgeableFileIds`).
   */
  unjudgeableFileIds: string[];
  /** Whether the entrant may change it now (status, the season's window or the changes date). */
  editable: boolean;
  /** Whether the entrant may withdraw it now (its status, and not once it is being judged). */
  withdrawable: boolean;
  /** Whether a round of its season has opened: its accepted entries are being judged. */
  judgingBegun: boolean;
  /** Whether the entrant may delete it: a draft that never went in (once submitted, withdraw). */
  deletable: boolean;
  /**
   * The last instant the season takes entries (ISO): its late deadline when it has one, else
   * its submission deadline; null when unscheduled.
   */
  entriesCloseAt: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  /** First submitted after the season's submission deadline (in its late period). */
  submittedLate: boolean;
  withdrawnAt: string | null;
}

/** One row of the entrant's dashboard. */
export interface EntrySummary {
  id: string;
  code: string | null;
  seasonYear: number;
  /** The campaign / project / artwork name ("" while not given). */
  title: string;
  brandName: string;
  status: EntryStatus;
  track: { id: string; name: Bilingual } | null;
  /** With its group: several groups have a category of the same name ("Chiến dịch"). */
  category: { id: string; name: Bilingual; groupName: Bilingual } | null;
  /**
   * What submit would still ask for, as i18n keys (`entry.missing.images`, …) in the form's
   * order: the dashboard lists them; the form itself says why each field is refused.
   */
  missing: string[];
  missingCount: number;
  /**
   * The price if paid now (tier + amount) and the last day that tier holds; null without a
   * category or when payment is closed.
   */
  fee: (FeeQuote & { holdsUntil: string | null }) | null;
  /** What the entrant still owes for it: the fee for draft/submitted entries, else 0. */
  feeDueVnd: number;
  editable: boolean;
  /** While `needs_changes`: what to fix and until when. */
  changesRequested: ChangesRequested | null;
  updatedAt: string;
  submittedAt: string | null;
}

/** What the form offers: the season, its window and the categories open to the registrant. */
export interface EntryFormOptions {
  seasonYear: number;
  submission: SubmissionWindowState;
  registrantType: RegistrantType;
  tracks: {
    id: string;
    slug: string;
    code: string;
    name: Bilingual;
    groups: {
      slug: string;
      name: Bilingual;
      categories: {
        id: string;
        slug: string;
        code: string;
        name: Bilingual;
        description: Bilingual;
        feeVnd: number;
        videoRequired: boolean;
      }[];
    }[];
  }[];
}

/** The file facts H2 hands over after storing a finished upload. */
export interface AttachFileInput {
  /** The storage key (H1's Storage). */
  key: string;
  /** The uploaded name (display only; cleaned here). */
  name: string;
  /** The type decided by content. */
  mime: string;
  bytes: number;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
  variants?: unknown;
}

/** A patch from the form: any subset of the draft's fields (files are attached separately). */
export type EntryPatch = EntryDraftInput;
