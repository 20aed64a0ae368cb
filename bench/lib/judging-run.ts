import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../server/db/database";
import type { Cleanup } from "./cleanup";
import { checkDatabase, type CheckResult } from "./judging-check";
import { measureCpu, type CpuFigures } from "./judging-cpu";
import { formatStatuses } from "./judging-figures";
import { JudgeLoad, type RequestKind } from "./judging-load";
import {
  createPgDatabase,
  postmasterPid,
  samplePgActivity,
  withApplicationName,
  type PgActivity,
} from "./judging-postgres";
import { seedJudging, type SeedSummary } from "./judging-seed";
import { startServer, type RunningServer } from "./server";

// One database of the judging benchmark (bench/judging.bench.ts): server, seeding, sign-in,
// load, check.

export type DbKind = "sqlite" | "postgres";

/** The benchmark's options, the same for every database. */
export interface Settings {
  judges: number;
  duration: number;
  think: [number, number];
  sameAddress: boolean;
  pgUrl: string;
}

/** What one database's run measured and found, for the report. */
export interface DbRun {
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

export async function runDatabase(
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

function assertRunning(server: RunningServer, during: string): void {
  const exited = server.exited();
  if (exited) throw new Error(`the server stopped while ${during} (${exited}):\n${server.tail()}`);
}
