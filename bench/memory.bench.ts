/**
 * PRODUCT §11 memory, under bad input: the production server's resident memory idle, and
 * after a few thousand bad requests (server/test-support/bad-requests.ts: wrong and broken
 * bodies, 50 MB form posts, odd methods, odd query strings) to every registered route.
 *
 * Builds the site, runs the real server (bundled, as `npm start` runs it, with the demo data)
 * on 127.0.0.1, lets it settle and reads its RSS (VmRSS); visits every page once (what any
 * running site holds) and reads it again; then sends the requests a few at a time in two
 * halves, reading RSS at once and after it has been idle for a while (V8 shrinks its heap
 * when a process goes idle). Targets: idle < 150 MiB; after the bad requests, settled within
 * 10 % of the warm reading.
 */
import { mkdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  BAD_QUERIES,
  badBodies,
  ODD_METHODS,
  type BadRequest,
} from "../server/test-support/bad-requests";
import { concretePath, PAGE_ROUTES, SERVER_ROUTES } from "../server/test-support/registered-routes";
import { parseOptions } from "./lib/args";
import { fixed, round } from "./lib/report";
import { buildSite, copyBuild, makeWorkDir, sleep, startSeededServer } from "./lib/server";
import type { Benchmark } from "./lib/types";

const IDLE_TARGET_MIB = 150;
/** "Flat": settled RSS after the run at most this much above idle. */
const FLAT_RATIO = 1.1;

const OPTIONS = {
  requests: { kind: "number", min: 100, max: 100_000, integer: true },
  concurrency: { kind: "number", min: 1, max: 64, integer: true },
  settle: { kind: "number", min: 1, max: 120 },
  "reuse-build": { kind: "string" },
} as const;

function rssMib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Lowest RSS over `seconds` of idleness, sampled every second (after V8's idle GC). */
async function settledRss(pid: number, seconds: number): Promise<number> {
  let lowest = rssMib(pid);
  for (let i = 0; i < seconds; i++) {
    await sleep(1000);
    lowest = Math.min(lowest, rssMib(pid));
  }
  return lowest;
}

/** The requests of one run: every route × the bad bodies, queries and methods, in rounds. */
function plan(count: number): BadRequest[] {
  const paths = [
    ...Object.keys(PAGE_ROUTES).flatMap((p) => {
      const url = concretePath(p, "1", "khong-co");
      return [url, url === "/" ? "/en" : `/en${url}`];
    }),
    ...Object.keys(SERVER_ROUTES)
      .filter((p) => p !== "static:client" && p !== "/*")
      .map((p) => concretePath(p)),
  ];
  const base = { "user-agent": "memory-bench", origin: "" };
  // Shared by every request: the client side must not be what runs out of memory.
  const bodies = badBodies({ large: 1024 * 1024 });
  const fiftyMb = Buffer.alloc(50 * 1024 * 1024, "a");
  const one: BadRequest[] = [];
  for (const url of paths) {
    for (const query of BAD_QUERIES) {
      one.push({ name: "query", method: "GET", url: `${url}?${query}`, headers: base });
    }
    for (const body of bodies) {
      one.push({ ...body, method: "POST", url, headers: { ...base, ...body.headers } });
    }
    for (const method of ODD_METHODS) {
      one.push({
        name: method,
        method,
        url,
        headers: { ...base, "content-type": "text/plain" },
        body: "x",
      });
    }
    // What the issue measured: a 50 MB form post to a page action.
    one.push({
      name: "50 MB form",
      method: "POST",
      url,
      headers: { ...base, "content-type": "application/x-www-form-urlencoded" },
      body: fiftyMb,
    });
  }
  const all: BadRequest[] = [];
  // Spread over the routes: take every k-th request so a short run still covers them all.
  const step = Math.max(1, Math.floor(one.length / count));
  for (let offset = 0; all.length < count; offset = (offset + 1) % step) {
    for (let i = offset; i < one.length && all.length < count; i += step) all.push(one[i]!);
  }
  return all;
}

function send(origin: string, request: BadRequest, agent: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    const url = new URL(request.url, origin);
    const body =
      request.body === undefined || Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(request.body);
    const req = http.request(url, {
      method: request.method,
      agent,
      headers: {
        ...request.headers,
        origin,
        ...(body ? { "content-length": String(body.length) } : {}),
      },
      timeout: 30_000,
    });
    req.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", () => resolve(0));
    });
    // A refused body may close the connection before it is all sent: that is an answer too.
    req.on("error", () => resolve(0));
    req.on("timeout", () => req.destroy());
    req.end(body);
  });
}

const bench: Benchmark = {
  description: "server RSS idle and after a few thousand bad requests (idle < 150 MiB, then flat)",
  options: [
    "--requests <n>        bad requests to send (default 3000)",
    "--concurrency <n>     requests in flight at once (default 8)",
    "--settle <s>          idle seconds before each settled reading (default 15)",
    "--reuse-build <dir>   copy this React Router build instead of building",
  ],

  async run({ args, repoRoot, cleanup, log }) {
    const options = parseOptions(args, OPTIONS);
    const count = (options.requests as number | undefined) ?? 3000;
    const concurrency = (options.concurrency as number | undefined) ?? 8;
    const settle = (options.settle as number | undefined) ?? 15;
    const reuseBuild = options["reuse-build"] as string | undefined;

    const workDir = makeWorkDir(cleanup, repoRoot, "bench-memory");
    const buildDir = path.join(workDir, "build");
    const dataDir = path.join(workDir, "data");
    mkdirSync(dataDir);
    if (reuseBuild) await copyBuild(reuseBuild, buildDir);
    else {
      log("building the production site…");
      log(`built in ${(await buildSite({ repoRoot, buildDir, cleanup })).toFixed(1)} s`);
    }
    log("starting the server once for the demo data, then again to measure…");
    const server = await startSeededServer({
      repoRoot,
      env: { buildDir, dataDir, htmlCacheSeconds: 10, logLevel: "error" },
      cleanup,
    });
    log(`server up (pid ${server.pid}); letting it settle ${settle} s…`);
    const started = rssMib(server.pid);
    const idle = await settledRss(server.pid, settle);

    const requests = plan(count);
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const statuses = new Map<string, number>();
    let peak = idle;
    const run = async (batch: BadRequest[]) => {
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const status = await send(server.origin, batch[next++]!, agent);
          const group = status === 0 ? "closed" : `${Math.floor(status / 100)}xx`;
          statuses.set(group, (statuses.get(group) ?? 0) + 1);
          if (next % 100 === 0) peak = Math.max(peak, rssMib(server.pid));
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    };

    // Every page once, as a first visitor would: what a running site holds anyway (compiled
    // code, the HTML cache), so the halves below show what bad requests add.
    const pages = [...new Set(requests.map((r) => r.url.split("?")[0]!))];
    log(`warming up: GET each of ${pages.length} paths once…`);
    await run(pages.map((url) => ({ name: "warm-up", method: "GET", url, headers: {} })));
    statuses.clear();
    const warm = await settledRss(server.pid, settle);

    // The bad requests in two halves: growth from the first to the second is what they leak.
    const half = Math.ceil(requests.length / 2);
    log(`sending ${half} bad requests, ${concurrency} at a time…`);
    let began = performance.now();
    await run(requests.slice(0, half));
    let seconds = (performance.now() - began) / 1000;
    const afterFirst = rssMib(server.pid);
    const settledFirst = await settledRss(server.pid, settle);
    log(`sending ${requests.length - half} more…`);
    began = performance.now();
    await run(requests.slice(half));
    seconds += (performance.now() - began) / 1000;
    agent.destroy();
    const after = rssMib(server.pid);
    peak = Math.max(peak, afterFirst, after);
    log(`done; letting it settle ${settle} s…`);
    const settled = await settledRss(server.pid, settle);
    if (server.exited()) throw new Error(`the server stopped during the run:\n${server.tail()}`);
    await server.stop();

    const errors = statuses.get("5xx") ?? 0;
    const idleOk = idle < IDLE_TARGET_MIB;
    const flatOk = settled <= warm * FLAT_RATIO;
    const row = (label: string, mib: number, target = "") => [
      label,
      fixed(mib, 0),
      fixed(mib / idle, 2),
      fixed(mib / warm, 2),
      target,
    ];
    return {
      title: "Server memory under bad input",
      tables: [
        {
          columns: ["measure", "RSS (MiB)", "vs. idle", "vs. warm", "target"],
          rows: [
            row("just started", started),
            row("idle (settled)", idle, `< ${IDLE_TARGET_MIB}`),
            row("every page visited once, settled (warm)", warm),
            row("after the first half of the bad requests", afterFirst),
            row("  settled", settledFirst),
            row("after the second half", after),
            row("  settled", settled, `≤ ${FLAT_RATIO} × warm`),
            row("peak during the run", peak),
          ],
        },
        {
          title: "Answers",
          columns: ["status", "requests"],
          rows: [...statuses].sort().map(([group, n]) => [group, n]),
        },
      ],
      notes: [
        `${requests.length} requests in ${seconds.toFixed(1)} s, ${concurrency} at a time, over ${new Set(requests.map((r) => r.url.split("?")[0])).size} paths.`,
        '"closed": the server answered and closed the connection before the whole body was sent (an oversized body), or refused the method at the HTTP parser.',
        `Settled readings are the lowest RSS over ${settle} idle seconds.`,
      ],
      pass: idleOk && flatOk && errors === 0,
      result: {
        status: idleOk && flatOk && errors === 0 ? "pass" : "below_target",
        requests: requests.length,
        serverErrors: errors,
        startedMiB: round(started, 0),
        idleMiB: round(idle, 0),
        peakMiB: round(peak, 0),
        warmMiB: round(warm, 0),
        firstHalfSettledMiB: round(settledFirst, 0),
        afterMiB: round(after, 0),
        settledMiB: round(settled, 0),
        settledVsWarm: round(settled / warm, 2),
      },
    };
  },
};

export default bench;
