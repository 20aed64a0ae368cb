import type { Kysely, Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Jury photos and winner images from the media library (PRODUCT §8: responsive variants):
// the media id is kept next to the legacy path column, which still holds a plain image
// address (demo data, older records, the fallback `src`).
export default (_kind: DatabaseKind): Migration => ({ up, down });

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("jury_members").addColumn("photo_media_id", "integer").execute();
  await db.schema.alterTable("winners").addColumn("image_media_id", "integer").execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("winners").dropColumn("image_media_id").execute();
  await db.schema.alterTable("jury_members").dropColumn("photo_media_id").execute();
}
