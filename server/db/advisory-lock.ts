import { sql } from "kysely";
import type { Db } from "./database";

/**
 * Advisory locks of PostgreSQL, for work that must happen in one process at a time when several
 * app processes share the database: start-up (migrations and the demo data) and scheduled jobs.
 * Keys are the two-integer form (this class, a hash of the name), a key space apart from the
 * one-integer locks (the score log's, Kysely's migration lock). SQLite is one process: the work
 * simply runs.
 */
const LOCK_CLASS = 7_240_417;

/**
 * Runs `work` unless another process is running the job of the same name, in which case it
 * resolves to `"skipped"` at once. The lock is held on one pooled connection for the duration of
 * `work` and released after, also when `work` fails.
 */
export async function runExclusive<T>(
  db: Db,
  job: string,
  work: () => Promise<T>,
): Promise<T | "skipped"> {
  if (db.kind !== "postgres") return work();
  return db.kysely.connection().execute(async (connection) => {
    const { rows } = await sql<{ got: boolean }>`
      select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${job})) as got`.execute(connection);
    if (!rows[0]?.got) return "skipped" as const;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${job}))`.execute(connection);
    }
  });
}

/**
 * Runs `work` once no other process holds the lock of that name, waiting for it: processes
 * starting together on an empty database migrate and load the demo data one after the other,
 * and the later ones find it done.
 */
export async function runSerialized<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  if (db.kind !== "postgres") return work();
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${LOCK_CLASS}, hashtext(${name}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${name}))`.execute(connection);
    }
  });
}

/** A scheduled job's body wrapped so that one process at a time runs it (see `runExclusive`). */
export function exclusiveJob(db: Db, job: string): <T>(work: () => Promise<T>) => Promise<void> {
  return async (work) => {
    await runExclusive(db, job, work);
  };
}
