/** What the runner (bench/run.ts) and a benchmark (bench/<name>.bench.ts) agree on. */

import type { Cleanup } from "./cleanup";

export interface BenchContext {
  /** The benchmark's own arguments (everything after its name). */
  args: string[];
  /** The repository root: where `npx react-router build` and the server run. */
  repoRoot: string;
  /** Everything the run creates (child processes, temp dirs) registers here to be undone. */
  cleanup: Cleanup;
  /** Progress messages, on stderr so stdout holds only the report. */
  log(message: string): void;
}

export interface Table {
  title?: string;
  columns: string[];
  rows: (string | number)[][];
}

export interface BenchReport {
  title: string;
  tables: Table[];
  /** Free-text lines printed after the tables (settings, caveats, observations). */
  notes: string[];
  /** `true`/`false` against the product's target; `undefined` when there is no target. */
  pass?: boolean;
  /** The machine-readable result; printed as `BENCH_RESULT {json}`. */
  result: Record<string, unknown>;
}

export interface Benchmark {
  description: string;
  /** Option lines shown by `npm run bench` without a name. */
  options?: string[];
  run(context: BenchContext): Promise<BenchReport>;
}
