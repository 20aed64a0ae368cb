import { summarise } from "./judging-figures";
import type { DbRun, Settings } from "./library-run";
import { fixed, round } from "./report";
import type { BenchReport, Table } from "./types";

// The report of the library benchmark (bench/library-search.bench.ts).

const ms = (value: number) => fixed(value, value < 10 ? 2 : 1);

export function report(runs: DbRun[], settings: Settings, build: string): BenchReport {
  const target = settings.targetP95Ms;
  const figures = runs.map((run) => {
    const all = summarise([...run.latencies.values()].flat());
    const failed = [...run.statuses].filter(([s]) => s !== 200).reduce((n, [, c]) => n + c, 0);
    const checksOk = run.checks.every((c) => c.ok);
    const pass = all.p95 < target && failed === 0 && checksOk;
    return { run, all, failed, checksOk, pass, rps: run.seconds > 0 ? all.count / run.seconds : 0 };
  });
  const pass = figures.every((f) => f.pass);
  const kinds = [...new Set(runs.flatMap((r) => [...r.latencies.keys()]))];

  const tables: Table[] = [
    {
      title: `List/search data requests (/bai-du-thi.data), ${settings.connections} connections`,
      columns: [
        "database",
        "entries",
        "requests",
        "req/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms",
        "not 200",
        "p95 / target",
        "1 connection p50 / p95 ms",
      ],
      rows: figures.map((f) => [
        f.run.kind,
        f.run.seed.published,
        f.all.count,
        fixed(f.rps, 0),
        ms(f.all.p50),
        ms(f.all.p95),
        ms(f.all.p99),
        ms(f.all.max),
        f.failed,
        `${fixed(f.all.p95 / target, 2)} (${f.all.p95 < target ? "PASS" : "BELOW TARGET"})`,
        `${ms(summarise(f.run.alone).p50)} / ${ms(summarise(f.run.alone).p95)}`,
      ]),
    },
    {
      title: "By query kind (HTTP, and the list operation alone inside the process, one run)",
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
          const s = summarise(f.run.latencies.get(kind) ?? []);
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
  const notes = [
    `Build: ${build}. Entries: ${settings.entries} generated (Vietnamese titles, brands, credits, descriptions in both languages), ` +
      `${runs[0]?.seed.prizes ?? 0} with a prize, written in bulk and indexed by server/modules/library/index-entry.ts.`,
    "Requests: the React Router data request a browser makes when the visitor refines the list " +
      "(`/bai-du-thi.data?…&_routes=vi:library`: the root loader does not revalidate), cycling through the query mix, " +
      `at most ${settings.requests} per database within ${settings.maxSeconds} s, over kept-alive connections from this process (it shares the CPUs).`,
    "In-process ms: listLibrary() alone on the bench's own connection; SQL ms: its statements replayed one by one. " +
      "The rest of an HTTP request is routing, the loader, and React Router's encoding of the data.",
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
    `Target: p95 < ${target} ms for the list/search request on each database. Verdict: ${pass ? "PASS" : "BELOW TARGET"}.`,
  ];
  return {
    title: `Library search: ${settings.entries} entries, p95 target ${target} ms`,
    tables,
    notes,
    pass,
    result: {
      targetP95Ms: target,
      entries: settings.entries,
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
            oneConnectionP50Ms: round(summarise(f.run.alone).p50),
            oneConnectionP95Ms: round(summarise(f.run.alone).p95),
            checksOk: f.checksOk,
            byKind: Object.fromEntries(
              kinds.map((kind) => {
                const s = summarise(f.run.latencies.get(kind) ?? []);
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
