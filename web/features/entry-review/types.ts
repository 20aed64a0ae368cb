import type { PaymentState } from "../../../core/entry-admin-list";
import type { EntryFileField } from "../../../core/entry-limits";
import type { EntryLock } from "../../../core/entry-lock";
import type { EntryStatus } from "../../../core/entry-status";
import type { Bilingual } from "../../../core/languages";
import type { ResponsiveImageData } from "../../../core/media-image";

// What the staff entry page's loader sends (web/features/entry-review/review.server.ts).

/** An attached file with its short-lived signed link (and an image's responsive variants). */
export interface ReviewFile {
  id: string;
  field: EntryFileField;
  name: string;
  mime: string;
  bytes: number;
  /** Images and video open inline; documents download (pdf.js reads them all the same). */
  url: string;
  image: ResponsiveImageData | null;
  durationSeconds: number | null;
  /**
   * A PDF judges see: whether their copy without its metadata is made ("ready"), still to be
   * made ("pending"), or why it cannot be (judges then do not get the document). Null otherwise.
   */
  judgeCopy: "ready" | "pending" | "encrypted" | "unreadable" | "tooLarge" | "tooComplex" | null;
}

export interface ReviewRegistrant {
  id: string;
  type: "individual" | "enterprise";
  fullName: string;
  companyName: string | null;
  email: string;
  emailVerified: boolean;
  phone: string;
  address: string;
  taxCode: string | null;
  businessRegistrationNumber: string | null;
  licence: { mime: string; bytes: number; url: string } | null;
}

export interface ReviewHistoryItem {
  id: number;
  from: EntryStatus | null;
  to: EntryStatus;
  actorRole: string;
  actorName: string;
  reason: string;
  changesDueAt: string | null;
  at: string;
}

/** Everything the staff entry page shows. */
export interface EntryReview {
  id: string;
  code: string | null;
  seasonYear: number;
  status: EntryStatus;
  statusVersion: number;
  changesDueAt: string | null;
  /** While it needs changes: when the entrant's editing really ends (core/entry-lock.ts). */
  editableUntil: EntryLock | null;
  payment: PaymentState;
  track: Bilingual | null;
  group: Bilingual | null;
  category: Bilingual | null;
  brandName: string;
  campaignName: string;
  descriptionVi: string;
  descriptionEn: string;
  period: {
    startMonth: number | null;
    startYear: number | null;
    endMonth: number | null;
    endYear: number | null;
  };
  videoLink: string;
  credits: {
    companies: { name: string; role: string }[];
    people: { name: string; role: string }[];
  };
  createdAt: string;
  submittedAt: string | null;
  /** First submitted after the submission deadline, in the season's late period. */
  submittedLate: boolean;
  updatedAt: string;
  withdrawnAt: string | null;
  files: ReviewFile[];
  registrant: ReviewRegistrant | null;
  history: ReviewHistoryItem[];
  /** The statuses this staff member may move the entry to now. */
  nextStatuses: EntryStatus[];
}
