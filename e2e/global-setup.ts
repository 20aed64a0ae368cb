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

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the production server under test listens, without a trailing slash. */
    baseUrl: string;
    /** The server's SQLite file, for tests that move the season's dates. */
    dbFile: string;
    /** Where the server files the mail it sends (no SMTP in the e2e run). */
    outboxDir: string;
    /** The demo accounts' passwords the server generated at its first start (DATA_DIR). */
    demoCredentialsFile: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const READY_TIMEOUT_MS = 60_000;

/**
 * One production build and one real server (`server/main.ts` bundled as `npm start` runs it, on
 * a fresh SQLite database with the demo data) for every browser journey. The build goes under
 * node_modules/.cache, not the system temp dir: its server bundles import react & co. by bare
 * name, which Node resolves from the bundle's own location, and that folder is ignored by git,
 * prettier and eslint.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cacheDir = path.join(ROOT, "node_modules", ".cache");
  mkdirSync(cacheDir, { recursive: true });
  // `npm test` hands over the build its unit run used (with the server bundle); else build here.
  const prebuilt = process.env[PREBUILT_ENV];
  const buildDir = prebuilt
    ? path.resolve(prebuilt)
    : mkdtempSync(path.join(cacheDir, "e2e-build-"));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
  const removeDirs = () => {
    if (!prebuilt) rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };

  let server: ChildProcess | undefined;
  let vnpay: VnpaySimulator | undefined;
  let stopping = false;
  const killOnExit = () => server?.kill("SIGKILL");
  process.once("exit", killOnExit);

  try {
    if (!prebuilt) await buildSite(buildDir);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const dbFile = path.join(dataDir, "app.db");
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
        if (line.startsWith("{")) process.stderr.write(`[e2e server] ${line}\n`);
      }
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      stderr.push(chunk.toString());
      if (ready) process.stderr.write(`[e2e server] ${chunk.toString()}`);
    });
    await waitUntilReady(server, baseUrl, () => stderr.join(""));
    ready = true;
    server.once("exit", (code, signal) => {
      if (!stopping) {
        process.stderr.write(
          `[e2e server] exited during the run (code ${code ?? "none"}, signal ${signal ?? "none"}); ` +
            "every later test will fail to connect.\n",
        );
      }
    });

    project.provide("baseUrl", baseUrl);
    project.provide("dbFile", dbFile);
    project.provide("outboxDir", path.join(dataDir, "outbox"));
    project.provide("demoCredentialsFile", demoCredentialsPath(dataDir));
  } catch (error) {
    stopping = true;
    await stopServer(server);
    await vnpay?.close();
    process.off("exit", killOnExit);
    removeDirs();
    throw error;
  }

  return async () => {
    stopping = true;
    await stopServer(server);
    await vnpay?.close();
    process.off("exit", killOnExit);
    removeDirs();
  };
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

async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
