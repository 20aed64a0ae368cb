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

export interface Database {
  seasons: SeasonTable;
  tracks: TrackTable;
  category_groups: CategoryGroupTable;
  categories: CategoryTable;
  site_settings: SiteSettingTable;
}
