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
import path from "node:path";
import { parseOptions, UsageError } from "./lib/args";
import { report } from "./lib/judging-report";
import { runDatabase, type DbKind, type DbRun, type Settings } from "./lib/judging-run";
import { makeWorkDir, prepareBuild } from "./lib/server";
import type { Benchmark } from "./lib/types";

const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/";
const DEFAULT_THINK_MS: [number, number] = [500, 1500];

const OPTIONS = {
  db: { kind: "string" },
  judges: { kind: "number", min: 1, max: 2000, integer: true },
  duration: { kind: "number", min: 1, max: 300 },
  "think-ms": { kind: "string" },
  "same-address": { kind: "flag" },
  "pg-url": { kind: "string" },
  "reuse-build": { kind: "string" },
} as const;

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
    const { description: build } = await prepareBuild({
      repoRoot,
      buildDir,
      cleanup,
      log,
      reuseBuild,
    });

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

export default bench;
