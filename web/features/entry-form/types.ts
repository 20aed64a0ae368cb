import type { EntryFileField, JudgeCopyProblem } from "../../../core/entry-limits";
import type { EntryStatus } from "../../../core/entry-status";
import { DRAFT_KEY_OF_FILE_FIELD } from "../../../core/entry";

/**
 * What the entry page hands its form: the draft as the server has it, its files and the
 * category choices of the entrant's registrant type. Built by the route's loader from
 * `services.entries` and `services.seasons`, so the form never sees server types.
 */

export interface EntryFileView {
  id: string;
  field: EntryFileField;
  name: string;
  bytes: number;
  mime: string;
  /** A short-lived link to the file for its owner (thumbnails, downloads), when there is one. */
  url: string | null;
  /** A small derived image for the thumbnail (images), when the media module made one. */
  thumbUrl: string | null;
  /**
   * Why no judges' copy of this film or document could be made (they will not see it), as
   * the page was loaded; none while the copy is made, made, or for a file just uploaded.
   */
  judgeCopyProblem?: JudgeCopyProblem | null;
  /**
   * Whether the server would let its owner remove it (a submitted entry's last file meeting a
   * requirement is replaced instead); a file just uploaded, not loaded yet, may be.
   */
  removable?: boolean;
}

/** The text part of a draft, as the form edits it (every value a string, as inputs hold). */
export interface EntryFormValues {
  trackId: string;
  categoryId: string;
  brandName: string;
  campaignName: string;
  descriptionVi: string;
  descriptionEn: string;
  startMonth: string;
  startYear: string;
  endMonth: string;
  endYear: string;
  videoLink: string;
  credits: {
    companies: { name: string; role: string }[];
    people: { name: string; role: string }[];
  };
}

export const TEXT_FIELDS = [
  "trackId",
  "categoryId",
  "brandName",
  "campaignName",
  "descriptionVi",
  "descriptionEn",
  "startMonth",
  "startYear",
  "endMonth",
  "endYear",
  "videoLink",
] as const satisfies readonly (keyof EntryFormValues)[];

export const EMPTY_VALUES: EntryFormValues = {
  trackId: "",
  categoryId: "",
  brandName: "",
  campaignName: "",
  descriptionVi: "",
  descriptionEn: "",
  startMonth: "",
  startYear: "",
  endMonth: "",
  endYear: "",
  videoLink: "",
  credits: { companies: [], people: [] },
};

export interface EntryView {
  id: string;
  code: string | null;
  status: EntryStatus;
  version: number;
  values: EntryFormValues;
  files: EntryFileView[];
  /**
   * Its films and documents judges cannot receive: they count towards no requirement, as at
   * submission and on the dashboard.
   */
  unjudgeableFileIds: string[];
  updatedAt: string;
  /** Whether the entrant may still change it (status and the season's deadline). */
  editable: boolean;
  /** Whether the entrant may withdraw it now. */
  withdrawable: boolean;
  /** Whether the entrant may delete it (a draft that never went in). */
  deletable: boolean;
}

export interface CategoryOption {
  id: string;
  code: string;
  name: string;
  /** The group's slug: the same in both languages (the optgroup's key). */
  groupSlug: string;
  groupName: string;
  videoRequired: boolean;
  feeVnd: number;
}

export interface TrackOption {
  id: string;
  name: string;
  categories: CategoryOption[];
}

/** What an autosave, submit, withdraw or duplicate answers (the route action's results). */
export type EntryActionResult =
  | {
      ok: true;
      intent: "save";
      entryId: string;
      version: number;
      code: string | null;
      savedAt: string;
      /** The save took files away (a video link replaced the uploaded film): reload them. */
      filesChanged?: boolean;
    }
  | {
      ok: false;
      intent: "save";
      reason: "conflict" | "invalid" | "locked" | "offline" | "failed";
      fieldErrors?: Record<string, string>;
      /** Why, when it is not about a field (the season's maximum of drafts): an i18n key. */
      formError?: string;
      /** With a conflict: the entry's version and values on the server now. */
      current?: { version: number; values: EntryFormValues };
    }
  | {
      ok: true;
      intent: "submit";
      entryId: string;
      version?: number;
      /** Sent back for changes and sent again: no new receipt, the status email instead. */
      resubmitted?: boolean;
    }
  | {
      ok: false;
      intent: "submit";
      missing: { field: string; messageKey: string }[];
      formError?: string;
      /** The entry's version when the submission's save went through (the form goes on from it). */
      version?: number;
    }
  | { ok: true; intent: "withdraw" | "deleteDraft" | "removeFile" }
  | { ok: true; intent: "duplicate"; entryId: string }
  | {
      ok: false;
      intent: "withdraw" | "deleteDraft" | "removeFile" | "duplicate";
      formError: string;
      /** A withdrawal refused while this pending payment holds the entry. */
      paymentReference?: string;
    }
  /** A body the page's schema did not recognise (no form button sends one). */
  | { ok: false; intent: null; formError: string };

/** The form field a file field's problems point at (`images` → `imageIds`): core's table. */
export const FILE_FIELD_PATHS: Readonly<Record<EntryFileField, string>> = DRAFT_KEY_OF_FILE_FIELD;
