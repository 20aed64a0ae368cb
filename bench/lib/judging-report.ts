import os from "node:os";
import { failures, formatStatuses, summarise, type LatencySummary } from "./judging-figures";
import { DELETE_SHARE, LIST_SHARE, type RequestKind } from "./judging-load";
import type { DbRun, Settings } from "./judging-run";
import { fixed, round } from "./report";
import type { BenchReport, Table } from "./types";

// The report of the judging benchmark (bench/judging.bench.ts): its tables, notes and result.

const TARGET_P99_MS = 50;
const TARGET_LOST = 0;
const LOAD_KINDS: RequestKind[] = ["list", "score", "update", "delete"];

function ms(value: number): string {
  return fixed(value, value < 10 ? 1 : 0);
}

export function report(runs: DbRun[], settings: Settings, build: string): BenchReport {
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
