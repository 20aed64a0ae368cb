import type { Generated } from "kysely";

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

/** A public document: the file is DATA_DIR/files/documents/<storage_name>, never the uploaded name. */
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
  files: FileTable;
  registrants: RegistrantTable;
  rate_limits: RateLimitTable;
}
