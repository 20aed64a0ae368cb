/**
 * `npm run bench -- sign-in-timing`: whether the time a refused sign-in takes tells that the
 * account exists. The identity service's sign-in (the operation behind both sign-in pages) is
 * timed for an unknown address and for an existing account with a wrong password, alternately,
 * on a fresh SQLite database in a temp dir; prints the medians and their ratio. Both must do
 * the same argon2id work: the target is a ratio within 0.8–1.25.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../server/config";
import { migrateToLatest, openDatabase } from "../server/db/database";
import { createServices } from "../server/services";
import { individualProfile } from "../server/test-support/sign-in";
import { parseOptions } from "./lib/args";
import { fixed, round } from "./lib/report";
import type { Benchmark, BenchContext, BenchReport } from "./lib/types";

const PASSWORD = "mua-thu-ha-noi-2026";
const TARGET = { low: 0.8, high: 1.25 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const bench: Benchmark = {
  description: "Sign-in time for an unknown address vs a wrong password (same argon2 work)",
  options: ["--rounds <n>   timed attempts of each kind (default 60, after 5 warm-up)"],
  async run({ args, cleanup, log }: BenchContext): Promise<BenchReport> {
    const options = parseOptions(args, {
      rounds: { kind: "number", integer: true, min: 5, max: 10_000 },
    });
    const rounds = (options.rounds as number | undefined) ?? 60;
    const dataDir = mkdtempSync(path.join(tmpdir(), "vx-bench-signin-"));
    const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
    cleanup.add({
      label: "temp data dir",
      dispose: async () => removeDir(),
      disposeSync: removeDir,
    });
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
    });
    const db = openDatabase(config.database);
    cleanup.add({ label: "database", dispose: () => db.close(), disposeSync: () => {} });
    await migrateToLatest(db);
    const services = createServices(db, config, { onContentChange: () => {} });
    const { identity, limiter } = services;
    const email = "co-that@example.vn";
    await identity.createEntrant({
      email,
      password: PASSWORD,
      profile: individualProfile("Người Có Thật", "1 Tràng Tiền, Hà Nội"),
    });

    const attempt = async (kind: "unknown" | "existing", i: number) => {
      const ip = `198.51.100.${i % 250}`;
      const who = kind === "unknown" ? `khong-co-${i}@example.vn` : email;
      // The limits are not what is measured: start each attempt with clean counters.
      await limiter.clear(`signin:account:${who}`);
      await limiter.clear(`signin:ip:${ip}`);
      const meta = { headers: new Headers({ "x-vx-client-ip": ip }), ip, lang: "vi" as const };
      const started = performance.now();
      const outcome = await identity.signIn(
        { email: who, password: `sai-mat-khau-${i}` },
        meta,
        "entrant",
      );
      const ms = performance.now() - started;
      if (outcome.ok || outcome.status !== 401) {
        throw new Error(`unexpected answer for ${kind}: ${JSON.stringify(outcome)}`);
      }
      return ms;
    };

    log(`[sign-in-timing] warm-up, then ${rounds} attempts of each kind, alternating…`);
    for (let i = 0; i < 5; i += 1) {
      await attempt("unknown", i);
      await attempt("existing", i);
    }
    const unknown: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      // Alternate which goes first, so drift on a busy machine falls on both alike.
      if (i % 2) {
        unknown.push(await attempt("unknown", i));
        existing.push(await attempt("existing", i));
      } else {
        existing.push(await attempt("existing", i));
        unknown.push(await attempt("unknown", i));
      }
    }
    services.mail.close();

    const unknownMedian = median(unknown);
    const existingMedian = median(existing);
    const ratio = unknownMedian / existingMedian;
    const pass = ratio >= TARGET.low && ratio <= TARGET.high;
    const row = (label: string, values: number[]) => [
      label,
      fixed(median(values), 2),
      fixed(percentile(values, 10), 2),
      fixed(percentile(values, 90), 2),
    ];
    return {
      title: "Sign-in timing: unknown address vs existing account (wrong password)",
      tables: [
        {
          columns: ["attempt", "median ms", "p10 ms", "p90 ms"],
          rows: [row("unknown address", unknown), row("existing account", existing)],
        },
        {
          columns: ["ratio unknown / existing", "target"],
          rows: [[fixed(ratio, 3), `${TARGET.low}–${TARGET.high}`]],
        },
      ],
      notes: [
        `${rounds} attempts of each kind through the identity service's sign-in (argon2id, 19 MiB, t=2), SQLite.`,
        'Both answers are the same 401 "invalid credentials"; the per-account and per-IP counters are cleared between attempts.',
      ],
      pass,
      result: {
        rounds,
        unknownMedianMs: round(unknownMedian),
        existingMedianMs: round(existingMedian),
        ratio: round(ratio, 3),
      },
    };
  },
};

export default bench;
