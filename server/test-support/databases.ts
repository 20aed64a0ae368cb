import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase, type Db, type DatabaseKind } from "../db/database";

/**
 * The databases a data-layer suite runs against: SQLite always, PostgreSQL when
 * `TEST_DATABASE_URL` names a server (CI sets it). Every `open()` gives a fresh, empty
 * database — a new file in a temp folder, or a new database on the PostgreSQL server — and
 * `cleanup()` closes and removes all of them.
 *
 *   describe.each(testDatabases())("$name", (target) => {
 *     describe.skipIf(!target.available)("…", () => { … });
 *   });
 */
export interface TestDatabase {
  name: DatabaseKind;
  /** False for PostgreSQL when `TEST_DATABASE_URL` is not set: skip the suite. */
  available: boolean;
  open(): Promise<Db>;
  cleanup(): Promise<void>;
}

export function testDatabases(): TestDatabase[] {
  return [sqliteTarget(), postgresTarget(process.env.TEST_DATABASE_URL)];
}

/** A `close()` that may be called by the test and again by cleanup. */
function closingOnce(db: Db): Db {
  let closed: Promise<void> | null = null;
  return { ...db, close: () => (closed ??= db.close()) };
}

function sqliteTarget(): TestDatabase {
  let dir: string | null = null;
  const opened: Db[] = [];
  return {
    name: "sqlite",
    available: true,
    async open() {
      dir ??= mkdtempSync(path.join(tmpdir(), "vx-sqlite-"));
      const db = closingOnce(
        openDatabase({ kind: "sqlite", file: path.join(dir, `db-${opened.length + 1}.sqlite`) }),
      );
      opened.push(db);
      return db;
    },
    async cleanup() {
      await Promise.all(opened.splice(0).map((db) => db.close()));
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = null;
    },
  };
}

function postgresTarget(serverUrl: string | undefined): TestDatabase {
  const created: string[] = [];
  const opened: Db[] = [];
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: "postgres",
    available: Boolean(serverUrl),
    async open() {
      if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
      const name = `t_${randomBytes(8).toString("hex")}`;
      await admin((client) => client.query(`CREATE DATABASE ${name}`));
      created.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const db = closingOnce(openDatabase({ kind: "postgres", url: url.toString() }));
      opened.push(db);
      return db;
    },
    async cleanup() {
      await Promise.all(opened.splice(0).map((db) => db.close()));
      const names = created.splice(0);
      if (names.length === 0) return;
      await admin(async (client) => {
        for (const name of names)
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/**
 * Closes the database and, on PostgreSQL, waits until its server sessions are gone: the pool
 * forgets a client before its socket closes, and the cleanup's DROP DATABASE … WITH (FORCE)
 * would otherwise terminate the stragglers of the concurrency tests, which then report
 * "terminating connection due to administrator command" as uncaught errors.
 */
export async function closeAndSettle(db: Db | undefined): Promise<void> {
  if (!db) return;
  if (db.kind !== "postgres") return db.close();
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
    db.kysely,
  );
  await db.close();
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const result = await client.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where datname = $1",
        [rows[0]!.name],
      );
      if (Number(result.rows[0]!.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}
