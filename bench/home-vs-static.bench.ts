/**
 * PRODUCT §11: "Anonymous page throughput ≥ 50 % of the same server returning a static file of
 * the same size."
 *
 * Builds the production site into a private BUILD_DIR, runs the real server
 * (bundled, as `npm start` runs it, NODE_ENV=production) on 127.0.0.1, measures the anonymous home
 * page `/` with autocannon, then a static copy of exactly the same bytes served by
 * @fastify/static from BUILD_DIR/client, and reports home/static requests per second.
 *
 * autocannon sends no Accept-Encoding, so both are compared uncompressed. The anonymous HTML
 * cache (HTML_CACHE_SECONDS, default 10) is on, as in production; `x-html-cache` hits and
 * misses over the home run are counted and reported.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseOptions } from "./lib/args";
import { runLoad, type LoadFigures } from "./lib/load";
import { fixed, round } from "./lib/report";
import {
  buildSite,
  copyBuild,
  makeWorkDir,
  rawGet,
  startServer,
  type RawResponse,
  type RunningServer,
  type ServerEnv,
} from "./lib/server";
import type { Benchmark } from "./lib/types";

const TARGET_PERCENT = 50;
const STATIC_PATH = "/bench-static/home-copy.html";

const OPTIONS = {
  duration: { kind: "number", min: 1, max: 300, integer: true },
  warmup: { kind: "number", min: 0, max: 60 },
  connections: { kind: "number", min: 1, max: 1000, integer: true },
  "reuse-build": { kind: "string" },
  "html-cache-seconds": { kind: "number", min: 0, max: 3600, integer: true },
} as const;

const bench: Benchmark = {
  description: "anonymous home page req/s vs. a static file of the same size (PRODUCT §11, ≥ 50 %)",
  options: [
    "--duration <s>            measured seconds per URL (default 10)",
    "--warmup <s>              warm-up seconds per URL before measuring (default 2)",
    "--connections <n>         concurrent connections (default 50); pipelining is 1",
    "--reuse-build <dir>       copy this React Router build instead of building",
    "--html-cache-seconds <s>  the server's HTML_CACHE_SECONDS (default 10, the product default)",
  ],

  async run({ args, repoRoot, cleanup, log }) {
    const options = parseOptions(args, OPTIONS);
    const duration = (options.duration as number | undefined) ?? 10;
    const warmup = (options.warmup as number | undefined) ?? 2;
    const connections = (options.connections as number | undefined) ?? 50;
    const reuseBuild = options["reuse-build"] as string | undefined;
    const htmlCacheSeconds = (options["html-cache-seconds"] as number | undefined) ?? 10;

    const workDir = makeWorkDir(cleanup, repoRoot, "bench-home-vs-static");
    const buildDir = path.join(workDir, "build");
    const dataDir = path.join(workDir, "data");
    mkdirSync(dataDir);
    log(`work dir ${workDir}`);

    let buildSeconds: number | undefined;
    if (reuseBuild) {
      log(`copying the build from ${reuseBuild}`);
      await copyBuild(reuseBuild, buildDir);
    } else {
      log("building the production site (npx react-router build)…");
      buildSeconds = await buildSite({ repoRoot, buildDir, cleanup });
      log(`built in ${buildSeconds.toFixed(1)} s`);
    }

    const env: ServerEnv = { buildDir, dataDir, htmlCacheSeconds, logLevel: "warn" };

    // 1. The home page as an anonymous visitor gets it, for its exact size.
    log("starting the server to measure the home page size…");
    let server: RunningServer = await startServer({ repoRoot, env, cleanup });
    const homeSamples: RawResponse[] = [];
    for (let i = 0; i < 3; i++) homeSamples.push(await rawGet(`${server.origin}/`));
    const home = homeSamples[0]!;
    expectPage(home, "GET /");
    const homeHeaders = home.headers;
    const warnings = [...server.warnings];
    await server.stop();

    // 2. The same bytes as a static file. @fastify/static registers one route per file at
    //    start (wildcard: false), so the file must exist before the server starts again.
    const staticFile = path.join(buildDir, "client", ...STATIC_PATH.split("/").filter(Boolean));
    mkdirSync(path.dirname(staticFile), { recursive: true });
    writeFileSync(staticFile, home.body);
    log(`wrote ${home.body.length} bytes to ${staticFile}; restarting the server…`);
    server = await startServer({ repoRoot, env, cleanup });
    const copy = await rawGet(server.origin + STATIC_PATH);
    expectPage(copy, `GET ${STATIC_PATH}`);
    if (copy.body.length !== home.body.length) {
      throw new Error(
        `the static copy is ${copy.body.length} bytes, the home page ${home.body.length}`,
      );
    }
    const homeAgain = await rawGet(`${server.origin}/`);
    expectPage(homeAgain, "GET / (after restart)");
    homeSamples.push(homeAgain);
    const homeSizes = [...new Set(homeSamples.map((sample) => sample.body.length))];

    // 3. Warm up and measure each URL in turn.
    const targets = [
      { key: "home", label: "home page /", url: `${server.origin}/`, header: "x-html-cache" },
      { key: "static", label: `static ${STATIC_PATH}`, url: server.origin + STATIC_PATH },
    ] as const;
    const figures: Record<string, LoadFigures> = {};
    for (const target of targets) {
      if (warmup > 0) {
        log(`warming up ${target.label} for ${warmup} s…`);
        await runLoad({ url: target.url, duration: warmup, connections });
        assertRunning(server, `warming up ${target.label}`);
      }
      log(`measuring ${target.label} for ${duration} s with ${connections} connections…`);
      figures[target.key] = await runLoad({
        url: target.url,
        duration,
        connections,
        serverPgid: server.pid,
        ...("header" in target ? { countHeader: target.header } : {}),
      });
      assertRunning(server, `measuring ${target.label}`);
    }
    warnings.push(...server.warnings);
    await server.stop();

    const homeFigures = figures.home!;
    const staticFigures = figures.static!;
    const ratioPercent =
      staticFigures.requestsPerSecondMean > 0
        ? (homeFigures.requestsPerSecondMean / staticFigures.requestsPerSecondMean) * 100
        : 0;
    const clean = [homeFigures, staticFigures].every(
      (f) => f.non2xx === 0 && f.errors === 0 && f.timeouts === 0 && f.requestsTotal > 0,
    );
    const pass = clean && ratioPercent >= TARGET_PERCENT;
    const cacheCounts = homeFigures.headerCounts ?? {};
    const cacheHits = cacheCounts.hit ?? 0;
    const cacheTotal = Object.values(cacheCounts).reduce((sum, n) => sum + n, 0);
    const cpus = os.availableParallelism();

    const row = (label: string, f: LoadFigures) => [
      label,
      fixed(f.requestsPerSecondMean, 0),
      fixed(f.latencyP50Ms, 0),
      fixed(f.latencyP99Ms, 0),
      fixed(f.throughputMBps, 1),
      f.requestsTotal,
      f.non2xx,
      f.errors + f.timeouts,
      fixed(f.serverCpuPercent, 0),
      fixed(f.loadGeneratorCpuPercent, 0),
      fixed(f.otherCpuPercent, 0),
    ];

    const notes = [
      `Ratio home/static: ${fixed(ratioPercent, 1)} % (target ≥ ${TARGET_PERCENT} %, PRODUCT §11) → ${
        pass ? "PASS" : "BELOW TARGET"
      }${clean ? "" : " (non-2xx responses or errors: result not valid)"}`,
      "",
      `Body: ${home.body.length} bytes of HTML for both, uncompressed (autocannon sends no Accept-Encoding);` +
        ` ${fixed(homeFigures.bytesPerResponse, 0)} vs ${fixed(staticFigures.bytesPerResponse, 0)} bytes per response with headers.`,
      `HTML cache: HTML_CACHE_SECONDS=${htmlCacheSeconds}${htmlCacheSeconds === 10 ? " (product default)" : ""};` +
        ` x-html-cache over the home run: ${formatCounts(cacheCounts)}` +
        (cacheTotal > 0 ? ` (${fixed((cacheHits / cacheTotal) * 100, 2)} % hits).` : "."),
      `Server: node build/server/main.mjs (as npm start), NODE_ENV=production, 127.0.0.1, LOG_LEVEL=warn, SQLite in a temp DATA_DIR with demo data;` +
        ` build ${reuseBuild ? `copied from ${reuseBuild}` : `fresh (${fixed(buildSeconds, 1)} s)`}.`,
      `Load: autocannon ${duration} s per URL after ${warmup} s warm-up, ${connections} connections, pipelining 1, home first then static.`,
      `CPU: ${cpus} core(s); the server and autocannon (this process) share them, so both figures are capped by CPU` +
        ` contention. CPU % columns are of one core (${cpus * 100} % = all): the server's process group,` +
        ` autocannon (this process), and everything else on the machine (other users' work skews both runs).`,
    ];
    const busiest = Math.max(homeFigures.otherCpuPercent ?? 0, staticFigures.otherCpuPercent ?? 0);
    if (busiest > 25) {
      notes.push(
        `Warning: other processes used up to ${fixed(busiest, 0)} % of a core during a run; the figures are noisy.`,
      );
    }
    if (homeSizes.length > 1) {
      notes.push(
        `Warning: the home page size varied between requests: ${homeSizes.join(", ")} bytes.`,
      );
    }
    if (warnings.length > 0) {
      notes.push(`Server logged ${warnings.length} warning(s) or error(s); first: ${warnings[0]}`);
    }

    return {
      title: `home-vs-static: anonymous home page vs. static file of the same size`,
      tables: [
        {
          columns: [
            "URL",
            "req/s (mean)",
            "p50 ms",
            "p99 ms",
            "MB/s",
            "requests",
            "non-2xx",
            "errors",
            "server CPU %",
            "autocannon CPU %",
            "other CPU %",
          ],
          rows: [row("home page /", homeFigures), row(`static ${STATIC_PATH}`, staticFigures)],
        },
        {
          columns: ["ratio", "value", "target", "verdict"],
          rows: [
            [
              "home/static req/s",
              `${fixed(ratioPercent, 1)} %`,
              `≥ ${TARGET_PERCENT} %`,
              pass ? "PASS" : "BELOW TARGET",
            ],
            [
              "home/static p50 latency",
              `${fixed(ratio(homeFigures.latencyP50Ms, staticFigures.latencyP50Ms), 2)} ×`,
              "",
              "",
            ],
          ],
        },
      ],
      notes,
      pass,
      result: {
        target: {
          metric: "home_rps / static_rps",
          minPercent: TARGET_PERCENT,
          source: "PRODUCT §11",
        },
        ratioPercent: round(ratioPercent, 1),
        pass,
        valid: clean,
        bodyBytes: home.body.length,
        home: summary(homeFigures),
        static: summary(staticFigures),
        htmlCache: { seconds: htmlCacheSeconds, counts: cacheCounts },
        settings: {
          duration,
          warmup,
          connections,
          pipelining: 1,
          cpus,
          build: reuseBuild ? "reused" : "fresh",
          homeContentType: homeHeaders["content-type"] ?? null,
        },
        serverWarnings: warnings.length,
      },
    };
  },
};

function expectPage(response: RawResponse, what: string): void {
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}, not 200`);
  if (response.headers["content-encoding"]) {
    throw new Error(
      `${what} came ${response.headers["content-encoding"]}-encoded; expected identity`,
    );
  }
  const length = response.headers["content-length"];
  if (length !== undefined && Number(length) !== response.body.length) {
    throw new Error(`${what}: content-length ${length} but ${response.body.length} bytes read`);
  }
  if (!String(response.headers["content-type"] ?? "").startsWith("text/html")) {
    throw new Error(
      `${what}: content-type ${response.headers["content-type"]}, expected text/html`,
    );
  }
}

function assertRunning(server: RunningServer, during: string): void {
  const exited = server.exited();
  if (exited) throw new Error(`the server stopped while ${during} (${exited}):\n${server.tail()}`);
}

function ratio(a: number, b: number): number {
  return b > 0 ? a / b : Number.NaN;
}

function formatCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  return entries.length === 0 ? "none" : entries.map(([value, n]) => `${value} ${n}`).join(", ");
}

function summary(f: LoadFigures) {
  return {
    url: f.url,
    rpsMean: round(f.requestsPerSecondMean, 1),
    rpsStddev: round(f.requestsPerSecondStddev, 1),
    requests: f.requestsTotal,
    latencyP50Ms: f.latencyP50Ms,
    latencyP99Ms: f.latencyP99Ms,
    latencyMeanMs: round(f.latencyMeanMs, 2),
    latencyMaxMs: f.latencyMaxMs,
    throughputMBps: round(f.throughputMBps, 2),
    bytesPerResponse: Math.round(f.bytesPerResponse),
    non2xx: f.non2xx,
    errors: f.errors,
    timeouts: f.timeouts,
    statusCodes: f.statusCodes,
    serverCpuPercent: f.serverCpuPercent === undefined ? null : round(f.serverCpuPercent, 1),
    loadGeneratorCpuPercent: round(f.loadGeneratorCpuPercent, 1),
    otherCpuPercent: f.otherCpuPercent === undefined ? null : round(f.otherCpuPercent, 1),
    ...(f.headerCounts ? { headerCounts: f.headerCounts } : {}),
  };
}

export default bench;
