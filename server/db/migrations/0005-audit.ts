import { type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// The audit log (PRODUCT §1): one row for every back-office write — who, what, which record,
// when, and a small JSON summary of the change. Rows are only ever inserted.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const id = kind === "postgres" ? "serial" : "integer";
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", id, idColumn)
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("summary", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_log_created_idx")
    .on("audit_log")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("audit_log_target_idx")
    .on("audit_log")
    .columns(["target_type", "target_id"])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").ifExists().execute();
}
