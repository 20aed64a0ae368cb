import type { Generated, Selectable } from "kysely";
import type {
  JudgeTable,
  JudgeSessionTable,
  JudgingRoundTable,
  RoundEntryTable,
  JudgeAssignmentTable,
  JudgeExclusionTable,
  JudgeConflictTable,
  ScoreTable,
  ScoreLogTable,
  PrizeTable,
} from "./schema-judging";

/**
 * The database as Kysely sees it. Times are ISO-8601 UTC strings and booleans are 0/1
 * integers on both SQLite and PostgreSQL, so one migration set and one set of queries serve
 * both; money is integer VND.
 */
export interface SeasonTable {
  id: Generated<number>;
  year: number;
  code: string;
  name_vi: string;
  name_en: string;
  registration_opens_at: string | null;
  registration_closes_at: string | null;
  submission_opens_at: string | null;
  submission_closes_at: string | null;
  early_bird_deadline: string | null;
  late_deadline: string | null;
  ceremony_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TrackTable {
  id: Generated<number>;
  season_id: number;
  slug: string;
  code: string;
  name_vi: string;
  name_en: string;
  tagline_vi: string;
  tagline_en: string;
  sort_order: number;
}

export interface CategoryGroupTable {
  id: Generated<number>;
  track_id: number;
  slug: string;
  name_vi: string;
  name_en: string;
  sort_order: number;
}

export interface CategoryTable {
  id: Generated<number>;
  group_id: number;
  slug: string;
  code: string;
  name_vi: string;
  name_en: string;
  description_vi: string;
  description_en: string;
  fee_vnd: number;
  video_required: number;
  allow_individual: number;
  allow_enterprise: number;
  sort_order: number;
  /** Optional prices per tier (0009-staff); null = the standard fee_vnd applies. */
  early_bird_fee_vnd: number | null;
  late_fee_vnd: number | null;
}

export interface SiteSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

/** better-auth's tables keep its column names; booleans/times are native on PostgreSQL. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  role: string;
  lang: string;
  active: number | boolean;
}

export interface SessionTable {
  id: string;
  expiresAt: string | Date;
  token: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

/** better-auth's emailed links (reset-password tokens), read by better-auth; swept when expired. */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface FileTable {
  id: string;
  owner_user_id: string | null;
  purpose: string;
  mime: string;
  bytes: number;
  storage_key: string;
  created_at: string;
}

export interface RegistrantTable {
  user_id: string;
  type: "individual" | "enterprise";
  /** The individual's full name, or the enterprise's representative. */
  full_name: string;
  /** E.164. */
  phone: string;
  address: string;
  personal_id: string | null;
  company_name: string | null;
  business_registration_number: string | null;
  tax_code: string | null;
  licence_file_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface RateLimitTable {
  key: string;
  count: number;
  window_started_at: number | string;
}

/** A public document: stored through `Storage` as `documents/<storage_name>`, never under the uploaded name. */
export interface DocumentTable {
  id: Generated<number>;
  season_id: number | null;
  /** What it is, e.g. `criteria` (the season's award criteria). */
  kind: string;
  lang: "vi" | "en";
  title: string;
  storage_name: string;
  bytes: number;
  created_at: string;
}

/** A news article; bodies are the JSON block lists of core/rich-text.ts. */
export interface NewsArticleTable {
  id: Generated<number>;
  slug_vi: string;
  slug_en: string;
  title_vi: string;
  title_en: string;
  summary_vi: string;
  summary_en: string;
  body_vi: string;
  body_en: string;
  cover_image: string | null;
  status: "draft" | "scheduled" | "published";
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A slug a record used to have (0008-content-admin): its old URLs redirect to the current one. */
export interface SlugHistoryTable {
  id: Generated<number>;
  type: string;
  lang: string;
  slug: string;
  target_id: number;
  created_at: string;
}

/** An editable page: `award-introduction`, `track:<slug>`; season null = any season. */
export interface ContentPageTable {
  id: Generated<number>;
  key: string;
  season_id: number | null;
  title_vi: string;
  title_en: string;
  summary_vi: string;
  summary_en: string;
  body_vi: string;
  body_en: string;
  updated_at: string;
}

export interface JuryMemberTable {
  id: Generated<number>;
  year: number;
  name: string;
  title_vi: string;
  title_en: string;
  organisation: string;
  bio_vi: string;
  bio_en: string;
  photo: string | null;
  /** The photo in the media library (responsive variants), when uploaded there. */
  photo_media_id: number | null;
  is_chair: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** A winner of a year: a legacy record, or (entry_id) a link to a judged entry. */
export interface WinnerTable {
  id: Generated<number>;
  year: number;
  category_id: number | null;
  entry_id: string | null;
  title: string;
  brand: string;
  agency: string;
  category_label_vi: string;
  category_label_en: string;
  prize: string;
  image: string | null;
  /** The image in the media library (responsive variants), when uploaded there. */
  image_media_id: number | null;
  video_url: string | null;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** One back-office write (append-only). `summary` is JSON: the fields changed, never secrets. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  ip: string;
  created_at: string;
}

/** An entry: a draft until submitted; text fields are "" while not given. */
export interface EntryTable {
  id: string;
  owner_user_id: string;
  season_id: number;
  track_id: number | null;
  category_id: number | null;
  code: string | null;
  status: string;
  brand_name: string;
  campaign_name: string;
  description_vi: string;
  description_en: string;
  start_month: number | null;
  start_year: number | null;
  end_month: number | null;
  end_year: number | null;
  video_link: string;
  /** JSON: { companies: {name, role}[], people: {name, role}[] }. */
  credits: string;
  version: number;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  withdrawn_at: string | null;
  /** Bumped by every status transition: a staff form that saw an older one gets a conflict. */
  status_version: Generated<number>;
  /** While `needs_changes`: the entrant may edit (even after the deadline) until then. */
  changes_due_at: string | null;
}

/** One status transition of an entry (append-only): who, when, from, to, why. */
export interface EntryStatusHistoryTable {
  id: Generated<number>;
  entry_id: string;
  from_status: string | null;
  to_status: string;
  actor_user_id: string | null;
  /** "entrant", "system" or the staff role at the time. */
  actor_role: string;
  actor_name: Generated<string>;
  reason: Generated<string>;
  changes_due_at: string | null;
  created_at: string;
}

/** An entry row as read. */
export type EntryRow = Selectable<EntryTable>;

/** A file attached to an entry; duplicated entries may share a storage key. */
export interface EntryFileTable {
  id: string;
  entry_id: string;
  field: string;
  storage_key: string;
  original_name: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  /** JSON. */
  variants: string;
  sort_order: number;
  created_at: string;
}

/** The last entry-code number issued per season and prefix (`VX26-TVC`). */
export interface EntryCodeSequenceTable {
  season_id: number;
  prefix: string;
  last_number: number;
}

/** A payment of one or more entries (PRODUCT §5); amounts in whole đồng. */
export interface PaymentTable {
  id: string;
  reference: string;
  season_id: number;
  owner_user_id: string;
  /** "vietqr" | "vnpay" (core/payment-state.ts). */
  method: string;
  /** "pending" | "paid" | "failed" | "expired" | "refunded". */
  state: string;
  amount_vnd: number;
  /** What the bank statement showed when staff confirmed a different amount; null: `amount_vnd`. */
  received_vnd: number | null;
  memo: string;
  gateway_ref: string | null;
  gateway_transaction: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  updated_at: string;
  state_version: Generated<number>;
}

/** An entry in a payment, with the fee fixed when the payment was created. */
export interface PaymentEntryTable {
  payment_id: string;
  entry_id: string;
  tier: string;
  fee_vnd: number;
  /** 1 while the payment is pending or paid (at most one live row per entry). */
  live: Generated<number>;
}

/** One state change of a payment (append-only). */
export interface PaymentEventTable {
  id: Generated<number>;
  payment_id: string;
  from_state: string | null;
  to_state: string;
  actor_user_id: string | null;
  actor_role: string;
  actor_name: Generated<string>;
  reason: Generated<string>;
  /** JSON. */
  detail: Generated<string>;
  created_at: string;
}

/** A bank statement file imported by finance staff. */
export interface StatementImportTable {
  id: Generated<number>;
  file_name: string;
  file_sha256: string;
  imported_by: string;
  imported_at: string;
  lines_total: Generated<number>;
  lines_new: Generated<number>;
  lines_matched: Generated<number>;
}

/** One credit line of an imported statement and what matching made of it. */
export interface StatementLineTable {
  id: Generated<number>;
  import_id: number;
  fingerprint: string;
  /** YYYY-MM-DD. */
  booked_on: string;
  amount_vnd: number;
  memo: string;
  bank_ref: Generated<string>;
  /** "matched" | "partial" | "unknown" | "resolved" | "ignored". */
  outcome: string;
  payment_id: string | null;
  note: Generated<string>;
  resolved_by: string | null;
  resolved_at: string | null;
}

/** An enterprise's request for a VAT e-invoice for one payment. */
export interface VatRequestTable {
  id: Generated<number>;
  payment_id: string;
  company_name: string;
  tax_code: string;
  address: string;
  email: string;
  /** "requested" | "issued". */
  state: string;
  invoice_number: string | null;
  issued_at: string | null;
  issued_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  seasons: SeasonTable;
  tracks: TrackTable;
  category_groups: CategoryGroupTable;
  categories: CategoryTable;
  site_settings: SiteSettingTable;
  documents: DocumentTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  files: FileTable;
  registrants: RegistrantTable;
  rate_limits: RateLimitTable;
  news_articles: NewsArticleTable;
  slug_history: SlugHistoryTable;
  content_pages: ContentPageTable;
  jury_members: JuryMemberTable;
  winners: WinnerTable;
  audit_log: AuditLogTable;
  media: MediaTable;
  entries: EntryTable;
  payments: PaymentTable;
  payment_entries: PaymentEntryTable;
  payment_events: PaymentEventTable;
  statement_imports: StatementImportTable;
  statement_lines: StatementLineTable;
  vat_requests: VatRequestTable;
  entry_files: EntryFileTable;
  entry_code_sequences: EntryCodeSequenceTable;
  entry_status_history: EntryStatusHistoryTable;
  judges: JudgeTable;
  judge_sessions: JudgeSessionTable;
  judging_rounds: JudgingRoundTable;
  round_entries: RoundEntryTable;
  judge_assignments: JudgeAssignmentTable;
  judge_exclusions: JudgeExclusionTable;
  judge_conflicts: JudgeConflictTable;
  scores: ScoreTable;
  score_log: ScoreLogTable;
  prizes: PrizeTable;
  library_entries: LibraryEntryTable;
  library_stats: LibraryStatsTable;
  live_uploads: LiveUploadTable;
  job_runs: JobRunTable;
  mail_retries: MailRetryTable;
  judge_copies: JudgeCopyTable;
}

/** The judges' copy of an entry's PDF, by the original's storage key (modules/media/judge-copies.ts). */
export interface JudgeCopyTable {
  source_key: string;
  /** The copy without the document's metadata; null when none could be made. */
  copy_key: string | null;
  /** Why no copy could be made (`JudgeCopyProblem`), else null. */
  problem: string | null;
  made_at: string;
}

/** An email waiting to be sent again after a failure that may pass (modules/mail/retries.ts). */
export interface MailRetryTable {
  id: string;
  recipient: string;
  subject: string;
  template: string | null;
  lang: string | null;
  /** The composed message (JSON); null once given up. */
  message: string | null;
  attempts: number;
  last_error: string;
  created_at: string;
  next_attempt_at: string | null;
  given_up_at: string | null;
}

/** When a scheduled job last started (ISO time), in any process. */
export interface JobRunTable {
  name: string;
  last_started_at: string;
}

/** One row (id 1): the number of published entries, kept by triggers on library_entries. */
export interface LibraryStatsTable {
  id: number;
  published: number;
  /** Moves with every change of library_entries (migration 0015). */
  version: Generated<number>;
}

/** A published entry in the public library (server/modules/library), denormalised for the list. */
export interface LibraryEntryTable {
  doc_id: Generated<number>;
  entry_id: string;
  season_year: number;
  track_code: string;
  group_slug: string;
  category_code: string;
  prize: string | null;
  title: string;
  brand: string;
  code: string;
  track_name_vi: string;
  track_name_en: string;
  category_name_vi: string;
  category_name_en: string;
  image_media_id: number | null;
  has_video: number;
  sort_key: string;
  search_title: string;
  search_body: string;
  published_at: string;
  published_by: string | null;
}

/** An uploaded image (server/modules/media): `variants` is JSON (see migration 0006-media). */
export interface MediaTable {
  id: Generated<number>;
  token: string;
  purpose: string;
  visibility: "public" | "private";
  mime: string;
  bytes: number;
  width: number;
  height: number;
  has_alpha: number;
  original_key: string;
  variants: string;
  alt: string | null;
  created_by: string | null;
  created_at: string;
  /** 0 while the image-variants job still has variants to make (migration 0016). */
  variants_done: Generated<number>;
}

/** An entrant's unfinished upload as the quotas count it (server/modules/uploads, migration 0017). */
export interface LiveUploadTable {
  seq: Generated<number>;
  id: string;
  owner_user_id: string;
  entry_id: string;
  field: string;
  size: number;
  created_at: string;
  /** When a process began finishing it; such an upload is never replaced. */
  finishing_since: string | null;
  /** When a newer upload of its field replaced it; such a row no longer counts. */
  replaced_at: string | null;
}
