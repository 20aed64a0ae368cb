import type { Generated } from "kysely";

// The judging tables of the database (migration 0013 and on): judges and their sessions,
// rounds, assignments, exclusions and conflicts, scores and their log, prizes. `Database` in
// schema.ts names them with the others; conventions as there (ISO times, 0/1 booleans).

/** A judge of a season (PRODUCT §4); the code is kept only as a keyed hash. */
export interface JudgeTable {
  id: string;
  season_id: number;
  jury_member_id: number | null;
  name: string;
  email: string;
  lang: string;
  code_hash: string | null;
  code_hint: Generated<string>;
  code_issued_at: string | null;
  code_revoked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface JudgeSessionTable {
  token_hash: string;
  judge_id: string;
  created_at: string;
  expires_at: string;
}

export interface JudgingRoundTable {
  id: Generated<number>;
  season_id: number;
  position: number;
  name_vi: string;
  name_en: string;
  starts_on: string | null;
  ends_on: string | null;
  /** core/judging-rounds.ts RoundState. */
  state: string;
  /** core/judging-results.ts ResultMethod. */
  method: string;
  /** JSON Criterion[]. */
  criteria: string;
  created_at: string;
  updated_at: string;
}

/** An entry advanced into a round after the first. */
export interface RoundEntryTable {
  round_id: number;
  entry_id: string;
  advanced_at: string;
}

export interface JudgeAssignmentTable {
  id: Generated<number>;
  round_id: number;
  judge_id: string;
  category_id: number | null;
  entry_id: string | null;
  created_at: string;
}

export interface JudgeExclusionTable {
  id: Generated<number>;
  judge_id: string;
  registrant_user_id: string;
  note: Generated<string>;
  /** The position of the season's first round the exclusion leaves the judge's scores out of. */
  applies_from_position: Generated<number>;
  created_at: string;
}

export interface JudgeConflictTable {
  entry_id: string;
  judge_id: string;
  round_id: number;
  note: Generated<string>;
  declared_at: string;
}

export interface ScoreTable {
  id: Generated<number>;
  round_id: number;
  entry_id: string;
  judge_id: string;
  /** JSON { criterionKey: number }. */
  scores: string;
  comment: Generated<string>;
  total: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One score change, chained: `hash` covers the record and `prev_hash`. */
export interface ScoreLogTable {
  seq: number;
  round_id: number;
  entry_id: string;
  judge_id: string;
  action: string;
  scores: string;
  comment: string;
  total: string;
  version: number;
  created_at: string;
  prev_hash: string;
  hash: string;
}

export interface PrizeTable {
  id: Generated<number>;
  season_id: number;
  entry_id: string;
  prize: string;
  created_at: string;
  published_at: string | null;
}
