import type { Kysely, Migration } from "kysely";

// The judges' copy of each PDF an entry shows them (server/modules/media/judge-copies.ts): one
// row per stored original (entries duplicated from one another share it), made by the
// judge-copies job. `copy_key` names the copy without the document's metadata; when none could
// be made, `problem` says why (judges then get no link to the document, staff see the reason).
export default (): Migration => ({ up, down });

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("judge_copies")
    .addColumn("source_key", "text", (c) => c.primaryKey())
    .addColumn("copy_key", "text")
    .addColumn("problem", "text")
    .addColumn("made_at", "text", (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("judge_copies").execute();
}
