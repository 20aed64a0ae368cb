import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { readDemoCredentials, type DemoCredentials } from "../demo/demo-accounts";
import type { ProductionBundle } from "./build";
import { freePort, spawnServer, type SpawnedServer } from "./production-server";
import { startS3Emulator, type S3Emulator } from "./s3-emulator";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
/** The documented example the cluster's load balancer is made from. */
export const SHIPPED_NGINX_CONF = path.join(REPO, "deploy", "nginx.conf");
const NGINX_CANDIDATES = ["/usr/sbin/nginx", "/usr/bin/nginx"];

/**
 * The CPU priority of the upload processes: deploy/uploads-priority.conf's `Nice=`, which
 * `server/multi-process.test.ts` holds the two to.
 */
export const UPLOAD_NICE = 10;

/** Several production app processes on one PostgreSQL database and one S3 bucket, behind nginx. */
export interface Cluster {
  /** nginx's address, `http://127.0.0.1:<port>`: every process's PUBLIC_URL. */
  baseUrl: string;
  /**
   * Every process, each reachable directly too: first those nginx sends pages, data and forms
   * to (`vanxuan_app`), named `app-1`, `app-2`… (their `x-served-by`), then `uploadProcesses`.
   */
  processes: SpawnedServer[];
  /**
   * The processes nginx sends resumable uploads to (`vanxuan_uploads`), named `uploads-1`…:
   * the same program, started at the lower CPU priority UPLOAD_NICE as deploy/ runs them.
   */
  uploadProcesses: SpawnedServer[];
  /** The fresh PostgreSQL database they share. */
  databaseUrl: string;
  s3: S3Emulator;
  /** One DATA_DIR per process: nothing is shared on disk. */
  dataDirs: string[];
  /** The demo accounts' passwords, from the DATA_DIR of the process that made them. */
  credentials: DemoCredentials;
  /** nginx's access log so far, as deploy/nginx.conf writes it: one line per request, `… upstream=<address> …`. */
  nginxLog(): string;
  stop(): Promise<void>;
}

/** Why the cluster cannot run here (no PostgreSQL, no nginx), or null when it can. */
export function clusterUnavailable(): string | null {
  if (!process.env.TEST_DATABASE_URL) return "TEST_DATABASE_URL is not set (no PostgreSQL)";
  if (!nginxBinary()) return "nginx is not installed (scripts/ensure-nginx.sh installs it)";
  return null;
}

/** Which process answered: the `x-served-by` header (APP_INSTANCE). */
export function servedBy(response: Response): string {
  return response.headers.get("x-served-by") ?? "";
}

function nginxBinary(): string | null {
  return NGINX_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Starts `count` processes of the real server for pages and `uploadCount` for uploads, all at
 * once (so start-up races are part of the test), with demo data, then nginx in front of them
 * with the shipped configuration.
 */
export async function startCluster(
  bundle: ProductionBundle,
  options: {
    count?: number;
    uploadCount?: number;
    env?: Record<string, string>;
    /** Node's arguments for each process (flags and a bundle); default: server/main.ts via tsx. */
    nodeArgs?: string[];
  } = {},
): Promise<Cluster> {
  const count = options.count ?? 3;
  const uploadCount = options.uploadCount ?? 2;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const nginx = nginxBinary();
  if (!adminUrl || !nginx) throw new Error(clusterUnavailable() ?? "cluster unavailable");

  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await Promise.resolve(cleanup()).catch(() => {});
    }
  };
  try {
    const name = `t_cluster_${randomBytes(6).toString("hex")}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();

    const s3 = await startS3Emulator("vx-cluster");
    cleanups.push(() => s3.stop());

    const nginxPort = await freePort();
    const baseUrl = `http://127.0.0.1:${nginxPort}`;
    const authSecret = randomBytes(32).toString("base64url");
    const dataDirs = Array.from({ length: count + uploadCount }, () =>
      mkdtempSync(path.join(tmpdir(), "vx-cluster-data-")),
    );
    cleanups.push(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

    const started = await Promise.allSettled(
      dataDirs.map((dataDir, i) =>
        spawnServer(
          {
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            BUILD_DIR: path.dirname(bundle.clientDir),
            PUBLIC_URL: baseUrl,
            TRUST_PROXY: "true",
            AUTH_SECRET: authSecret,
            APP_INSTANCE: i < count ? `app-${i + 1}` : `uploads-${i - count + 1}`,
            DEMO_DATA: "true",
            HTML_CACHE_SECONDS: "60",
            STORAGE_DRIVER: "s3",
            S3_ENDPOINT: s3.endpoint,
            S3_REGION: s3.options.region,
            S3_BUCKET: s3.options.bucket,
            S3_ACCESS_KEY_ID: s3.options.accessKeyId ?? "",
            S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey ?? "",
            S3_FORCE_PATH_STYLE: "true",
            DRAIN_SECONDS: "0",
            SHUTDOWN_TIMEOUT_SECONDS: "5",
            ...options.env,
          },
          options.nodeArgs,
          // Five processes start at once on two cores beside the rest of the suite; the first to
          // be ready makes the demo pictures' variants in the background, and the niced upload
          // processes get the CPU left over: they may take well over the usual 90 s.
          { readyTimeoutMs: 240_000, ...(i < count ? {} : { nice: UPLOAD_NICE }) },
        ),
      ),
    );
    const processes = started.flatMap((result) =>
      result.status === "fulfilled" ? [result.value] : [],
    );
    for (const server of processes) cleanups.push(() => server.kill());
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;

    const credentials = dataDirs.map((dir) => readDemoCredentials(dir)).find(Boolean);
    if (!credentials) throw new Error("no process wrote the demo credentials");

    const hostOf = (server: SpawnedServer) => new URL(server.baseUrl).host;
    const balancer = await startNginx(nginx, nginxPort, {
      app: processes.slice(0, count).map(hostOf),
      uploads: processes.slice(count).map(hostOf),
    });
    cleanups.push(() => balancer.stop());

    return {
      baseUrl,
      processes,
      uploadProcesses: processes.slice(count),
      databaseUrl,
      s3,
      dataDirs,
      credentials,
      nginxLog: balancer.log,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The processes behind each upstream of deploy/nginx.conf, as `host:port`. */
export interface Upstreams {
  app: string[];
  uploads: string[];
}

/**
 * The shipped configuration with this run's upstream servers and listen address put in,
 * inside a main configuration that keeps every file nginx writes in `dir`.
 */
export function nginxConfigFor(shipped: string, dir: string, port: number, upstreams: Upstreams) {
  const serversOf = (hosts: string[]) =>
    hosts.map((host) => `    server ${host} max_fails=3 fail_timeout=10s;`).join("\n");
  const app = serversOf(upstreams.app);
  const uploads = serversOf(upstreams.uploads);
  const site = shipped
    .replace(/(upstream vanxuan_app \{\n)(?:\s*#.*\n)*(?:\s*server .*\n)+/, `$1${app}\n`)
    .replace(/(upstream vanxuan_uploads \{\n)(?:\s*#.*\n)*(?:\s*server .*\n)+/, `$1${uploads}\n`)
    .replace(/^\s*listen \[::\]:80;\n/m, "")
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`)
    // The shipped log format, written in `dir`.
    .replace(/^(\s*access_log )\S+( vanxuan;)/m, `$1${path.join(dir, "access.log")}$2`);
  if (
    !site.includes(`listen 127.0.0.1:${port};`) ||
    !site.includes(`access_log ${path.join(dir, "access.log")} vanxuan;`) ||
    !site.includes(`{\n${app}\n`) ||
    !site.includes(`{\n${uploads}\n`)
  ) {
    throw new Error(
      "deploy/nginx.conf no longer has the upstream, listen and access_log lines the test fills in",
    );
  }
  const temp = (kind: string) => `${kind}_temp_path ${path.join(dir, kind)};`;
  const asRoot = process.getuid?.() === 0 ? "user root;\n" : "";
  return `${asRoot}daemon off;
worker_processes 1;
# Each client connection can hold an upstream one too: a few hundred entrants at once need more
# than nginx's default 512 (Debian's nginx.conf: 768), as deploy/README.md says.
worker_rlimit_nofile 16384;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 8192; }
http {
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
${site}
}
`;
}

async function startNginx(
  binary: string,
  port: number,
  upstreams: Upstreams,
): Promise<{ log(): string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "vx-nginx-"));
  for (const kind of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(dir, kind));
  }
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    nginxConfigFor(readFileSync(SHIPPED_NGINX_CONF, "utf8"), dir, port, upstreams),
  );
  const check = spawnSync(binary, [
    "-t",
    "-q",
    "-c",
    conf,
    "-p",
    dir,
    "-e",
    path.join(dir, "error.log"),
  ]);
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx refused the configuration:\n${check.stderr.toString()}`);
  }
  const child: ChildProcess = spawn(
    binary,
    ["-c", conf, "-p", dir, "-e", path.join(dir, "error.log")],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  const stop = async () => {
    if (!ended) child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (ended) {
      await stop();
      throw new Error(`nginx stopped at start:\n${stderr}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer in time:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = () => {
    try {
      return readFileSync(path.join(dir, "access.log"), "utf8");
    } catch {
      return "";
    }
  };
  return { log, stop };
}
