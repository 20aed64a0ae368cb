import { chmod, rename, rm, stat } from "node:fs/promises";
import pg from "pg";
import type { DatabaseConfig } from "../../config";
import { postgresToolConnection, runPostgresTool } from "./postgres-tools";
import { countRows } from "./snapshot-database";

/**
 * A restored database in place, with what the target held before set aside until the rest of
 * the restore has gone through: `keep` discards the old one, `undo` puts it back.
 */
export interface PlacedDatabase {
  keep(): Promise<void>;
  undo(): Promise<void>;
}

export type PlaceDatabaseResult =
  | { ok: true; placed: PlacedDatabase; tables: Record<string, number> }
  | { ok: false; reason: string };

/**
 * Puts the backup's database in place of the configured one, proved first: its rows are
 * counted against the manifest, and a database that cannot be read or counts differently is
 * refused with the target left as it was.
 *
 * - SQLite: the staged file is opened and counted before anything moves; the old file (and its
 *   write-ahead log) is renamed aside, then the staged one renamed in.
 * - PostgreSQL: the `public` schema is renamed aside in one transaction and a new one created;
 *   `pg_restore` fills it in its own transaction; the rows are counted there. A failure on the
 *   way drops the new schema and renames the old one back.
 */
export async function placeDatabase(
  config: DatabaseConfig,
  stagedFile: string,
  expected: Record<string, number>,
  moveFile: (source: string, target: string) => Promise<void>,
): Promise<PlaceDatabaseResult> {
  const stamp = `${Date.now()}`;
  if (config.kind === "sqlite") {
    let counted;
    try {
      counted = await countRows({ kind: "sqlite", file: stagedFile });
    } catch (error) {
      return { ok: false, reason: `the backup's database cannot be read (${message(error)})` };
    }
    const differs = differingTable(counted.tables, expected);
    if (differs) return { ok: false, reason: differs };
    const aside: [string, string][] = [];
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      const file = `${config.file}${suffix}`;
      if (!(await stat(file).catch(() => null))) continue;
      const moved = `${config.file}.before-restore-${stamp}${suffix}`;
      await rename(file, moved);
      aside.push([file, moved]);
    }
    const undo = async () => {
      await rm(config.file, { force: true });
      for (const [file, moved] of aside) await rename(moved, file);
    };
    try {
      await moveFile(stagedFile, config.file);
      // As the server creates it: password hashes and sessions, for the server's user only.
      await chmod(config.file, 0o600);
    } catch (error) {
      await undo();
      throw error;
    }
    return {
      ok: true,
      tables: counted.tables,
      placed: {
        keep: async () => {
          for (const [, moved] of aside) await rm(moved, { force: true });
        },
        undo,
      },
    };
  }

  const previous = `public_before_restore_${stamp}`;
  await inTransaction(config.url, [
    `alter schema public rename to ${previous}`,
    "create schema public",
  ]);
  const undo = () =>
    inTransaction(config.url, [
      "drop schema public cascade",
      `alter schema ${previous} rename to public`,
    ]);
  const connection = postgresToolConnection(config.url);
  try {
    await runPostgresTool(
      "pg_restore",
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        `--dbname=${connection.dbname}`,
        stagedFile,
      ],
      connection.env,
    );
  } catch (error) {
    await undo();
    return { ok: false, reason: `the backup's database cannot be restored (${message(error)})` };
  }
  const counted = await countRows(config).catch(async (error: unknown) => {
    await undo();
    throw error;
  });
  const differs = differingTable(counted.tables, expected);
  if (differs) {
    await undo();
    return { ok: false, reason: differs };
  }
  return {
    ok: true,
    tables: counted.tables,
    placed: { keep: () => inTransaction(config.url, [`drop schema ${previous} cascade`]), undo },
  };
}

/** The first table whose rows differ from the manifest, said in words (null when none). */
function differingTable(
  counted: Record<string, number>,
  expected: Record<string, number>,
): string | null {
  const tables = new Set([...Object.keys(expected), ...Object.keys(counted)]);
  for (const table of [...tables].sort()) {
    if (counted[table] !== expected[table]) {
      return (
        `the backup's database differs from its manifest: ${table} has ` +
        `${counted[table] ?? 0} rows, the manifest ${expected[table] ?? 0}`
      );
    }
  }
  return null;
}

async function inTransaction(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    for (const statement of statements) await client.query(statement);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0]!.trim();
