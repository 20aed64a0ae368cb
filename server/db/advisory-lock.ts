import { sql, type Kysely } from "kysely";
import type { Db } from "./database";
import type { Database } from "./schema";

/**
 * Advisory locks of PostgreSQL, for work that must happen in one process at a time when several
 * app processes share the database: start-up (migrations and the demo data) and scheduled jobs.
 * Keys are the two-integer form (this class, a hash of the name), a key space apart from the
 * one-integer locks (the score log's, Kysely's migration lock). SQLite is one process: the work
 * simply runs.
 */
const LOCK_CLASS = 7_240_417;

/** A scheduled job's period, so that several processes' timers run it once per period. */
export interface JobPeriod {
  everyMs: number;
  now?: () => Date;
}

/**
 * Runs `work` unless another process is running the job of the same name, in which case it
 * resolves to `"skipped"` at once. The lock is held on one pooled connection for the duration of
 * `work` and released after, also when `work` fails. With a `period`, the turn is also skipped
 * when the job started less than (nine tenths of) that period ago in any process: each process
 * has its own timer, and without this a job would run once per period per process.
 */
export async function runExclusive<T>(
  db: Db,
  job: string,
  work: () => Promise<T>,
  period?: JobPeriod,
): Promise<T | "skipped"> {
  if (db.kind !== "postgres") return (await startsNow(db.kysely, job, period)) ? work() : "skipped";
  return db.kysely.connection().execute(async (connection) => {
    const { rows } = await sql<{ got: boolean }>`
      select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${job})) as got`.execute(connection);
    if (!rows[0]?.got) return "skipped" as const;
    try {
      if (!(await startsNow(connection, job, period))) return "skipped" as const;
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${job}))`.execute(connection);
    }
  });
}

/**
 * Whether the job is due (no period, or none started within most of it) and, if so, notes this
 * start. Called under the job's lock, so two processes never both find it due. A last start in
 * the future (a clock set back) does not hold the job up.
 */
async function startsNow(db: Kysely<Database>, job: string, period?: JobPeriod) {
  if (!period) return true;
  const now = (period.now ?? (() => new Date()))();
  const last = await db
    .selectFrom("job_runs")
    .select("last_started_at")
    .where("name", "=", job)
    .executeTakeFirst();
  if (last) {
    const since = now.getTime() - Date.parse(last.last_started_at);
    // Timers drift and start at different moments in each process: a tenth of slack.
    if (since >= 0 && since < period.everyMs * 0.9) return false;
  }
  const startedAt = now.toISOString();
  await db
    .insertInto("job_runs")
    .values({ name: job, last_started_at: startedAt })
    .onConflict((conflict) => conflict.column("name").doUpdateSet({ last_started_at: startedAt }))
    .execute();
  return true;
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

/**
 * A scheduled job's body wrapped so that one process at a time runs it and, given its period,
 * once per period whichever processes' timers fire (see `runExclusive`).
 */
export function exclusiveJob(
  db: Db,
  job: string,
  period?: JobPeriod,
): <T>(work: () => Promise<T>) => Promise<void> {
  return async (work) => {
    await runExclusive(db, job, work, period);
  };
}
