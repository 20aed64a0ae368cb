import type { Kysely, Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Back-office platform: a category's optional early-bird and late prices next to its
// standard fee (core/fees.ts CategoryFees; null = the standard price applies), and indexes
// that keep the users table quick to filter by role and page by creation time.
export default (_kind: DatabaseKind): Migration => ({ up, down });

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("categories").addColumn("early_bird_fee_vnd", "integer").execute();
  await db.schema.alterTable("categories").addColumn("late_fee_vnd", "integer").execute();
  await db.schema
    .createIndex("user_role_created_idx")
    .on("user")
    .columns(["role", "createdAt"])
    .execute();
  await db.schema.createIndex("user_created_idx").on("user").column("createdAt").execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("user_created_idx").ifExists().execute();
  await db.schema.dropIndex("user_role_created_idx").ifExists().execute();
  await db.schema.alterTable("categories").dropColumn("late_fee_vnd").execute();
  await db.schema.alterTable("categories").dropColumn("early_bird_fee_vnd").execute();
}
