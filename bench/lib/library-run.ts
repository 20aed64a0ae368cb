import { mkdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { CompiledQuery, type KyselyPlugin } from "kysely";
import { librarySearchTerms } from "../../core/library";
import { openDatabase, type Db } from "../../server/db/database";
import { createLibraryService } from "../../server/modules/library/service";
import type { Cleanup } from "./cleanup";
import { createPgDatabase } from "./judging-postgres";
import {
  dataPath,
  get,
  queryCases,
  runLoad,
  runOpenLoad,
  type Facets,
  type LoadResult,
  type QueryCase,
} from "./library-load";
import { seedLibrary, type LibrarySeed } from "./library-seed";
import { topSelfTime } from "./cpu-profile";
import { startServer } from "./server";

// One database of the library benchmark (bench/library-search.bench.ts): server, 50,000
// entries, the answers checked, the load, and where the time goes.

export type DbKind = "sqlite" | "postgres";

export interface Settings {
  entries: number;
  requests: number;
  connections: number;
  /** The open load's arrival rate (requests per second). */
  rate: number;
  maxSeconds: number;
  pgUrl: string;
  targetP95Ms: number;
  /** Run the server under `node --cpu-prof` and keep its top functions by self time. */
  cpuProfile: boolean;
}

/** One query run inside the process (no HTTP): its total and each SQL statement's time. */
export interface InProcess {
  kind: string;
  q: string;
  total: number;
  /** Whether the count stopped at LIBRARY_COUNT_MAX (more matched). */
  capped: boolean;
  /** The first page's entries, to compare searches with and without marks. */
  ids: string[];
  ms: number;
  statements: { sql: string; parameters: readonly unknown[]; ms: number }[];
}

export interface DbRun {
  kind: DbKind;
  seed: LibrarySeed;
  facets: Facets;
  checks: { name: string; ok: boolean; detail: string }[];
  inProcess: InProcess[];
  latencies: Map<string, number[]>;
  /** The same requests one at a time. */
  alone: number[];
  /** The open load at `Settings.rate`: what the target is judged on. */
  open: LoadResult & { late: number };
  statuses: Map<number, number>;
  seconds: number;
  requests: number;
  /** Plans of the slowest statements, when the target was missed. */
  plans: { kind: string; sql: string; ms: number; plan: string[] }[];
  startSeconds: number;
  /** The server's top functions by self time over the whole run, with --cpu-profile. */
  profile?: ReturnType<typeof topSelfTime>;
}

/** A Db whose statements are recorded as they are compiled (to time and explain them). */
function traced(db: Db, sink: CompiledQuery[]): Db {
  const executor = db.kysely.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      sink.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { ...db, kysely: db.kysely.withPlugin(plugin) };
}

async function facetsOf(db: Db, seed: LibrarySeed): Promise<Facets> {
  const rows = await db.kysely
    .selectFrom("library_entries")
    .select(["track_code", "group_slug", "category_code"])
    .distinct()
    .execute();
  const groups = new Map<string, Set<string>>();
  for (const r of rows) {
    const key = `${r.track_code}|${r.group_slug}`;
    groups.set(key, (groups.get(key) ?? new Set()).add(r.category_code));
  }
  const [key, categories] = [...groups].sort((a, b) => b[1].size - a[1].size)[0]!;
  const [track, group] = key.split("|") as [string, string];
  return {
    years: seed.years,
    track,
    group,
    categories: [...categories].sort(),
    codes: seed.sampleCodes,
  };
}

async function runInProcess(db: Db, cases: QueryCase[]): Promise<InProcess[]> {
  const sink: CompiledQuery[] = [];
  const library = createLibraryService(traced(db, sink), {});
  const out: InProcess[] = [];
  for (const c of cases) {
    await library.list(c.query); // warm
    sink.length = 0;
    const t0 = performance.now();
    const page = await library.list(c.query);
    const ms = performance.now() - t0;
    const statements = [];
    for (const compiled of [...sink]) {
      const s0 = performance.now();
      await db.kysely.executeQuery(compiled);
      statements.push({
        sql: compiled.sql.replace(/\s+/g, " ").trim(),
        parameters: compiled.parameters,
        ms: performance.now() - s0,
      });
    }
    out.push({
      kind: c.kind,
      q: c.query.q,
      total: page.total,
      capped: page.totalCapped,
      ids: page.items.map((item) => item.id),
      ms,
      statements,
    });
  }
  return out;
}

function checksOf(results: InProcess[]): DbRun["checks"] {
  const found = (q: string) => results.find((r) => r.q === q);
  const total = (q: string) => found(q)?.total ?? -1;
  const shown = (q: string) => {
    const r = found(q);
    return r ? `${r.total}${r.capped ? "+" : ""}` : "-";
  };
  const pairs: [string, string][] = [
    ["quảng cáo", "quang cao"],
    ["Đông", "dong"],
    ["gia đình", "gia dinh"],
  ];
  // The same count and the same first page (the same entries in the same order).
  const checks = pairs.map(([marked, plain]) => ({
    name: `"${plain}" finds what "${marked}" finds`,
    ok:
      total(marked) > 0 &&
      shown(marked) === shown(plain) &&
      found(marked)!.ids.join() === found(plain)!.ids.join(),
    detail: `${shown(marked)} / ${shown(plain)}`,
  }));
  const rare = results.find((r) => r.kind === "rare word")!;
  checks.push({
    name: "a rare word finds a few",
    ok: rare.total > 0 && rare.total < 20,
    detail: String(rare.total),
  });
  const none = results.find((r) => r.kind === "no match")!;
  checks.push({ name: "no match finds none", ok: none.total === 0, detail: String(none.total) });
  for (const code of results.filter((r) => r.kind === "entry code")) {
    checks.push({
      name: `entry code ${librarySearchTerms(code.q).join("-")} found`,
      ok: code.total >= 1,
      detail: String(code.total),
    });
  }
  return checks;
}

async function explain(db: Db, statement: InProcess["statements"][number]): Promise<string[]> {
  const prefix = db.kind === "sqlite" ? "explain query plan " : "explain (analyze, buffers) ";
  const result = await db.kysely.executeQuery(
    CompiledQuery.raw(prefix + statement.sql, [...statement.parameters]),
  );
  return (result.rows as Record<string, unknown>[]).map((row) =>
    db.kind === "sqlite" ? String(row.detail) : String(Object.values(row)[0]),
  );
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
  const extraEnv: Record<string, string> = {};
  const undo: (() => Promise<void>)[] = [];
  try {
    let databaseUrl: string | undefined;
    if (kind === "postgres") {
      databaseUrl = await createPgDatabase(settings.pgUrl, cleanup, undo, log, "vx_bench_library");
      extraEnv.DATABASE_URL = databaseUrl;
    }
    log("starting the server (migrations and demo data on a fresh database)…");
    const started = performance.now();
    const profileDir = settings.cpuProfile ? path.join(workDir, `cpu-profile-${kind}`) : null;
    const server = await startServer({
      repoRoot,
      env: {
        buildDir,
        dataDir,
        htmlCacheSeconds: 10,
        logLevel: "warn",
        extraEnv,
        ...(profileDir ? { nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] } : {}),
      },
      cleanup,
      readyTimeoutMs: 240_000,
    });
    undo.push(() => server.stop());
    const startSeconds = (performance.now() - started) / 1000;
    log(`server up in ${startSeconds.toFixed(1)} s at ${server.origin}`);

    const db = openDatabase(
      databaseUrl
        ? { kind: "postgres", url: databaseUrl }
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

    log(`writing ${settings.entries} entries and indexing them with the library module…`);
    const seed = await seedLibrary(db, settings.entries);
    log(
      `inserted in ${seed.seconds.insert.toFixed(1)} s, indexed in ${seed.seconds.index.toFixed(1)} s: ` +
        `${seed.published} published, ${seed.prizes} with a prize`,
    );
    const facets = await facetsOf(db, seed);
    const cases = queryCases(facets);

    log("checking the answers inside the process…");
    const inProcess = await runInProcess(db, cases);
    const checks = checksOf(inProcess);

    log("warming up over HTTP…");
    const agent = new http.Agent({ keepAlive: true });
    for (const c of cases) {
      for (let i = 0; i < 3; i++) {
        const { status } = await get(agent, server.origin, dataPath(c.query));
        if (status !== 200) {
          throw new Error(`${dataPath(c.query)} answered ${status}:\n${server.tail()}`);
        }
      }
    }
    agent.destroy();

    log(`measuring ${settings.requests} requests over ${settings.connections} connections…`);
    const measuredFromUs = Number(process.hrtime.bigint() / 1000n);
    const load = await runLoad(server.origin, cases, settings);
    const measured = { fromUs: measuredFromUs, toUs: Number(process.hrtime.bigint() / 1000n) };
    if (server.exited()) throw new Error(`the server stopped while measuring:\n${server.tail()}`);
    // Visitors arriving at a steady rate, independent of how fast the server answers.
    log(`an open load: ${settings.rate} requests a second, ${settings.requests} requests…`);
    const open = await runOpenLoad(server.origin, cases, {
      rate: settings.rate,
      requests: settings.requests,
      maxSeconds: settings.maxSeconds,
      maxInFlight: 256,
    });
    // One connection: each request's own time, without waiting behind the others.
    const alone = await runLoad(server.origin, cases, {
      requests: cases.length * 5,
      connections: 1,
      maxSeconds: 30,
    });

    // Where the time goes, for the kinds over the target under the open load.
    const plans: DbRun["plans"] = [];
    for (const [kindName, values] of open.latencies) {
      const sorted = [...values].sort((a, b) => a - b);
      const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1] ?? 0;
      if (p95 <= settings.targetP95Ms) continue;
      const slowest = inProcess
        .filter((r) => r.kind === kindName)
        .flatMap((r) => r.statements)
        .sort((a, b) => b.ms - a.ms)[0];
      if (slowest) {
        plans.push({
          kind: kindName,
          sql: slowest.sql,
          ms: slowest.ms,
          plan: await explain(db, slowest),
        });
      }
    }
    // The profile is written when the server exits.
    let profile: DbRun["profile"];
    if (profileDir) {
      await server.stop();
      profile = topSelfTime(profileDir, 15, measured);
    }
    return {
      kind,
      ...(profile ? { profile } : {}),
      seed,
      facets,
      checks,
      inProcess,
      latencies: load.latencies,
      alone: [...alone.latencies.values()].flat(),
      open,
      statuses: load.statuses,
      seconds: load.seconds,
      requests: load.requests,
      plans,
      startSeconds,
    };
  } finally {
    for (const step of undo.reverse()) await step().catch(() => {});
  }
}
