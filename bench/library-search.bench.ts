/**
 * The entry library under search: 50,000 published entries, a visitor's list and search
 * requests; target p95 < 20 ms per request on SQLite and on PostgreSQL.
 *
 * Builds the production site once (or copies one), then for each database runs the real server
 * (bundled, as `npm start` runs it) on 127.0.0.1 with a fresh data dir and the demo data,
 * writes the entries straight into the tables in bulk and indexes them with the library
 * module's own indexing, checks the answers (searches with and without Vietnamese marks find
 * the same), and sends a bounded number of the requests the browser makes when a visitor
 * refines the list (the JSON list endpoint), at modest concurrency. Where the target is missed, the slowest
 * statement of each slow kind of query is explained (EXPLAIN QUERY PLAN / EXPLAIN ANALYZE).
 */
import path from "node:path";
import { parseOptions, UsageError } from "./lib/args";
import { report } from "./lib/library-report";
import { runDatabase, type DbKind, type DbRun, type Settings } from "./lib/library-run";
import { makeWorkDir, prepareBuild } from "./lib/server";
import type { Benchmark } from "./lib/types";

const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/";

/**
 * Ceremony night (PRODUCT: tens of thousands of visitors): say 30,000 visitors, half of them in
 * the busiest hour, ten library requests each, is about 40 requests a second; the open load
 * runs at five times that.
 */
const DEFAULT_RATE = 200;

const OPTIONS = {
  db: { kind: "string" },
  entries: { kind: "number", min: 100, max: 200_000, integer: true },
  requests: { kind: "number", min: 10, max: 100_000, integer: true },
  connections: { kind: "number", min: 1, max: 256, integer: true },
  rate: { kind: "number", min: 1, max: 2000 },
  "max-seconds": { kind: "number", min: 1, max: 300 },
  "pg-url": { kind: "string" },
  "reuse-build": { kind: "string" },
  "cpu-profile": { kind: "flag" },
} as const;

const bench: Benchmark = {
  description: "50,000 library entries: list/search request p95 < 20 ms (SQLite, PostgreSQL)",
  options: [
    "--db sqlite|postgres|both   database(s) to run on, one after the other (default both)",
    "--entries <n>             published entries generated (default 50000)",
    "--requests <n>            measured requests per database and load (default 3000)",
    "--rate <n>                open load: requests started per second (default 200)",
    "--connections <n>         closed load: concurrent connections (default 8)",
    "--max-seconds <s>         stop measuring a database after this long (default 60)",
    `--pg-url <url>            PostgreSQL server (default ${DEFAULT_PG_URL})`,
    "--reuse-build <dir>       copy this React Router build instead of building",
    "--cpu-profile             profile the server while measuring; print the top 15 by self time",
  ],

  async run({ args, repoRoot, cleanup, log }) {
    const options = parseOptions(args, OPTIONS);
    const dbOption = (options.db as string | undefined) ?? "both";
    if (dbOption !== "sqlite" && dbOption !== "postgres" && dbOption !== "both") {
      throw new UsageError(`--db: sqlite, postgres or both, not ${dbOption}`);
    }
    const kinds: DbKind[] = dbOption === "both" ? ["sqlite", "postgres"] : [dbOption];
    const settings: Settings = {
      entries: (options.entries as number | undefined) ?? 50_000,
      requests: (options.requests as number | undefined) ?? 3_000,
      connections: (options.connections as number | undefined) ?? 8,
      rate: (options.rate as number | undefined) ?? DEFAULT_RATE,
      maxSeconds: (options["max-seconds"] as number | undefined) ?? 60,
      pgUrl: (options["pg-url"] as string | undefined) ?? DEFAULT_PG_URL,
      targetP95Ms: 20,
      cpuProfile: options["cpu-profile"] === true,
    };
    const reuseBuild = options["reuse-build"] as string | undefined;

    const workDir = makeWorkDir(cleanup, repoRoot, "bench-library");
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

export default bench;
