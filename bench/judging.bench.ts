/**
 * Judging under load: 200 judges signed in at once, each scoring and updating entries; targets
 * p99 < 50 ms and no acknowledged score lost.
 *
 * Builds the production site once, then for each database (SQLite, PostgreSQL or both) runs the
 * real server (bundled, as `npm start` runs it) on 127.0.0.1 with a fresh data dir and the demo
 * data, seeds an open round 1 of the current season with judges assigned to its categories and
 * their codes issued (through the judging service, under the server's AUTH_SECRET), signs every
 * judge in at once through the HTTP API, and lets each judge score, update and sometimes delete
 * their scores for the measured duration, pausing between actions. Every acknowledged write is
 * kept; once the server has stopped, the database is checked against them: each write has its
 * score-log record, each entry's last acknowledged state is what the scores table holds, and
 * the log's hash chain is intact.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../server/db/database";
import { parseOptions, UsageError } from "./lib/args";
import type { Cleanup } from "./lib/cleanup";
import { groupCpuSeconds, machineBusySeconds } from "./lib/cpu";
import {
  checkDatabase,
  cpuBetween,
  DELETE_SHARE,
  JudgeLoad,
  LIST_SHARE,
  parentPid,
  processTreeCpu,
  seedJudging,
  type CheckResult,
  type RequestKind,
  type SeedSummary,
} from "./lib/judging-steps";
import { fixed, round } from "./lib/report";
import {
  buildSite,
  copyBuild,
  makeWorkDir,
  sleep,
  startServer,
  type RunningServer,
} from "./lib/server";
import type { Benchmark, BenchReport, Table } from "./lib/types";

const TARGET_P99_MS = 50;
const TARGET_LOST = 0;
const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/";
const DEFAULT_THINK_MS: [number, number] = [500, 1500];
const LOAD_KINDS: RequestKind[] = ["list", "score", "update", "delete"];

const OPTIONS = {
  db: { kind: "string" },
  judges: { kind: "number", min: 1, max: 2000, integer: true },
  duration: { kind: "number", min: 1, max: 300 },
  "think-ms": { kind: "string" },
  "same-address": { kind: "flag" },
  "pg-url": { kind: "string" },
  "reuse-build": { kind: "string" },
} as const;

type DbKind = "sqlite" | "postgres";

interface Settings {
  judges: number;
  duration: number;
  think: [number, number];
  sameAddress: boolean;
  pgUrl: string;
}

const bench: Benchmark = {
  description: "200 judges scoring at once: p99 latency < 50 ms, no acknowledged score lost",
  options: [
    "--db sqlite|postgres|both   database(s) to run on, one after the other (default sqlite)",
    "--judges <n>              judges signed in at once (default 200)",
    "--duration <s>            measured seconds per database (default 30)",
    "--think-ms <min>-<max>    pause before each action of a judge, uniform (default 500-1500; 0: none)",
    "--same-address            every judge from 127.0.0.1 (default: a loopback address each)",
    `--pg-url <url>            PostgreSQL server for --db postgres (default ${DEFAULT_PG_URL})`,
    "--reuse-build <dir>       copy this React Router build instead of building",
  ],

  async run({ args, repoRoot, cleanup, log }) {
    const options = parseOptions(args, OPTIONS);
    const dbOption = (options.db as string | undefined) ?? "sqlite";
    if (dbOption !== "sqlite" && dbOption !== "postgres" && dbOption !== "both") {
      throw new UsageError(`--db: sqlite, postgres or both, not ${dbOption}`);
    }
    const kinds: DbKind[] = dbOption === "both" ? ["sqlite", "postgres"] : [dbOption];
    const settings: Settings = {
      judges: (options.judges as number | undefined) ?? 200,
      duration: (options.duration as number | undefined) ?? 30,
      think: parseThink(options["think-ms"] as string | undefined),
      sameAddress: options["same-address"] === true,
      pgUrl: (options["pg-url"] as string | undefined) ?? DEFAULT_PG_URL,
    };
    const reuseBuild = options["reuse-build"] as string | undefined;

    const workDir = makeWorkDir(cleanup, repoRoot, "bench-judging");
    const buildDir = path.join(workDir, "build");
    log(`work dir ${workDir}`);
    let build: string;
    if (reuseBuild) {
      log(`copying the build from ${reuseBuild}`);
      await copyBuild(reuseBuild, buildDir);
      build = `copied from ${reuseBuild}`;
    } else {
      log("building the production site (npx react-router build)…");
      const seconds = await buildSite({ repoRoot, buildDir, cleanup });
      log(`built in ${seconds.toFixed(1)} s`);
      build = `fresh (${fixed(seconds, 1)} s)`;
    }

    const runs: DbRun[] = [];
    for (const kind of kinds) {
      runs.push(await runDatabase(kind, { repoRoot, buildDir, workDir, cleanup, log, settings }));
    }
    return report(runs, settings, build);
  },
};

function parseThink(raw: string | undefined): [number, number] {
  if (raw === undefined) return DEFAULT_THINK_MS;
  const match = /^(\d+)(?:-(\d+))?$/.exec(raw.trim());
  if (!match) throw new UsageError(`--think-ms: <ms> or <min>-<max>, not ${raw}`);
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) throw new UsageError(`--think-ms: ${max} is below ${min}`);
  if (max > 600_000) throw new UsageError("--think-ms: at most 600000");
  return [min, max];
}

// ---------------------------------------------------------------------------------------------
// One database: server, seeding, sign-in, load, check.

interface DbRun {
  kind: DbKind;
  seed: Omit<SeedSummary, "judges">;
  signedIn: number;
  /** Measured phase: wall seconds from the start to the last answer. */
  seconds: number;
  latencies: Record<RequestKind, number[]>;
  statuses: { start: Map<string, number>; load: Map<string, number> };
  conflicts: number;
  acknowledged: number;
  check: CheckResult;
  cpu: CpuFigures;
  pgActivity: PgActivity | undefined;
  serverWarnings: string[];
  startSeconds: number;
}

async function runDatabase(
  kind: DbKind,
  context: {
    repoRoot: string;
    buildDir: string;
    workDir: string;
    cleanup: Cleanup;
    log: (message: string) => void;
    settings: Settings;
  },
): Promise<DbRun> {
  const { repoRoot, buildDir, workDir, cleanup, settings } = context;
  const log = (message: string) => context.log(`${kind}: ${message}`);
  const dataDir = path.join(workDir, `data-${kind}`);
  mkdirSync(dataDir);
  // The bench issues the codes, the server checks them: both derive the key from this secret.
  const secret = randomBytes(32).toString("base64url");
  const extraEnv: Record<string, string> = { AUTH_SECRET: secret };
  // Undone at the end of this database's run (and by the cleanup if the run is cut short).
  const undo: (() => Promise<void>)[] = [];
  try {
    let databaseUrl: string | undefined;
    if (kind === "postgres") {
      databaseUrl = await createPgDatabase(settings.pgUrl, cleanup, undo, log);
      extraEnv.DATABASE_URL = databaseUrl;
    }

    log("starting the server (migrations and demo data on a fresh database)…");
    const started = performance.now();
    const server = await startServer({
      repoRoot,
      env: { buildDir, dataDir, htmlCacheSeconds: 10, logLevel: "warn", extraEnv },
      cleanup,
      readyTimeoutMs: 240_000,
    });
    undo.push(() => server.stop());
    const startSeconds = (performance.now() - started) / 1000;
    log(`server up in ${startSeconds.toFixed(1)} s at ${server.origin}`);

    const db = openDatabase(
      databaseUrl
        ? { kind: "postgres", url: withApplicationName(databaseUrl) }
        : { kind: "sqlite", file: path.join(dataDir, "app.db") },
    );
    let closing: Promise<void> | undefined;
    const closeDb = () => (closing ??= db.close());
    const removeClose = cleanup.add({
      label: `close the ${kind} database`,
      dispose: closeDb,
      disposeSync: () => {},
    });
    undo.push(async () => {
      await closeDb();
      removeClose();
    });

    log(`seeding an open round 1 with ${settings.judges} judges, assignments and codes…`);
    const seed = await seedJudging(db, secret, settings.judges);
    log(
      `seeded in ${seed.seconds.toFixed(1)} s: round ${seed.roundId} of ${seed.seasonYear}, ` +
        `${seed.entries} entries in ${seed.categories} categories, ` +
        `${seed.entriesPerJudge.min}–${seed.entriesPerJudge.max} entries per judge`,
    );

    const pgPid = databaseUrl ? await postmasterPid(databaseUrl) : undefined;
    const load = new JudgeLoad(server, seed.roundId, settings);
    log(`signing ${settings.judges} judges in at once…`);
    const signedIn = await load.signInAll(seed.judges);
    if (signedIn === 0) {
      throw new Error(
        `no judge could sign in (${formatStatuses(load.statuses.start)}):\n${server.tail()}`,
      );
    }
    log(`${signedIn}/${settings.judges} signed in; measuring ${settings.duration} s…`);
    const sampler = databaseUrl ? samplePgActivity(databaseUrl) : undefined;
    let cpu: CpuFigures;
    let pgActivity: PgActivity | undefined;
    try {
      cpu = await measureCpu(server.pid, pgPid, () => load.runFor(settings.duration));
    } finally {
      pgActivity = await sampler?.stop();
    }
    assertRunning(server, "measuring");
    const serverWarnings = [...server.warnings];
    // Stopped first: every request under way has finished and committed before the check.
    log("stopping the server, then checking every acknowledged write in the database…");
    await server.stop();
    const check = await checkDatabase(db, seed.roundId, load.ledger);
    log(
      `${load.ledger.acknowledged} acknowledged writes; lost ${check.lost}; ` +
        `score log ${check.chainIntact ? "intact" : "BROKEN"}`,
    );
    const { judges: _judges, ...seedFigures } = seed;
    return {
      kind,
      seed: seedFigures,
      signedIn,
      seconds: load.seconds,
      latencies: load.latencies,
      statuses: load.statuses,
      conflicts: load.conflicts,
      acknowledged: load.ledger.acknowledged,
      check,
      cpu,
      pgActivity,
      serverWarnings,
      startSeconds,
    };
  } finally {
    // Close the connections and drop the database now, so the next database starts clean.
    for (const step of undo.reverse()) await step();
  }
}

/** A fresh database on the PostgreSQL server, dropped at the end of the run. */
async function createPgDatabase(
  serverUrl: string,
  cleanup: Cleanup,
  undo: (() => Promise<void>)[],
  log: (message: string) => void,
): Promise<string> {
  const name = `vx_bench_judging_${process.pid}`;
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

function withApplicationName(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", BENCH_APPLICATION_NAME);
  return url.toString();
}

/** The PostgreSQL server's main process (the parent of a backend), to count its CPU. */
async function postmasterPid(databaseUrl: string): Promise<number | undefined> {
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
interface PgActivity {
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
function samplePgActivity(databaseUrl: string): { stop: () => Promise<PgActivity | undefined> } {
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

function assertRunning(server: RunningServer, during: string): void {
  const exited = server.exited();
  if (exited) throw new Error(`the server stopped while ${during} (${exited}):\n${server.tail()}`);
}

// ---------------------------------------------------------------------------------------------
// CPU over the measured phase, as % of one core.

interface CpuFigures {
  server: number | undefined;
  postgres: number | undefined;
  /** This process: the judges' HTTP clients. */
  bench: number;
  other: number | undefined;
}

async function measureCpu(
  serverPgid: number,
  pgPid: number | undefined,
  work: () => Promise<void>,
): Promise<CpuFigures> {
  const pgCpu = () => (pgPid === undefined ? undefined : processTreeCpu(pgPid));
  const serverBefore = groupCpuSeconds(serverPgid);
  const pgBefore = pgCpu();
  const machineBefore = machineBusySeconds();
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  await work();
  const wall = (performance.now() - started) / 1000;
  const self = process.cpuUsage(selfBefore);
  const delta = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined ? undefined : after - before;
  const server = delta(serverBefore, groupCpuSeconds(serverPgid));
  const postgres = cpuBetween(pgBefore, pgCpu());
  const machine = delta(machineBefore, machineBusySeconds());
  const bench = (self.user + self.system) / 1e6;
  const percent = (seconds: number | undefined) =>
    seconds === undefined ? undefined : (seconds / wall) * 100;
  const rest =
    machine === undefined ? undefined : machine - bench - (server ?? 0) - (postgres ?? 0);
  return {
    server: percent(server),
    postgres: percent(postgres),
    bench: (bench / wall) * 100,
    other: percent(rest === undefined ? undefined : Math.max(0, rest)),
  };
}

// ---------------------------------------------------------------------------------------------
// The report.

interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles, in ms. */
function summarise(values: number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return {
    count: sorted.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Answers other than 200, as "409 ×3, no answer ×1"; "none" when every answer was 200. */
function formatStatuses(counts: Map<string, number>): string {
  const byStatus = new Map<string, number>();
  for (const [key, n] of counts) {
    const status = key.split(" ").pop()!;
    if (status === "200") continue;
    const label = status === "0" ? "no answer" : status;
    byStatus.set(label, (byStatus.get(label) ?? 0) + n);
  }
  return byStatus.size === 0
    ? "none"
    : [...byStatus].map(([status, n]) => `${status} ×${n}`).join(", ");
}

/** Server errors and requests that got no answer in the measured phase. */
function failures(counts: Map<string, number>): number {
  let n = 0;
  for (const [key, count] of counts) {
    const status = Number(key.split(" ").pop());
    if (status === 0 || status >= 500) n += count;
  }
  return n;
}

function ms(value: number): string {
  return fixed(value, value < 10 ? 1 : 0);
}

function report(runs: DbRun[], settings: Settings, build: string): BenchReport {
  const cpus = os.availableParallelism();
  const figures = runs.map((run) => {
    const load = summarise(LOAD_KINDS.flatMap((kind) => run.latencies[kind]));
    const writes = summarise(
      (["score", "update", "delete"] as const).flatMap((kind) => run.latencies[kind]),
    );
    const signIn = summarise(run.latencies["sign-in"]);
    const requestsPerSecond = run.seconds > 0 ? load.count / run.seconds : 0;
    const failed = failures(run.statuses.load);
    const checks = {
      allSignedIn: run.signedIn === settings.judges,
      p99: load.p99 < TARGET_P99_MS,
      lost: run.check.lost <= TARGET_LOST,
      chain: run.check.chainIntact,
      noFailures: failed === 0 && run.check.unexplainedRows === 0,
    };
    const pass = Object.values(checks).every(Boolean);
    return { run, load, writes, signIn, requestsPerSecond, failed, checks, pass };
  });
  const pass = figures.every((f) => f.pass);
  const verdict = (ok: boolean) => (ok ? "PASS" : "BELOW TARGET");

  const tables: Table[] = [
    {
      title: `Measured phase: ${settings.judges} judges, ${settings.duration} s (list reloads and writes)`,
      columns: [
        "database",
        "signed in",
        "requests",
        "req/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms",
        "answers other than 200",
      ],
      rows: figures.map((f) => [
        f.run.kind,
        `${f.run.signedIn}/${settings.judges}`,
        f.load.count,
        fixed(f.requestsPerSecond, 1),
        ms(f.load.p50),
        ms(f.load.p95),
        ms(f.load.p99),
        ms(f.load.max),
        formatStatuses(f.run.statuses.load),
      ]),
    },
    {
      title: "By request (sign-in: the burst of all judges at once, before the measured phase)",
      columns: ["database", "request", "count", "p50 ms", "p95 ms", "p99 ms", "max ms"],
      rows: figures.flatMap((f) =>
        (
          [
            ["sign-in (burst)", f.signIn],
            ...LOAD_KINDS.map((kind) => [
              kind === "list" ? "GET entries" : `${kind === "delete" ? "DELETE" : "PUT"} ${kind}`,
              summarise(f.run.latencies[kind]),
            ]),
            ["all writes", f.writes],
          ] as [string, LatencySummary][]
        ).map(([label, s]) => [
          f.run.kind,
          label,
          s.count,
          ms(s.p50),
          ms(s.p95),
          ms(s.p99),
          ms(s.max),
        ]),
      ),
    },
    {
      title: "Acknowledged writes against the database (after the server stopped)",
      columns: [
        "database",
        "acknowledged",
        "score_log records (round)",
        "missing from log",
        "last states",
        "not held",
        "lost",
        "hash chain (all records)",
      ],
      rows: figures.map((f) => [
        f.run.kind,
        f.run.acknowledged,
        f.run.check.logRecords,
        f.run.check.missingFromLog,
        f.run.check.finalStates,
        f.run.check.finalNotHeld,
        f.run.check.lost,
        f.run.check.chainIntact
          ? `intact (${f.run.check.chainRecords})`
          : `BROKEN: ${f.run.check.chainBreaks} breaks, ${f.run.check.chainMismatches} mismatches`,
      ]),
    },
    {
      title: "Targets",
      columns: ["database", "p99 ms", "target", "p99 / target", "lost", "target", "verdict"],
      rows: figures.map((f) => [
        f.run.kind,
        ms(f.load.p99),
        `< ${TARGET_P99_MS}`,
        `${fixed(f.load.p99 / TARGET_P99_MS, 2)} ×`,
        f.run.check.lost,
        String(TARGET_LOST),
        verdict(f.pass),
      ]),
    },
    {
      title: `CPU over the measured phase, % of one core (${cpus} core(s) = ${cpus * 100} %)`,
      columns: ["database", "server", "PostgreSQL", "load generator", "other"],
      rows: figures.map((f) => [
        f.run.kind,
        fixed(f.run.cpu.server, 0),
        f.run.kind === "postgres" ? fixed(f.run.cpu.postgres, 0) : "",
        fixed(f.run.cpu.bench, 0),
        fixed(f.run.cpu.other, 0),
      ]),
    },
  ];

  const pgFigures = figures.filter((f) => f.run.pgActivity !== undefined);
  if (pgFigures.length > 0) {
    tables.push({
      title:
        "PostgreSQL sessions of the server's pool over the measured phase (means of samples every 200 ms)",
      columns: [
        "database",
        "sessions",
        "active",
        "waiting on the score-log lock",
        "waiting on other locks",
        "idle in transaction",
      ],
      rows: pgFigures.map((f) => {
        const a = f.run.pgActivity!;
        return [
          f.run.kind,
          fixed(a.sessions, 1),
          fixed(a.active, 1),
          fixed(a.waitingOnAdvisoryLock, 1),
          fixed(a.waitingOnOtherLock, 1),
          fixed(a.idleInTransaction, 1),
        ];
      }),
    });
  }

  const [thinkMin, thinkMax] = settings.think;
  const think =
    thinkMax === 0
      ? "none (each judge acts as soon as its last answer came: a saturation test, not a model of judges)"
      : thinkMin === thinkMax
        ? `${thinkMin} ms`
        : `uniform ${thinkMin}–${thinkMax} ms`;
  const notes = [
    `Verdict: ${verdict(pass)}. A pass needs, per database: p99 < ${TARGET_P99_MS} ms over the measured requests, ${TARGET_LOST} acknowledged writes lost, the hash chain intact, every judge signed in, no 5xx and no unanswered request.`,
    "",
    `Think time: ${think} before each action of a judge (--think-ms).` +
      (settings.think[1] > 0
        ? ` A human judge reads an entry, watches its video and fills six criteria: minutes per score. ${settings.judges} judges at a real pace (one score per ~2 minutes) write ~${fixed(settings.judges / 120, 1)} times a second; with this pause each judge acts about once a second, so the run is the peak of a jury squeezed ~100× — a stress test of many judges at once, with every judge still a separate, paced client (not a closed loop that only measures queueing).`
        : ""),
    `Actions: ${fixed(LIST_SHARE * 100, 0)} % reload the judge's list (GET entries); otherwise a random assigned entry: PUT a score (version null) if the judge has none, else PUT an update with the version of the last answer, or (${fixed(DELETE_SHARE * 100, 0)} % of those) DELETE it. A 409 resyncs the judge to the version it carries.`,
    `Clients: one keep-alive HTTP connection per judge (a browser tab), ${
      settings.sameAddress
        ? "all from 127.0.0.1 (--same-address)"
        : "each from a loopback address of its own (127.0.1.1, 127.0.1.2, …) as from the judges' own devices; --same-address sends all from 127.0.0.1"
    }. Writes carry Origin: the server's origin (the CSRF check).`,
    ...figures.map((f) => {
      const s = f.run.seed;
      return `Data (${f.run.kind}): round 1 of ${s.seasonYear}, open, default criteria; ${s.entries} judgeable demo entries in ${s.categories} categories; each judge assigned whole categories until ≥ 20 entries (${s.entriesPerJudge.min}–${s.entriesPerJudge.max}, median ${s.entriesPerJudge.median}); ${s.judgesPerCategory.min}–${s.judgesPerCategory.max} judges per category. Server start ${fixed(f.run.startSeconds, 1)} s, seeding ${fixed(s.seconds, 1)} s.`;
    }),
    `Server: node build/server/main.mjs (as npm start), NODE_ENV=production, 127.0.0.1, LOG_LEVEL=warn, fresh data dir with the demo data; build ${build}.` +
      (runs.some((r) => r.kind === "postgres")
        ? ` PostgreSQL: a fresh database on ${redact(settings.pgUrl)}, dropped after; the server's pool holds 10 connections (server/db/database.ts).`
        : ""),
    `Check: after the server stopped, every acknowledged write must have its score_log record (entry, judge, action, version) and every (entry, judge) pair's last acknowledged state (version, total, scores, comment; or deleted) must be what the scores table holds; "lost" counts both. verifyScoreChain re-hashes the whole log and compares it with the scores table.`,
    `CPU: ${cpus} core(s) shared by the server${runs.some((r) => r.kind === "postgres") ? ", PostgreSQL" : ""} and the load generator (this process: ${settings.judges} HTTP clients), so latency includes waiting for a core; "other" is everything else on the machine.`,
  ];
  for (const f of figures) {
    const start = formatStatuses(f.run.statuses.start);
    if (!f.checks.allSignedIn || start !== "none") {
      notes.push(
        `Warning (${f.run.kind}): ${f.run.signedIn}/${settings.judges} judges signed in and opened their list; answers other than 200 at the start: ${start}.`,
      );
    }
    if (f.run.conflicts > 0) {
      notes.push(
        `Note (${f.run.kind}): ${f.run.conflicts} writes answered 409 (each judge writes only their own scores, so a 409 follows an unanswered request or shows a version mix-up).`,
      );
    }
    if (f.run.check.unansweredCommitted > 0 || f.run.check.unexplainedRows > 0) {
      notes.push(
        `Note (${f.run.kind}): ${f.run.check.unansweredCommitted} writes whose answer never came are in the database; ${f.run.check.unexplainedRows} score rows match no write sent.`,
      );
    }
    if ((f.run.cpu.other ?? 0) > 25) {
      notes.push(
        `Warning (${f.run.kind}): other processes used ${fixed(f.run.cpu.other, 0)} % of a core during the run; the figures are noisy.`,
      );
    }
    if (f.run.serverWarnings.length > 0) {
      notes.push(
        `Server (${f.run.kind}) logged ${f.run.serverWarnings.length} warning(s) or error(s); first: ${f.run.serverWarnings[0]}`,
      );
    }
  }

  return {
    title: `judging: ${settings.judges} judges scoring at once on ${runs.map((r) => r.kind).join(" and ")} (127.0.0.1)`,
    tables,
    notes,
    pass,
    result: {
      target: { p99Ms: TARGET_P99_MS, lost: TARGET_LOST },
      pass,
      settings: {
        judges: settings.judges,
        durationSeconds: settings.duration,
        thinkMs: settings.think,
        sameAddress: settings.sameAddress,
        listShare: LIST_SHARE,
        deleteShare: DELETE_SHARE,
        cpus,
        build: build.startsWith("fresh") ? "fresh" : "reused",
      },
      databases: Object.fromEntries(
        figures.map((f) => [
          f.run.kind,
          {
            pass: f.pass,
            checks: f.checks,
            signedIn: f.run.signedIn,
            requests: f.load.count,
            seconds: round(f.run.seconds, 2),
            requestsPerSecond: round(f.requestsPerSecond, 1),
            latencyMs: roundSummary(f.load),
            writeLatencyMs: roundSummary(f.writes),
            signInLatencyMs: roundSummary(f.signIn),
            byKind: Object.fromEntries(
              LOAD_KINDS.map((kind) => [kind, roundSummary(summarise(f.run.latencies[kind]))]),
            ),
            statuses: Object.fromEntries(f.run.statuses.load),
            startStatuses: Object.fromEntries(f.run.statuses.start),
            conflicts: f.run.conflicts,
            acknowledgedWrites: f.run.acknowledged,
            ...f.run.check,
            cpuPercent: {
              server: f.run.cpu.server === undefined ? null : round(f.run.cpu.server, 1),
              postgres: f.run.cpu.postgres === undefined ? null : round(f.run.cpu.postgres, 1),
              loadGenerator: round(f.run.cpu.bench, 1),
              other: f.run.cpu.other === undefined ? null : round(f.run.cpu.other, 1),
            },
            ...(f.run.pgActivity
              ? {
                  pgActivity: {
                    samples: f.run.pgActivity.samples,
                    sessions: round(f.run.pgActivity.sessions, 2),
                    active: round(f.run.pgActivity.active, 2),
                    waitingOnAdvisoryLock: round(f.run.pgActivity.waitingOnAdvisoryLock, 2),
                    waitingOnOtherLock: round(f.run.pgActivity.waitingOnOtherLock, 2),
                    idleInTransaction: round(f.run.pgActivity.idleInTransaction, 2),
                  },
                }
              : {}),
            seed: f.run.seed,
            serverWarnings: f.run.serverWarnings.length,
          },
        ]),
      ),
    },
  };
}

function roundSummary(s: LatencySummary) {
  const r = (value: number) => (Number.isFinite(value) ? round(value, 2) : null);
  return { count: s.count, p50: r(s.p50), p95: r(s.p95), p99: r(s.p99), max: r(s.max) };
}

/** The server URL without a password, for the report. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(the --pg-url)";
  }
}

export default bench;
