import { LIBRARY_API_PATH } from "../../core/library";
import { selfTimeTable } from "./cpu-profile";
import { summarise } from "./judging-figures";
import type { DbRun, Settings } from "./library-run";
import { fixed, round } from "./report";
import type { BenchReport, Table } from "./types";

// The report of the library benchmark (bench/library-search.bench.ts).

const ms = (value: number) => fixed(value, value < 10 ? 2 : 1);

export function report(runs: DbRun[], settings: Settings, build: string): BenchReport {
  const target = settings.targetP95Ms;
  const figures = runs.map((run) => {
    const all = summarise([...run.open.latencies.values()].flat());
    const failed = [...run.open.statuses].filter(([s]) => s !== 200).reduce((n, [, c]) => n + c, 0);
    const closed = summarise([...run.latencies.values()].flat());
    const closedFailed = [...run.statuses]
      .filter(([s]) => s !== 200)
      .reduce((n, [, c]) => n + c, 0);
    const checksOk = run.checks.every((c) => c.ok);
    const pass = all.p95 < target && failed + closedFailed === 0 && checksOk;
    return {
      run,
      all,
      failed,
      closed,
      closedFailed,
      checksOk,
      pass,
      rps: run.open.seconds > 0 ? all.count / run.open.seconds : 0,
      closedRps: run.seconds > 0 ? closed.count / run.seconds : 0,
    };
  });
  const pass = figures.every((f) => f.pass);
  const kinds = [...new Set(runs.flatMap((r) => [...r.open.latencies.keys()]))];
  const verdict = (p95: number) =>
    `${fixed(p95 / target, 2)} (${p95 < target ? "PASS" : "BELOW TARGET"})`;

  const tables: Table[] = [
    {
      title: `List/search requests (GET ${LIBRARY_API_PATH}) on ${settings.entries} entries`,
      columns: [
        "database",
        "load",
        "requests",
        "req/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms",
        "not 200",
        "p95 / target",
      ],
      rows: figures.flatMap((f) => {
        const alone = summarise(f.run.alone);
        return [
          [
            f.run.kind,
            `open, ${settings.rate} req/s (the target)`,
            f.all.count,
            fixed(f.rps, 0),
            ms(f.all.p50),
            ms(f.all.p95),
            ms(f.all.p99),
            ms(f.all.max),
            f.failed,
            verdict(f.all.p95),
          ],
          [
            f.run.kind,
            `closed, ${settings.connections} connections (saturation)`,
            f.closed.count,
            fixed(f.closedRps, 0),
            ms(f.closed.p50),
            ms(f.closed.p95),
            ms(f.closed.p99),
            ms(f.closed.max),
            f.closedFailed,
            `${fixed(f.closed.p95 / target, 2)} (not the target)`,
          ],
          [
            f.run.kind,
            "one connection",
            alone.count,
            "",
            ms(alone.p50),
            ms(alone.p95),
            ms(alone.p99),
            ms(alone.max),
            "",
            "",
          ],
        ];
      }),
    },
    {
      title: `By query kind (HTTP under the open load, and the list operation alone inside the process, one run)`,
      columns: [
        "database",
        "kind",
        "count",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "in-process ms",
        "SQL ms",
        "total found",
      ],
      rows: figures.flatMap((f) =>
        kinds.map((kind) => {
          const s = summarise(f.run.open.latencies.get(kind) ?? []);
          const inside = f.run.inProcess.filter((r) => r.kind === kind);
          const mean = (values: number[]) =>
            values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
          return [
            f.run.kind,
            kind,
            s.count,
            ms(s.p50),
            ms(s.p95),
            ms(s.p99),
            ms(mean(inside.map((r) => r.ms))),
            ms(mean(inside.map((r) => r.statements.reduce((a, b) => a + b.ms, 0)))),
            inside.map((r) => `${r.total}${r.capped ? "+" : ""}`).join(" / "),
          ];
        }),
      ),
    },
    {
      title: "Answers checked (inside the process, same operation the loader calls)",
      columns: ["database", "check", "result", "found"],
      rows: figures.flatMap((f) =>
        f.run.checks.map((c) => [f.run.kind, c.name, c.ok ? "ok" : "WRONG", c.detail]),
      ),
    },
  ];
  for (const run of runs) {
    if (!run.profile) continue;
    tables.push(
      selfTimeTable(
        "self time, top 15",
        run.profile,
        `${run.kind}: the server's CPU profile while measuring (${fixed(run.profile.totalMs / 1000, 1)} s of samples, idle excluded)`,
      ),
    );
  }
  const notes = [
    `Build: ${build}. Entries: ${settings.entries} generated (Vietnamese titles, brands, credits, descriptions in both languages), ` +
      `${runs[0]?.seed.prizes ?? 0} with a prize, written in bulk and indexed by server/modules/library/index-entry.ts.`,
    "Requests: what a browser asks for when the visitor refines the list (the library page's client loader " +
      `fetches \`${LIBRARY_API_PATH}?…\`, the list as JSON), cycling through the query mix, from this process (it shares the CPUs). ` +
      `Open load (the target): requests start at ${settings.rate} a second on average (exponential gaps, as independent visitors arrive), ` +
      `${settings.requests} per database, each timed from when it was due. ` +
      `Closed load: ${settings.connections} connections each sending its next request as soon as the last is answered, ${settings.requests} requests: ` +
      "the server's capacity; its latency is that of the queue (about connections ÷ throughput), reported, not judged.",
    ...figures.map(
      (f) =>
        `${f.run.kind}: the open load ran at ${fixed(f.rps, 0)} req/s; ${f.run.open.late} requests left more than 5 ms after they were due (the load generator's own delay).`,
    ),
    "In-process ms: listLibrary() alone on the bench's own connection; SQL ms: its statements replayed one by one. " +
      "The rest of an HTTP request is the server's request handling and the JSON encoding.",
    ...runs.map(
      (r) =>
        `${r.kind}: server start ${fixed(r.startSeconds, 1)} s, insert ${fixed(r.seed.seconds.insert, 1)} s, index ${fixed(r.seed.seconds.index, 1)} s.`,
    ),
    ...runs.flatMap((r) =>
      r.plans.flatMap((p) => [
        "",
        `${r.kind} — over target: "${p.kind}"; its slowest statement (${ms(p.ms)} ms): ${p.sql.slice(0, 400)}`,
        ...p.plan.map((line) => `    ${line}`),
      ]),
    ),
    "",
    `Target (PRODUCT §11): API list/search p95 < ${target} ms with 50,000 entries, on each database, under the open load of ${settings.rate} req/s. Verdict: ${pass ? "PASS" : "BELOW TARGET"}.`,
  ];
  return {
    title: `Library search: ${settings.entries} entries, p95 target ${target} ms`,
    tables,
    notes,
    pass,
    result: {
      targetP95Ms: target,
      entries: settings.entries,
      openRate: settings.rate,
      databases: Object.fromEntries(
        figures.map((f) => [
          f.run.kind,
          {
            requests: f.all.count,
            requestsPerSecond: round(f.rps, 1),
            p50Ms: round(f.all.p50),
            p95Ms: round(f.all.p95),
            p99Ms: round(f.all.p99),
            maxMs: round(f.all.max),
            notOk: f.failed,
            p95OverTarget: round(f.all.p95 / target, 3),
            closedConnections: settings.connections,
            closedRequestsPerSecond: round(f.closedRps, 1),
            closedP95Ms: round(f.closed.p95),
            closedP99Ms: round(f.closed.p99),
            oneConnectionP50Ms: round(summarise(f.run.alone).p50),
            oneConnectionP95Ms: round(summarise(f.run.alone).p95),
            checksOk: f.checksOk,
            byKind: Object.fromEntries(
              kinds.map((kind) => {
                const s = summarise(f.run.open.latencies.get(kind) ?? []);
                return [
                  kind,
                  { count: s.count, p50Ms: round(s.p50), p95Ms: round(s.p95), p99Ms: round(s.p99) },
                ];
              }),
            ),
            pass: f.pass,
          },
        ]),
      ),
    },
  };
}
