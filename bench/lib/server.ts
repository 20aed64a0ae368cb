/**
 * Building the production site into a private directory and running the real server
 * (`node BUILD_DIR/server/main.mjs`, as `npm start` does) as a child process, for benchmarks.
 * Loopback only.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { cp } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { bundleServer, SERVER_NODE_FLAGS, serverBundlePath } from "../../scripts/build-server";
import type { Cleanup } from "./cleanup";
import { groupCpuSeconds } from "./cpu";

export const LOOPBACK = "127.0.0.1";

/**
 * A fresh directory under os.tmpdir(), removed at cleanup. It holds a `node_modules` symlink to
 * the repository's: the server bundle in `<dir>/build/server` imports `react` & co. by bare
 * name, and Node looks for them in the `node_modules` folders above the bundle, not above the
 * process's working directory.
 */
export function makeWorkDir(cleanup: Cleanup, repoRoot: string, prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const link = path.join(dir, "node_modules");
  const remove = () => {
    // Unlink the symlink first so nothing can ever walk into the real node_modules.
    rmSync(link, { force: true });
    rmSync(dir, { recursive: true, force: true });
  };
  cleanup.add({ label: `remove ${dir}`, dispose: async () => remove(), disposeSync: remove });
  symlinkSync(path.join(repoRoot, "node_modules"), link, "dir");
  return dir;
}

function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; cleanup: Cleanup },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const undo = options.cleanup.add(groupKiller(child, `${command} ${args.join(" ")}`));
    let output = "";
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      undo();
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      undo();
      resolve({ code, output });
    });
  });
}

/**
 * `npx react-router build` with BUILD_DIR pointing at `buildDir`, then the server bundle
 * (scripts/build-server.ts), like `npm run build`. Pre-compression is left out.
 */
export async function buildSite(options: {
  repoRoot: string;
  buildDir: string;
  cleanup: Cleanup;
}): Promise<number> {
  const started = performance.now();
  const { code, output } = await runCommand("npx", ["react-router", "build"], {
    cwd: options.repoRoot,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: options.buildDir },
    timeoutMs: 10 * 60_000,
    cleanup: options.cleanup,
  });
  if (code !== 0) {
    throw new Error(`npx react-router build failed (exit ${code}):\n${output.slice(-4000)}`);
  }
  if (!existsSync(path.join(options.buildDir, "server", "index.js"))) {
    throw new Error(`the build wrote no ${path.join(options.buildDir, "server", "index.js")}`);
  }
  await bundleServer(options.buildDir);
  return (performance.now() - started) / 1000;
}

/**
 * The production build a benchmark runs, in `buildDir`: `reuseBuild` copied when given (the
 * server bundled from the current source beside it), else built fresh. Returns how, for the
 * report, and the build's seconds when it was built.
 */
export async function prepareBuild(options: {
  repoRoot: string;
  buildDir: string;
  cleanup: Cleanup;
  log: (message: string) => void;
  reuseBuild: string | undefined;
}): Promise<{ description: string; seconds: number | undefined }> {
  const { reuseBuild, log } = options;
  if (reuseBuild) {
    log(`copying the build from ${reuseBuild}`);
    await copyBuild(reuseBuild, options.buildDir);
    return { description: `copied from ${reuseBuild}`, seconds: undefined };
  }
  log("building the production site (npx react-router build)…");
  const seconds = await buildSite(options);
  log(`built in ${seconds.toFixed(1)} s`);
  return { description: `fresh (${seconds.toFixed(1)} s)`, seconds };
}

/**
 * Copies an existing build (never written to) into the private build directory, and bundles
 * the current server source beside it.
 */
export async function copyBuild(from: string, to: string): Promise<void> {
  const source = path.resolve(from);
  for (const needed of ["server/index.js", "client"]) {
    if (!existsSync(path.join(source, needed))) {
      throw new Error(`--reuse-build ${from}: no ${needed} inside; is it a React Router build?`);
    }
  }
  await cp(source, to, { recursive: true });
  await bundleServer(to);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("could not find a free port"));
      });
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // Negative pid: the whole process group that `detached` created (the command and children).
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function groupKiller(child: ChildProcess, label: string) {
  return {
    label: `stop ${label} (pgid ${child.pid})`,
    dispose: async () => stopGroup(child),
    disposeSync: () => killGroup(child, "SIGKILL"),
  };
}

async function stopGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  killGroup(child, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
  if (groupAlive(pid)) {
    killGroup(child, "SIGKILL");
    while (groupAlive(pid) && Date.now() < deadline + 5_000) await sleep(50);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface ServerEnv {
  buildDir: string;
  dataDir: string;
  htmlCacheSeconds: number;
  logLevel?: string;
  /** Set last, over the settings above: e.g. a PostgreSQL DATABASE_URL, or AUTH_SECRET. */
  extraEnv?: Record<string, string>;
  /** Node flags added to SERVER_NODE_FLAGS, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
}

export interface RunningServer {
  port: number;
  origin: string;
  pid: number;
  /** Server log lines at warn level or above (pino JSON), kept for the report. */
  warnings: string[];
  /** The last lines the process printed, for error messages. */
  tail(): string;
  /** Why the process ended, if it has. */
  exited(): string | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the bundled server (`node <SERVER_NODE_FLAGS> BUILD_DIR/server/main.mjs`, what
 * `npm start` runs; `buildSite` or `copyBuild` made the bundle) in its own process group and
 * waits until `/readyz` answers 200. Every setting that could send it elsewhere (a `.env`
 * DATABASE_URL, PUBLIC_URL…) is set explicitly, because the real environment wins over `.env`.
 */
export async function startServer(options: {
  repoRoot: string;
  env: ServerEnv;
  cleanup: Cleanup;
  readyTimeoutMs?: number;
}): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://${LOOPBACK}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: LOOPBACK,
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: options.env.dataDir,
    DATABASE_URL: `sqlite:${path.join(options.env.dataDir, "app.db")}`,
    BUILD_DIR: options.env.buildDir,
    HTML_CACHE_SECONDS: String(options.env.htmlCacheSeconds),
    LOG_LEVEL: options.env.logLevel ?? "warn",
    DEMO_DATA: "true",
    TRUST_PROXY: "false",
    SHUTDOWN_TIMEOUT_SECONDS: "5",
    DRAIN_SECONDS: "0",
    ...options.env.extraEnv,
  };
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...(options.env.nodeFlags ?? []),
      serverBundlePath(options.env.buildDir),
    ],
    {
      cwd: options.repoRoot,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const undo = options.cleanup.add(groupKiller(child, "server"));
  const lines: string[] = [];
  const warnings: string[] = [];
  let partial = "";
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (isWarning(line) && warnings.length < 50) warnings.push(line);
    }
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  let exited: string | undefined;
  child.on("exit", (code, signal) => {
    exited = `exit ${code ?? signal}`;
  });
  child.on("error", (error) => {
    exited = String(error);
  });
  const tail = () => [...lines, partial].filter(Boolean).slice(-40).join("\n");

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (exited) throw new Error(`the server stopped before it was ready (${exited}):\n${tail()}`);
    const status = await probeStatus(`${origin}/readyz`);
    if (status === 200) break;
    if (Date.now() > deadline) {
      throw new Error(`the server was not ready within the time limit:\n${tail()}`);
    }
    await sleep(150);
  }
  await settleAfterStart(child.pid!, () => exited, tail);

  return {
    port,
    origin,
    pid: child.pid!,
    warnings,
    tail,
    exited: () => exited,
    stop: async () => {
      await stopGroup(child);
      undo();
    },
  };
}

/**
 * Waits until the started server is idle: a first start's background work (the demo pictures'
 * responsive variants, made by the image-variants job as an upload's are) takes a core for a
 * minute or two after `/readyz`, and a figure taken meanwhile would measure it. Idle is under
 * 10 % of a core over two seconds; gives up, and says so, after five minutes.
 */
async function settleAfterStart(
  pgid: number,
  exited: () => string | undefined,
  tail: () => string,
): Promise<void> {
  const WINDOW_MS = 2000;
  const deadline = Date.now() + 300_000;
  const started = Date.now();
  let before = groupCpuSeconds(pgid);
  if (before === undefined) return;
  for (;;) {
    await sleep(WINDOW_MS);
    const exit = exited();
    if (exit) throw new Error(`the server stopped after it was ready (${exit}):\n${tail()}`);
    const now = groupCpuSeconds(pgid);
    if (now === undefined) return;
    const busy = (now - before) / (WINDOW_MS / 1000);
    before = now;
    if (busy < 0.1) break;
    if (Date.now() > deadline) {
      console.log(
        `note: the server was still busy (${Math.round(busy * 100)} % of a core) 5 min after start`,
      );
      return;
    }
  }
  const waited = Math.round((Date.now() - started) / 1000);
  if (waited > WINDOW_MS / 1000) {
    console.log(`note: waited ${waited} s after start for the server's start-up work to finish`);
  }
}

/**
 * Starts the server once to migrate and write the demo data, stops it, and starts it again:
 * the server a memory figure is read from. Writing the demo data (drawing pictures, a film,
 * PDFs) leaves a first start's process with a few hundred MB of native memory and peak RSS a
 * deployment's later starts never carry.
 */
export async function startSeededServer(options: {
  repoRoot: string;
  env: ServerEnv;
  cleanup: Cleanup;
  readyTimeoutMs?: number;
}): Promise<RunningServer> {
  const seeding = await startServer(options);
  await seeding.stop();
  return startServer(options);
}

function isWarning(line: string): boolean {
  if (!line.startsWith("{")) return false;
  try {
    const entry = JSON.parse(line) as { level?: unknown };
    return typeof entry.level === "number" && entry.level >= 40;
  } catch {
    return false;
  }
}

function probeStatus(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(undefined));
  });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One GET with only the headers autocannon sends too (Host, Connection): no Accept-Encoding,
 * so the body is exactly what the benchmark measures.
 */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: 10_000, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}
