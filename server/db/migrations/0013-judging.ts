import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Judging (PRODUCT §4): judges of a season (linked to a public jury profile) who sign in with a
// personal code kept only as a keyed hash; rounds with their criteria, state and result
// method; which entries a later round judges; assignments (a judge to a category or to one
// entry); exclusions (judge ↔ registrant company) and declared conflicts; one score per judge,
// entry and round with a version; the append-only, hash-chained log of every score change;
// prizes. Winners are published into the public `winners` table.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const id = kind === "postgres" ? "serial" : "integer";
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();
  const real = kind === "postgres" ? "double precision" : "real";

  await db.schema
    .createTable("judges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("season_id", "integer", (c) => c.notNull().references("seasons.id"))
    .addColumn("jury_member_id", "integer", (c) =>
      c.references("jury_members.id").onDelete("set null"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    // The language of the judge's emails: "vi" | "en".
    .addColumn("lang", "text", (c) => c.notNull())
    // HMAC-SHA256 of the code under a key derived from the site secret; null when none is
    // issued or the code was revoked.
    .addColumn("code_hash", "text", (c) => c.unique())
    // The last four characters, so staff can tell which code a judge holds.
    .addColumn("code_hint", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("code_issued_at", "text")
    .addColumn("code_revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("judges_season_email_uq", ["season_id", "email"])
    .execute();

  await db.schema
    .createTable("judge_sessions")
    // SHA-256 of the cookie's token: the database alone cannot sign anyone in.
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("judge_id", "text", (c) => c.notNull().references("judges.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("judge_sessions_judge_idx")
    .on("judge_sessions")
    .column("judge_id")
    .execute();

  await db.schema
    .createTable("judging_rounds")
    .addColumn("id", id, idColumn)
    .addColumn("season_id", "integer", (c) => c.notNull().references("seasons.id"))
    // 1 for the first round; a later round judges the entries advanced into it.
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name_vi", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    // YYYY-MM-DD (Asia/Ho_Chi_Minh), for the judges' information.
    .addColumn("starts_on", "text")
    .addColumn("ends_on", "text")
    // "draft" | "open" | "closed" | "locked": only open rounds take scores.
    .addColumn("state", "text", (c) => c.notNull())
    // "mean" | "trimmedMean" | "normalised": how the ranking is computed.
    .addColumn("method", "text", (c) => c.notNull())
    // JSON: the criteria (core/judging-criteria.ts Criterion[]).
    .addColumn("criteria", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("judging_rounds_season_position_uq", ["season_id", "position"])
    .execute();

  await db.schema
    .createTable("round_entries")
    .addColumn("round_id", "integer", (c) =>
      c.notNull().references("judging_rounds.id").onDelete("cascade"),
    )
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id"))
    .addColumn("advanced_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("round_entries_pk", ["round_id", "entry_id"])
    .execute();

  await db.schema
    .createTable("judge_assignments")
    .addColumn("id", id, idColumn)
    .addColumn("round_id", "integer", (c) =>
      c.notNull().references("judging_rounds.id").onDelete("cascade"),
    )
    .addColumn("judge_id", "text", (c) => c.notNull().references("judges.id").onDelete("cascade"))
    // Exactly one of the two: every entry of a category, or one entry.
    .addColumn("category_id", "integer", (c) => c.references("categories.id"))
    .addColumn("entry_id", "text", (c) => c.references("entries.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("judge_assignments_round_judge_idx")
    .on("judge_assignments")
    .columns(["round_id", "judge_id"])
    .execute();

  await db.schema
    .createTable("judge_exclusions")
    .addColumn("id", id, idColumn)
    .addColumn("judge_id", "text", (c) => c.notNull().references("judges.id").onDelete("cascade"))
    // The registrant account (an enterprise or a person) whose entries the judge never sees.
    .addColumn("registrant_user_id", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("judge_exclusions_uq", ["judge_id", "registrant_user_id"])
    .execute();

  await db.schema
    .createTable("judge_conflicts")
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id"))
    .addColumn("judge_id", "text", (c) => c.notNull().references("judges.id").onDelete("cascade"))
    .addColumn("round_id", "integer", (c) =>
      c.notNull().references("judging_rounds.id").onDelete("cascade"),
    )
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("declared_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("judge_conflicts_pk", ["entry_id", "judge_id"])
    .execute();

  await db.schema
    .createTable("scores")
    .addColumn("id", id, idColumn)
    .addColumn("round_id", "integer", (c) =>
      c.notNull().references("judging_rounds.id").onDelete("cascade"),
    )
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id"))
    .addColumn("judge_id", "text", (c) => c.notNull().references("judges.id"))
    // JSON: { criterionKey: whole number }.
    .addColumn("scores", "text", (c) => c.notNull())
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("total", real, (c) => c.notNull())
    // Bumped by every update: a second tab that saw an older one is told, not overwritten.
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("scores_round_entry_judge_uq", ["round_id", "entry_id", "judge_id"])
    .execute();
  await db.schema
    .createIndex("scores_round_judge_idx")
    .on("scores")
    .columns(["round_id", "judge_id"])
    .execute();

  await db.schema
    .createTable("score_log")
    // Position in the chain (1, 2, 3…), assigned under a lock with the previous hash.
    .addColumn("seq", "integer", (c) => c.primaryKey())
    .addColumn("round_id", "integer", (c) => c.notNull())
    .addColumn("entry_id", "text", (c) => c.notNull())
    .addColumn("judge_id", "text", (c) => c.notNull())
    // "score" | "update" | "delete"
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("scores", "text", (c) => c.notNull())
    .addColumn("comment", "text", (c) => c.notNull())
    .addColumn("total", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("prev_hash", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("score_log_round_idx")
    .on("score_log")
    .columns(["round_id", "seq"])
    .execute();

  if (kind === "postgres") {
    // Appends a score log record under the chain's lock in one call: the lock (any constant,
    // the same for every process), then — a new snapshot per statement in a volatile function —
    // the tail as it is once the lock is held, then the record with its hash computed exactly as
    // server/modules/judging/score-log.ts recordHash does (sha256 of "prev\nseq\npayload").
    await sql`
      create function vx_append_score_log(p_round integer, p_entry text, p_judge text,
        p_action text, p_scores text, p_comment text, p_total text, p_version integer,
        p_created text, p_payload text) returns void language plpgsql volatile as $$
      declare
        v_seq integer;
        v_prev text;
      begin
        perform pg_advisory_xact_lock(7240416);
        select seq, hash into v_seq, v_prev from score_log order by seq desc limit 1;
        v_seq := coalesce(v_seq, 0) + 1;
        v_prev := coalesce(v_prev, repeat('0', 64));
        insert into score_log (seq, round_id, entry_id, judge_id, action, scores, comment, total,
            version, created_at, prev_hash, hash)
          values (v_seq, p_round, p_entry, p_judge, p_action, p_scores, p_comment, p_total,
            p_version, p_created, v_prev,
            encode(sha256(convert_to(v_prev || E'\n' || v_seq::text || E'\n' || p_payload, 'UTF8')), 'hex'));
      end
      $$`.execute(db);
  }

  await db.schema
    .createTable("prizes")
    .addColumn("id", id, idColumn)
    .addColumn("season_id", "integer", (c) => c.notNull().references("seasons.id"))
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id"))
    // core/judging-prizes.ts PRIZES
    .addColumn("prize", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("published_at", "text")
    .addUniqueConstraint("prizes_season_entry_uq", ["season_id", "entry_id"])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists vx_append_score_log`.execute(db).catch(() => undefined);
  for (const table of [
    "prizes",
    "score_log",
    "scores",
    "judge_conflicts",
    "judge_exclusions",
    "judge_assignments",
    "round_entries",
    "judging_rounds",
    "judge_sessions",
    "judges",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
