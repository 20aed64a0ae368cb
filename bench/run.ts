/**
 * `npm run bench -- <name> [options]`: runs bench/<name>.bench.ts and prints its report as
 * tables, then one machine-readable line `BENCH_RESULT {json}` (always the last stdout line).
 * Without a name it lists the benchmarks; an unknown name lists them and exits 1.
 *
 * Runner options (before or after the benchmark's own): `--strict` exits 2 when the result is
 * below the product target (by default a measurement below target still exits 0).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { UsageError } from "./lib/args";
import { Cleanup } from "./lib/cleanup";
import { formatReport } from "./lib/report";
import type { Benchmark, BenchReport } from "./lib/types";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, "..");
const SUFFIX = ".bench.ts";

function available(): string[] {
  return readdirSync(benchDir)
    .filter((file) => file.endsWith(SUFFIX))
    .map((file) => file.slice(0, -SUFFIX.length))
    .sort();
}

async function load(name: string): Promise<Benchmark> {
  const module = (await import(pathToFileURL(path.join(benchDir, name + SUFFIX)).href)) as {
    default?: Benchmark;
  };
  if (!module.default || typeof module.default.run !== "function") {
    throw new Error(`bench/${name}${SUFFIX} has no default export with a run() function`);
  }
  return module.default;
}

async function printList(to: (line: string) => void): Promise<void> {
  to("Usage: npm run bench -- <name> [options] [--strict]");
  to("");
  to("Benchmarks:");
  for (const name of available()) {
    try {
      const bench = await load(name);
      to(`  ${name.padEnd(24)} ${bench.description}`);
      for (const option of bench.options ?? []) to(`  ${"".padEnd(24)}   ${option}`);
    } catch (error) {
      to(`  ${name.padEnd(24)} (cannot load: ${String(error)})`);
    }
  }
}

function emitResult(result: Record<string, unknown>): void {
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const strict = argv.includes("--strict");
  const rest = argv.filter((arg) => arg !== "--strict");
  const name = rest[0];

  if (name === undefined || name === "--help" || name === "-h" || name === "--list") {
    await printList((line) => console.log(line));
    return 0;
  }
  if (!available().includes(name)) {
    console.error(`Unknown benchmark: ${name}\n`);
    await printList((line) => console.error(line));
    return 1;
  }

  const bench = await load(name);
  const cleanup = new Cleanup();
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping the server and removing temp files…`);
    void cleanup.run().finally(() => {
      emitResult({ benchmark: name, status: "interrupted", signal });
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  // Last resort if anything exits the process early: kill the children, remove the dirs.
  process.on("exit", () => cleanup.runSync());

  const started = Date.now();
  let report: BenchReport;
  try {
    report = await bench.run({
      args: rest.slice(1),
      repoRoot,
      cleanup,
      log: (message) => console.error(`[bench] ${message}`),
    });
  } catch (error) {
    await cleanup.run();
    if (error instanceof UsageError) {
      console.error(`${name}: ${error.message}\n`);
      await printList((line) => console.error(line));
      emitResult({ benchmark: name, status: "usage_error", error: error.message });
      return 1;
    }
    console.error(
      `\n${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    emitResult({
      benchmark: name,
      status: "error",
      error: error instanceof Error ? error.message.split("\n")[0] : String(error),
    });
    return 1;
  }
  await cleanup.run();

  console.log(formatReport(report));
  const status = report.pass === undefined ? "ok" : report.pass ? "pass" : "below_target";
  emitResult({
    benchmark: name,
    status,
    startedAt: new Date(started).toISOString(),
    elapsedSeconds: Math.round((Date.now() - started) / 100) / 10,
    ...report.result,
  });
  return strict && report.pass === false ? 2 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
