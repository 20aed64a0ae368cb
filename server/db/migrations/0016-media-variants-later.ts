import type { Kysely, Migration } from "kysely";

// An entry picture is acknowledged once its original and one small variant are stored; the
// other variants are made afterwards by the image-variants job (server/modules/media). A row
// with `variants_done = 0` is waiting for them; every earlier row was made whole.
export default (): Migration => ({ up, down });

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("media")
    .addColumn("variants_done", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex("media_variants_pending_idx")
    .on("media")
    .columns(["variants_done", "id"])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("media_variants_pending_idx").execute();
  await db.schema.alterTable("media").dropColumn("variants_done").execute();
}
