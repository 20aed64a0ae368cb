import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { bundleServer, SERVER_NODE_FLAGS, serverBundlePath } from "../scripts/build-server";
import { demoCredentialsPath } from "../server/demo/demo-accounts";
import { PREBUILT_ENV, runReactRouterBuild } from "../server/test-support/build-once";
import { freePort } from "../server/test-support/production-server";
import { startVnpaySimulator, type VnpaySimulator } from "../server/test-support/vnpay-simulator";
import { E2E_WORKERS } from "./workers";

/** One production server of the e2e run, with everything a journey needs to reach behind it. */
export interface E2eServer {
  /** Where the server listens, without a trailing slash. */
  baseUrl: string;
  /** The server's SQLite file, for tests that move the season's dates. */
  dbFile: string;
  /** Where the server files the mail it sends (no SMTP in the e2e run). */
  outboxDir: string;
  /** The demo accounts' passwords the server generated at its first start (DATA_DIR). */
  demoCredentialsFile: string;
  /** The production build the servers run, for a test that starts a server of its own. */
  buildDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per e2e worker: worker N (VITEST_POOL_ID) uses server N (e2e/support/server.ts). */
    e2eServers: E2eServer[];
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const READY_TIMEOUT_MS = 60_000;

/**
 * One production build and, per worker, one real server (`server/main.ts` bundled as `npm
 * start` runs it, on a fresh SQLite database with the demo data and its own VNPay simulator).
 * The build goes under node_modules/.cache, not the system temp dir: its server bundles import
 * react & co. by bare name, which Node resolves from the bundle's own location, and that folder
 * is ignored by git, prettier and eslint.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cacheDir = path.join(ROOT, "node_modules", ".cache");
  mkdirSync(cacheDir, { recursive: true });
  // `npm test` hands over the build its unit run used (with the server bundle); else build here.
  const prebuilt = process.env[PREBUILT_ENV];
  const buildDir = prebuilt
    ? path.resolve(prebuilt)
    : mkdtempSync(path.join(cacheDir, "e2e-build-"));
  const started: RunningServer[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((server) => server.stop()));
    if (!prebuilt) rmSync(buildDir, { recursive: true, force: true });
  };
  try {
    if (!prebuilt) await buildSite(buildDir);
    const results = await Promise.allSettled(
      Array.from({ length: E2E_WORKERS }, () => startServer(buildDir)),
    );
    for (const result of results) if (result.status === "fulfilled") started.push(result.value);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    project.provide(
      "e2eServers",
      started.map((server) => server.info),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

interface RunningServer {
  info: E2eServer;
  stop: () => Promise<void>;
}

/** Starts one server on a fresh data dir; `stop` ends it and removes the data dir. */
async function startServer(buildDir: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
  let server: ChildProcess | undefined;
  let vnpay: VnpaySimulator | undefined;
  let stopping = false;
  const killOnExit = () => server?.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    stopping = true;
    await stopServer(server);
    await vnpay?.close();
    process.off("exit", killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const dbFile = path.join(dataDir, "app.db");
    const label = `[e2e server :${port}]`;
    // VNPay is configured, pointing at a local simulator of the gateway (the real one is out of reach).
    vnpay = await startVnpaySimulator(() => baseUrl);
    const stderr: string[] = [];
    let ready = false;
    // What `npm start` runs: the bundled server (scripts/build-server.ts) with its V8 flags.
    server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverBundlePath(buildDir)], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        // Explicit, so a developer's .env pointing at PostgreSQL cannot redirect the run.
        DATABASE_URL: `sqlite:${dbFile}`,
        BUILD_DIR: buildDir,
        HTML_CACHE_SECONDS: "0",
        LOG_LEVEL: "warn",
        DEMO_DATA: "true",
        SHUTDOWN_TIMEOUT_SECONDS: "5",
        DRAIN_SECONDS: "0",
        ...vnpay.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Warnings and errors the server logs during the run (pino JSON lines on stdout at
    // LOG_LEVEL=warn, uncaught render errors on stderr) belong in the test output.
    server.stdout?.on("data", (chunk: Buffer) => {
      if (!ready) return;
      for (const line of chunk.toString().split("\n")) {
        if (line.startsWith("{")) process.stderr.write(`${label} ${line}\n`);
      }
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      stderr.push(chunk.toString());
      if (ready) process.stderr.write(`${label} ${chunk.toString()}`);
    });
    await waitUntilReady(server, baseUrl, () => stderr.join(""));
    await untilPicturesComplete(dbFile, label);
    ready = true;
    server.once("exit", (code, signal) => {
      if (!stopping) {
        process.stderr.write(
          `${label} exited during the run (code ${code ?? "none"}, signal ${signal ?? "none"}); ` +
            "every later test on it will fail to connect.\n",
        );
      }
    });
    return {
      info: {
        baseUrl,
        dbFile,
        outboxDir: path.join(dataDir, "outbox"),
        demoCredentialsFile: demoCredentialsPath(dataDir),
        buildDir,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function buildSite(buildDir: string): Promise<void> {
  await runReactRouterBuild(buildDir);
  await bundleServer(buildDir);
}

async function waitUntilReady(
  server: ChildProcess,
  baseUrl: string,
  stderr: () => string,
): Promise<void> {
  const state: { exited: string | null } = { exited: null };
  server.once("exit", (code, signal) => {
    state.exited = `exit code ${code ?? "none"}${signal ? `, signal ${signal}` : ""}`;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (state.exited) {
      throw new Error(`The server stopped before it was ready (${state.exited}):\n${stderr()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `/readyz answered ${response.status}`;
    } catch (error) {
      lastProblem = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `The server was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}):\n${stderr()}`,
  );
}

/**
 * Waits until the image-variants job has made every variant of the demo's pictures: a first
 * start leaves that for the background (a minute or two of a core), and journeys run beside it
 * on two cores would time out for want of CPU rather than for anything they test. Goes on,
 * saying so, after five minutes.
 */
async function untilPicturesComplete(dbFile: string, label: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  const pending = () => {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      db.pragma("busy_timeout = 5000");
      const row = db
        .prepare<[], { n: number }>("SELECT count(*) AS n FROM media WHERE variants_done = 0")
        .get();
      return row?.n ?? 0;
    } finally {
      db.close();
    }
  };
  let left = pending();
  while (left > 0) {
    if (Date.now() > deadline) {
      process.stderr.write(`${label} ${left} demo pictures still lack variants; starting anyway\n`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    left = pending();
  }
}

async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
