import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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
