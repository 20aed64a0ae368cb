import SQLite from "better-sqlite3";
import pg from "pg";
import type { DatabaseConfig } from "../../config";
import { postgresToolConnection, runPostgresTool } from "./postgres-tools";

export interface DatabaseSnapshot {
  /** Rows per table, counted in the snapshot itself. */
  tables: Record<string, number>;
  /** The last migration applied, or null for an empty database. */
  migration: string | null;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies the database, while it serves, to `dest` as one consistent snapshot:
 *
 * - SQLite through its online backup API. Its pages are copied in one step after the first, so
 *   writers in other processes (WAL) are never blocked and cannot make the copy restart
 *   endlessly.
 * - PostgreSQL with `pg_dump --format=custom`, importing a snapshot exported by a repeatable-read
 *   transaction that stays open until the dump ends: the row counts in the manifest are
 *   counted in exactly the state the dump holds.
 */
export async function snapshotDatabase(
  config: DatabaseConfig,
  dest: string,
): Promise<DatabaseSnapshot> {
  return config.kind === "sqlite"
    ? snapshotSqlite(config.file, dest)
    : snapshotPostgres(config.url, dest);
}

async function snapshotSqlite(file: string, dest: string): Promise<DatabaseSnapshot> {
  // Not read-only: a reader of a WAL database may need to create its shared-memory file.
  const source = new SQLite(file, { fileMustExist: true });
  try {
    await source.backup(dest, { progress: () => 1_000_000_000 });
  } finally {
    source.close();
  }
  // One self-contained file: the copy keeps no write-ahead log beside it.
  const copy = new SQLite(dest);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  return countRows({ kind: "sqlite", file: dest });
}

/** Rows per table and the migration level of a database (after a restore, to compare). */
export async function countRows(config: DatabaseConfig): Promise<DatabaseSnapshot> {
  if (config.kind === "postgres") {
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      return await countPostgres(client);
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(config.file, { readonly: true, fileMustExist: true });
  try {
    const names = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names) {
      tables[name] = Number(
        db
          .prepare(`select count(*) from ${quote(name)}`)
          .pluck()
          .get(),
      );
    }
    const migration = names.includes("kysely_migration")
      ? ((db.prepare("select max(name) from kysely_migration").pluck().get() as string | null) ??
        null)
      : null;
    return { tables, migration };
  } finally {
    db.close();
  }
}

async function snapshotPostgres(url: string, dest: string): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    const connection = postgresToolConnection(url);
    const dump = runPostgresTool(
      "pg_dump",
      [
        "--format=custom",
        `--snapshot=${rows[0]!.id}`,
        "--no-owner",
        "--no-privileges",
        `--file=${dest}`,
        `--dbname=${connection.dbname}`,
      ],
      connection.env,
    );
    // Counted while the dump runs, in the same snapshot.
    const counting = countPostgres(client);
    const [snapshot] = await Promise.all([counting, dump]);
    await client.query("commit");
    return snapshot;
  } finally {
    await client.end();
  }
}

async function countPostgres(client: pg.Client): Promise<DatabaseSnapshot> {
  const names = (
    await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((r) => r.name);
  const tables: Record<string, number> = {};
  for (const name of names) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quote(name)}`);
    tables[name] = Number(rows[0]!.n);
  }
  const migration = names.includes("kysely_migration")
    ? ((
        await client.query<{ name: string | null }>(
          "select max(name) as name from kysely_migration",
        )
      ).rows[0]!.name ?? null)
    : null;
  return { tables, migration };
}
