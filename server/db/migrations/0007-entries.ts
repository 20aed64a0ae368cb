import { sql, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Entries (PRODUCT §3): the entrant's drafts and submissions, their attached files and
// the per-season counters that number entry codes. Entry and file ids are random UUIDs (text),
// so an id in a URL says nothing about how many entries exist.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

// Written out rather than imported: a migration must not change when core's lists do.
const ENTRY_STATUSES = [
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
];
const ENTRY_FILE_FIELDS = [
  "images",
  "video",
  "ideaArticleVi",
  "ideaArticleEn",
  "slidesVi",
  "slidesEn",
  "legalCommitment",
  "copyrightCommitment",
];

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable("entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    // No cascade: an account with entries is deactivated, never deleted with its entries.
    .addColumn("owner_user_id", "text", (c) => c.notNull().references("user.id"))
    .addColumn("season_id", "integer", (c) => c.notNull().references("seasons.id"))
    .addColumn("track_id", "integer", (c) => c.references("tracks.id"))
    .addColumn("category_id", "integer", (c) => c.references("categories.id"))
    // Issued when first saved with a category; unique per season (constraint below).
    .addColumn("code", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in (${list(ENTRY_STATUSES)})`),
    )
    .addColumn("brand_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("campaign_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description_vi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("start_month", "integer")
    .addColumn("start_year", "integer")
    .addColumn("end_month", "integer")
    .addColumn("end_year", "integer")
    .addColumn("video_link", "text", (c) => c.notNull().defaultTo(""))
    // {"companies":[{name,role}],"people":[{name,role}]}
    .addColumn("credits", "text", (c) => c.notNull().defaultTo('{"companies":[],"people":[]}'))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("submitted_at", "text")
    .addColumn("withdrawn_at", "text")
    .addUniqueConstraint("entries_season_code_unique", ["season_id", "code"])
    .execute();
  await db.schema
    .createIndex("entries_owner_idx")
    .on("entries")
    .columns(["owner_user_id", "updated_at"])
    .execute();
  await db.schema
    .createIndex("entries_season_status_idx")
    .on("entries")
    .columns(["season_id", "status"])
    .execute();

  await db.schema
    .createTable("entry_files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id").onDelete("cascade"))
    .addColumn("field", "text", (c) =>
      c.notNull().check(sql`field in (${list(ENTRY_FILE_FIELDS)})`),
    )
    // Duplicated entries share the stored object: several rows may hold the same key.
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("mime", "text", (c) => c.notNull())
    // Whole bytes; the largest file (1 GiB video) fits a 32-bit integer.
    .addColumn("bytes", "integer", (c) => c.notNull().check(sql`bytes > 0`))
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("duration_seconds", "real")
    .addColumn("variants", "text", (c) => c.notNull().defaultTo("null"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("entry_files_entry_idx")
    .on("entry_files")
    .columns(["entry_id", "field", "sort_order"])
    .execute();
  await db.schema
    .createIndex("entry_files_storage_key_idx")
    .on("entry_files")
    .column("storage_key")
    .execute();

  // The next number per season and code prefix (`VX26-TVC`); bumped by one upsert inside the
  // saving transaction, so two concurrent first saves can never get the same number.
  await db.schema
    .createTable("entry_code_sequences")
    .addColumn("season_id", "integer", (c) =>
      c.notNull().references("seasons.id").onDelete("cascade"),
    )
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("entry_code_sequences_pk", ["season_id", "prefix"])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["entry_code_sequences", "entry_files", "entries"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
