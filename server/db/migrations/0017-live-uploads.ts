import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Entrants' unfinished uploads, as the quotas count them (server/modules/uploads/quotas.ts):
// one row from the upload's admission to its finish, removal or expiry, so every app process
// counts the same uploads whichever one created them. `seq` is the creation order (the oldest
// of a field is replaced first); `finishing_since` marks an upload some process is finishing,
// which a newer upload of its field never replaces; `replaced_at` marks one a newer upload
// replaced: it no longer counts, and its row answers a late request for it through any
// process ("replaced", not "not found") until the expiry job deletes it.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const seqColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable("live_uploads")
    .addColumn("seq", kind === "postgres" ? "serial" : "integer", seqColumn)
    // The tus upload id.
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("owner_user_id", "text", (c) => c.notNull())
    .addColumn("entry_id", "text", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    // The declared length (at most an entry field's limit, 1 GiB).
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finishing_since", "text")
    .addColumn("replaced_at", "text")
    .execute();
  await db.schema
    .createIndex("live_uploads_owner_idx")
    .on("live_uploads")
    .columns(["owner_user_id", "seq"])
    .execute();
  await db.schema
    .createIndex("live_uploads_created_idx")
    .on("live_uploads")
    .column("created_at")
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("live_uploads").execute();
}
