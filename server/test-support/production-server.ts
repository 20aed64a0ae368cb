import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ProductionBundle } from "./build";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** A server process started by `spawnServer`, listening on 127.0.0.1. */
export interface SpawnedServer {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, also its PUBLIC_URL. */
  baseUrl: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGKILL (unless it has ended already); resolves once the process is gone. */
  kill(): Promise<void>;
}

export interface ServerProcess extends SpawnedServer {
  /** Kills the process if it still runs and removes its data dir. */
  cleanup(): void;
}

/** The environment that points a server process at `dataDir` (its SQLite file there) and `bundle`. */
export function dataDirEnv(dataDir: string, bundle: ProductionBundle): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
    BUILD_DIR: path.dirname(bundle.clientDir),
  };
}

/** A TCP port nobody listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/**
 * The real server (server/main.ts through tsx; `npm start` runs the same code bundled, which
 * `nodeArgs` can name instead) in its own process on a free port of 127.0.0.1, in production
 * mode with warnings logged; `env` adds to that (DATA_DIR, DATABASE_URL, BUILD_DIR…); `nice`
 * lowers its CPU priority. Resolves once `/readyz` answers 200 (within 90 s unless
 * `readyTimeoutMs` says otherwise).
 */
export async function spawnServer(
  env: Record<string, string>,
  nodeArgs: string[] = ["--import", "tsx", path.join(REPO, "server", "main.ts")],
  options: { nice?: number; readyTimeoutMs?: number } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Under `nice` (coreutils), as systemd's Nice= starts it: every thread of the process
  // inherits the priority, V8's and libuv's included.
  const [command, args] =
    options.nice === undefined
      ? [process.execPath, nodeArgs]
      : ["nice", ["-n", String(options.nice), process.execPath, ...nodeArgs]];
  const child = spawn(command, args, {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const kill = async () => {
    if (!ended) child.kill("SIGKILL");
    await exited;
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (ended) throw new Error(`the server stopped before it was ready:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`the server was not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { child, baseUrl, output: () => output, exited, kill };
}

/**
 * `spawnServer` on a production build from `buildProductionBundle`, a fresh SQLite file
 * without demo data in a temp data dir, proxy headers not trusted.
 */
export async function startServerProcess(
  bundle: ProductionBundle,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vx-process-"));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  let server: SpawnedServer;
  try {
    server = await spawnServer({
      ...dataDirEnv(dataDir, bundle),
      DEMO_DATA: "false",
      TRUST_PROXY: "false",
      ...env,
    });
  } catch (error) {
    removeDataDir();
    throw error;
  }
  let ended = false;
  void server.exited.then(() => (ended = true));
  const cleanup = () => {
    if (!ended) server.child.kill("SIGKILL");
    removeDataDir();
  };
  return { ...server, cleanup };
}
