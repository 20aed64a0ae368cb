import { execFileSync } from "node:child_process";
import pg from "pg";
import type { Cleanup } from "./cleanup";
import { parentPid } from "./judging-cpu";
import { sleep } from "./server";

// PostgreSQL for the judging benchmark (bench/judging.bench.ts): a fresh database per run, the
// server's main process (to count its CPU), and samples of the server's sessions.

/** A fresh database on the PostgreSQL server, dropped at the end of the run (any benchmark's). */
export async function createPgDatabase(
  serverUrl: string,
  cleanup: Cleanup,
  undo: (() => Promise<void>)[],
  log: (message: string) => void,
  prefix = "vx_bench_judging",
): Promise<string> {
  const name = `${prefix}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  log(`created database ${name}`);
  const drop = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
  let dropped: Promise<void> | undefined;
  const dispose = () => (dropped ??= admin(drop));
  const remove = cleanup.add({
    label: `drop PostgreSQL database ${name}`,
    dispose,
    disposeSync: () => {
      // The process is exiting: psql, where installed, is the only synchronous way left.
      execFileSync("psql", [serverUrl, "-qc", drop], { stdio: "ignore", timeout: 10_000 });
    },
  });
  undo.push(async () => {
    await dispose();
    remove();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The bench's own PostgreSQL sessions are named, so the activity samples can leave them out. */
const BENCH_APPLICATION_NAME = "vx-bench-judging";

export function withApplicationName(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", BENCH_APPLICATION_NAME);
  return url.toString();
}

/** The PostgreSQL server's main process (the parent of a backend), to count its CPU. */
export async function postmasterPid(databaseUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: withApplicationName(databaseUrl) });
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    return rows[0] ? parentPid(rows[0].pid) : undefined;
  } catch {
    return undefined; // A server elsewhere: its CPU is not ours to see.
  } finally {
    await client.end().catch(() => {});
  }
}

/** Mean counts of the server's PostgreSQL sessions over the measured phase. */
export interface PgActivity {
  samples: number;
  /** Sessions of the server's pool (at most 10), the bench's own left out. */
  sessions: number;
  /** Running a statement, waiting on a lock included. */
  active: number;
  /** Waiting on an advisory lock: the score log's, which orders every score change. */
  waitingOnAdvisoryLock: number;
  /** Waiting on any other lock (rows, tables). */
  waitingOnOtherLock: number;
  /** In a transaction, waiting for the server's next statement. */
  idleInTransaction: number;
}

/**
 * Samples pg_stat_activity for the bench database every 200 ms until `stop` is called: how
 * many of the pool's sessions work, wait on a lock, or wait for the Node process.
 */
export function samplePgActivity(databaseUrl: string): {
  stop: () => Promise<PgActivity | undefined>;
} {
  const client = new pg.Client({ connectionString: withApplicationName(databaseUrl) });
  const sums = {
    samples: 0,
    sessions: 0,
    active: 0,
    waitingOnAdvisoryLock: 0,
    waitingOnOtherLock: 0,
    idleInTransaction: 0,
  };
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<Record<string, string>>(
        `select count(*) as sessions,
            count(*) filter (where state = 'active') as active,
            count(*) filter (where wait_event_type = 'Lock' and wait_event = 'advisory') as advisory,
            count(*) filter (where wait_event_type = 'Lock' and wait_event <> 'advisory') as other_lock,
            count(*) filter (where state like 'idle in transaction%') as idle_in_tx
          from pg_stat_activity
          where datname = current_database() and application_name <> $1`,
        [BENCH_APPLICATION_NAME],
      );
      const row = rows[0]!;
      sums.samples++;
      sums.sessions += Number(row.sessions);
      sums.active += Number(row.active);
      sums.waitingOnAdvisoryLock += Number(row.advisory);
      sums.waitingOnOtherLock += Number(row.other_lock);
      sums.idleInTransaction += Number(row.idle_in_tx);
      await sleep(200);
    }
  })().then(
    () => true,
    () => false,
  );
  return {
    stop: async () => {
      running = false;
      const ok = await loop;
      await client.end().catch(() => {});
      if (!ok || sums.samples === 0) return undefined;
      const mean = (n: number) => n / sums.samples;
      return {
        samples: sums.samples,
        sessions: mean(sums.sessions),
        active: mean(sums.active),
        waitingOnAdvisoryLock: mean(sums.waitingOnAdvisoryLock),
        waitingOnOtherLock: mean(sums.waitingOnOtherLock),
        idleInTransaction: mean(sums.idleInTransaction),
      };
    },
  };
}
