import { closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { foldColumnText, vietnameseSortKey } from "../../core/search-text";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationResultSet } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config";
import { migrationsFor } from "./migrations/index";
import { withStatementCache } from "./sqlite-statements";
import type { Database } from "./schema";

export type DatabaseKind = DatabaseConfig["kind"];

export interface Db {
  kind: DatabaseKind;
  kysely: Kysely<Database>;
  close(): Promise<void>;
}

/** Opens the configured database: an embedded SQLite file, or a PostgreSQL pool. */
export function openDatabase(config: DatabaseConfig): Db {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection the server closed (restart, failover, admin termination) is dropped
    // by the pool and the next query opens a new one; unhandled, the event would crash us.
    pool.on("error", () => {});
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kind: "postgres", kysely, close: () => kysely.destroy() };
  }
  mkdirSync(path.dirname(config.file), { recursive: true });
  // The file holds password hashes and sessions: readable by the server's user only, as the
  // auth secret and backups are. SQLite gives its write-ahead log the same mode.
  if (!existsSync(config.file)) closeSync(openSync(config.file, "a", 0o600));
  const sqlite = new SQLite(config.file);
  // WAL lets readers run beside the writer; the busy timeout waits out short write locks.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Reads straight from the operating system's page cache, without copying each page into
  // SQLite's own 2 MB cache (a fifth of the library's search time at 50,000 entries). The
  // mapped pages are the kernel's file cache: reclaimable, not the process's heap.
  sqlite.pragma("mmap_size = 268435456");
  // Folded text for searches that ignore case and Vietnamese marks (PostgreSQL: migration 0011).
  sqlite.function("vx_fold", { deterministic: true }, (text: unknown) =>
    typeof text === "string" ? foldColumnText(text) : text,
  );
  // The key of Vietnamese alphabetical order (PostgreSQL: migration 0020).
  sqlite.function("vx_sort", { deterministic: true }, (text: unknown) =>
    typeof text === "string" ? vietnameseSortKey(text) : text,
  );
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kind: "sqlite", kysely, close: () => kysely.destroy() };
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrations = migrationsFor(db.kind);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** A quick round trip to the database, for readiness. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.kysely.selectFrom("site_settings").select("key").limit(1).execute();
}
