import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

/**
 * Accounts (better-auth's user/session/account/verification tables, with its column names
 * and, as it expects, native booleans and timestamps on PostgreSQL), the entrant's registrant
 * profile, private uploaded files and the rate-limit counters.
 */
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const pg = kind === "postgres";
  const bool = pg ? "boolean" : "integer";
  const time = pg ? "timestamptz" : "date";
  const now = (c: ColumnDefinitionBuilder) =>
    pg ? c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`) : c.notNull();

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", time, now)
    .addColumn("updatedAt", time, now)
    .addColumn("role", "text", (c) => c.notNull().defaultTo("entrant"))
    .addColumn("lang", "text", (c) => c.notNull().defaultTo("vi"))
    .addColumn("active", bool, (c) => c.notNull().defaultTo(pg ? sql`true` : 1))
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", time, now)
    .addColumn("updatedAt", time, now)
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_user_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", time)
    .addColumn("refreshTokenExpiresAt", time)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", time, now)
    .addColumn("updatedAt", time, now)
    .execute();
  await db.schema.createIndex("account_user_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("createdAt", time, now)
    .addColumn("updatedAt", time, now)
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  // Our own tables follow the project's conventions: ISO text times, 0/1 booleans.
  await db.schema
    .createTable("files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("registrants")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('individual', 'enterprise')`))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("personal_id", "text")
    .addColumn("company_name", "text")
    .addColumn("business_registration_number", "text")
    .addColumn("tax_code", "text")
    .addColumn("licence_file_id", "text", (c) => c.references("files.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "rate_limits",
    "registrants",
    "files",
    "verification",
    "account",
    "session",
    "user",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
