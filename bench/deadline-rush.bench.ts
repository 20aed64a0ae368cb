/**
 * The last minutes before the deadline (PRODUCT §11): entrants sign in, autosave their drafts
 * every few seconds, upload pictures, the three required PDFs and a video over tus, and submit
 * near the end. Targets: 0 errors, 0 acknowledged saves or uploads lost, save p99 < 200 ms.
 *
 * Runs against (a) one process on SQLite (the bundled server, as `npm start`) and (b) three
 * processes for pages and two for uploads (at a lower CPU priority) on PostgreSQL and the S3
 * emulator behind nginx running deploy/nginx.conf (server/test-support/cluster.ts, the
 * multi-process test's harness). Entrant accounts are made through the identity service before
 * the clock starts; everything else goes over HTTP from a loopback address per entrant. Files
 * are generated as they are sent (one shared 1 MiB pattern), never held whole in memory.
 * Afterwards every acknowledged save, upload and submission is looked up in the database and
 * the store.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import sharp from "sharp";
import { PDF_DOCUMENT } from "../server/test-support/media-files";
import { GeneratedFile, MP4_HEAD } from "../server/test-support/tus-client";
import { parseOptions, UsageError } from "./lib/args";
import {
  checkLedgers,
  seedEntrants,
  type CheckResult,
  type ServerSettings,
} from "./lib/deadline-check";
import {
  Entrant,
  loopbackAddress,
  newStats,
  percentile,
  type RushStats,
  type UploadPlan,
} from "./lib/deadline-entrant";
import { selfTimeTable, topSelfTime, type SelfTimeEntry } from "./lib/cpu-profile";
import { fixed, round } from "./lib/report";
import { SERVER_NODE_FLAGS, serverBundlePath } from "../scripts/build-server";
import { makeWorkDir, prepareBuild, startServer } from "./lib/server";
import type { Benchmark, BenchContext } from "./lib/types";

const MIB = 1024 * 1024;
const SAVE_P99_TARGET_MS = 200;
const PASSWORD = "hoa-sen-noi-dem-2026";
const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/";
/** Total video bytes per setup by default: what this machine's disk and 2 cores carry in ~2 min. */
const DEFAULT_VIDEO_BUDGET_MB = 1500;

const OPTIONS = {
  setup: { kind: "string" },
  entrants: { kind: "number", min: 1, max: 2000, integer: true },
  "video-mb": { kind: "number", min: 1, max: 1024, integer: true },
  duration: { kind: "number", min: 10, max: 1800 },
  "save-every": { kind: "string" },
  "pg-url": { kind: "string" },
  "reuse-build": { kind: "string" },
  connections: { kind: "string" },
  "cpu-profile": { kind: "flag" },
} as const;

/** A browser keeps up to six HTTP/1.1 connections to a site open and reuses them. */
const BROWSER_CONNECTIONS = 6;
type Connections = "browser" | "new";

type Setup = "single" | "cluster";

interface SetupRun {
  setup: Setup;
  label: string;
  entrants: number;
  seconds: number;
  stats: RushStats;
  check: CheckResult;
  /** Error-level lines the server processes logged, by text. */
  serverErrors: Map<string, number>;
  /** Where each cluster process's whole output was written, for its stack traces. */
  logFiles: string[];
  /** With --cpu-profile, the functions with the most self time (the cluster's processes merged). */
  profile?: { entries: SelfTimeEntry[]; totalMs: number };
  /**
   * This process (the entrants and, for the cluster, the S3 emulator) during the rush: its
   * event loop's delay, which every latency measured here includes, and its CPU.
   */
  harness: { delayP50Ms: number; delayP99Ms: number; cpuPercent: number };
}

const bench: Benchmark = {
  description: "the deadline rush: entrants saving, uploading and submitting at once (§11)",
  options: [
    "--setup single|cluster|both  one process on SQLite, 3 + 2 for uploads on PostgreSQL+S3 behind nginx (default both)",
    "--entrants <n>            simulated entrants (default 300)",
    `--video-mb <n>            video size per entrant (default ${DEFAULT_VIDEO_BUDGET_MB} MB / entrants, ≤ 20)`,
    "--duration <s>            seconds of rush per setup (default 120)",
    "--save-every <min>-<max>  seconds between an entrant's autosaves, uniform (default 2-5)",
    `--pg-url <url>            PostgreSQL for the cluster (default TEST_DATABASE_URL or ${DEFAULT_PG_URL})`,
    "--reuse-build <dir>       copy this React Router build instead of building",
    "--cpu-profile             profile the app processes (node --cpu-prof); print their top 15 by self time",
    `--connections browser|new  each entrant keeps up to ${BROWSER_CONNECTIONS} keep-alive connections as a browser does (default), or opens a new one for every request`,
  ],

  async run(context) {
    const options = parseOptions(context.args, OPTIONS);
    const setupOption = (options.setup as string | undefined) ?? "both";
    if (!["single", "cluster", "both"].includes(setupOption)) {
      throw new UsageError(`--setup: single, cluster or both, not ${setupOption}`);
    }
    const setups: Setup[] = setupOption === "both" ? ["single", "cluster"] : [setupOption as Setup];
    const entrants = (options.entrants as number | undefined) ?? 300;
    const videoMb =
      (options["video-mb"] as number | undefined) ??
      Math.max(1, Math.min(20, Math.floor(DEFAULT_VIDEO_BUDGET_MB / entrants)));
    const duration = (options.duration as number | undefined) ?? 120;
    const saveEvery = parseSeconds((options["save-every"] as string | undefined) ?? "2-5");
    const connections = (options.connections as string | undefined) ?? "browser";
    if (connections !== "browser" && connections !== "new") {
      throw new UsageError(`--connections: browser or new, not ${connections}`);
    }
    process.env.TEST_DATABASE_URL ??= (options["pg-url"] as string | undefined) ?? DEFAULT_PG_URL;

    const { repoRoot, cleanup, log } = context;
    const workDir = makeWorkDir(cleanup, repoRoot, "bench-deadline");
    const buildDir = path.join(workDir, "build");
    const reuseBuild = options["reuse-build"] as string | undefined;
    await prepareBuild({ repoRoot, buildDir, cleanup, log, reuseBuild });

    const files = await filesToSend(videoMb);
    const runs: SetupRun[] = [];
    for (const setup of setups) {
      runs.push(
        await runSetup(setup, {
          context,
          workDir,
          buildDir,
          entrants,
          duration,
          files,
          saveEvery,
          connections,
          cpuProfile: options["cpu-profile"] === true,
        }),
      );
    }
    return report(runs, { entrants, videoMb, duration, saveEvery, connections });
  },
};

interface Files {
  video: GeneratedFile;
  image: Buffer;
  pdf: Buffer;
}

async function filesToSend(videoMb: number): Promise<Files> {
  const image = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 190, g: 40, b: 50 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { video: new GeneratedFile(videoMb * MIB, MP4_HEAD, 7), image, pdf: PDF_DOCUMENT };
}

/** What one entrant sends: 1–3 pictures, the three PDFs the category asks for, the video. */
function uploadsFor(index: number, files: Files): UploadPlan[] {
  const pictures = 1 + (index % 3);
  const plans: UploadPlan[] = [];
  for (let i = 0; i < pictures; i += 1) {
    plans.push({
      field: "images",
      filename: `anh-${i + 1}.jpg`,
      filetype: "image/jpeg",
      body: files.image,
    });
  }
  for (const field of ["ideaArticleVi", "legalCommitment", "copyrightCommitment"]) {
    plans.push({ field, filename: `${field}.pdf`, filetype: "application/pdf", body: files.pdf });
  }
  plans.push({ field: "video", filename: "phim.mp4", filetype: "video/mp4", body: files.video });
  return plans;
}

async function runSetup(
  setup: Setup,
  options: {
    context: BenchContext;
    workDir: string;
    buildDir: string;
    entrants: number;
    duration: number;
    files: Files;
    saveEvery: [number, number];
    connections: Connections;
    cpuProfile: boolean;
  },
): Promise<SetupRun> {
  const { context, workDir, buildDir, entrants, duration, files, saveEvery, connections } = options;
  const profileDir = options.cpuProfile ? path.join(workDir, `cpu-profile-${setup}`) : undefined;
  const profileFlags = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const { log, cleanup, repoRoot } = context;
  let baseUrl: string;
  let settings: ServerSettings;
  let dataDir: string;
  let stop: () => Promise<void>;
  let label: string;
  let serverLog: () => string[];
  let keepLogs: () => string[] = () => [];
  if (setup === "single") {
    dataDir = path.join(workDir, "data-single");
    mkdirSync(dataDir);
    log("single: starting one process on SQLite…");
    const server = await startServer({
      repoRoot,
      cleanup,
      env: {
        buildDir,
        dataDir,
        htmlCacheSeconds: 0,
        extraEnv: { AUTH_SECRET: randomBytes(32).toString("base64url") },
        ...(profileDir ? { nodeFlags: profileFlags } : {}),
      },
    });
    baseUrl = server.origin;
    settings = {
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
      PUBLIC_URL: baseUrl,
    };
    stop = () => server.stop();
    serverLog = () => server.warnings;
    label = "1 process, SQLite, disk";
  } else {
    const { clusterUnavailable, startCluster } = await import("../server/test-support/cluster");
    const why = clusterUnavailable();
    if (why) throw new Error(`the cluster setup cannot run here: ${why}`);
    log(
      "cluster: starting 3 page and 2 upload processes on PostgreSQL + S3 emulator behind nginx…",
    );
    // Each process runs the bundled server with the production flags, as `npm start` does.
    const cluster = await startCluster(
      {
        build: undefined as never,
        clientDir: path.join(buildDir, "client"),
        cleanup: () => {},
      },
      { nodeArgs: [...SERVER_NODE_FLAGS, ...profileFlags, serverBundlePath(buildDir)] },
    );
    cleanup.add({
      label: "stop the cluster",
      dispose: () => cluster.stop(),
      disposeSync: () => {
        for (const server of cluster.processes) server.child.kill("SIGKILL");
      },
    });
    baseUrl = cluster.baseUrl;
    dataDir = cluster.dataDirs[0]!;
    const s3 = cluster.s3.options;
    settings = {
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.databaseUrl,
      PUBLIC_URL: baseUrl,
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: cluster.s3.endpoint,
      S3_REGION: s3.region,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId ?? "",
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey ?? "",
      S3_FORCE_PATH_STYLE: "true",
    };
    // The check reads the database and the bucket after the processes stop: keep those.
    stop = async () => {
      // A profiled process writes its profile when it exits of itself: ask it to stop first.
      if (profileDir) {
        await Promise.all(
          cluster.processes.map((server) => {
            server.child.kill("SIGTERM");
            return Promise.race([server.exited, delay(20_000)]);
          }),
        );
      }
      await Promise.all(cluster.processes.map((server) => server.kill()));
    };
    label = "3 + 2 upload processes, PostgreSQL, S3, nginx";
    serverLog = () => cluster.processes.flatMap((server) => server.output().split("\n"));
    // Kept after the run (the work dir is removed): a 500's stack trace is read from here.
    keepLogs = () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "bench-deadline-logs-"));
      return cluster.processes.map((server, index) => {
        const file = path.join(dir, `app-${index + 1}.log`);
        writeFileSync(file, server.output());
        return file;
      });
    };
  }

  log(`${setup}: making ${entrants} entrant accounts…`);
  const seeded = await seedEntrants(settings, entrants, PASSWORD);
  const stats = newStats();
  const agents: http.Agent[] = [];
  const people = seeded.emails.map((email, index) => {
    const agent =
      connections === "browser"
        ? new http.Agent({ keepAlive: true, maxSockets: BROWSER_CONNECTIONS })
        : false;
    if (agent) agents.push(agent);
    return new Entrant({
      baseUrl,
      index,
      email,
      password: PASSWORD,
      localAddress: loopbackAddress(index),
      agent,
      place: seeded.place,
      stats,
    });
  });

  const ms = duration * 1000;
  log(`${setup}: ${entrants} entrants for ${duration} s…`);
  const start = performance.now();
  // The histogram holds the time between two ticks of a 10 ms timer: its delay is the excess.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const excessMs = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - 10);
  loopDelay.enable();
  const cpuAtStart = process.cpuUsage();
  await Promise.all(
    people.map((person, index) =>
      person.run({
        start,
        // Signing in spread over the first tenth, submitting over the last quarter.
        signInAt: (index / entrants) * ms * 0.1,
        submitAt: ms * (0.75 + 0.2 * Math.random()),
        endAt: ms,
        saveEvery: [saveEvery[0] * 1000, saveEvery[1] * 1000],
        uploads: uploadsFor(index, files),
      }),
    ),
  );
  const seconds = (performance.now() - start) / 1000;
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuAtStart);
  const harness = {
    delayP50Ms: excessMs(loopDelay.percentile(50)),
    delayP99Ms: excessMs(loopDelay.percentile(99)),
    cpuPercent: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
  };
  for (const agent of agents) agent.destroy();
  log(`${setup}: rush over after ${seconds.toFixed(1)} s; stopping and counting…`);
  await stop();
  const logFiles = keepLogs();
  const serverErrors = errorLines(serverLog());
  const check = await checkLedgers(
    settings,
    dataDir,
    people.map((person) => person.ledger),
  );
  const profile = profileDir ? topSelfTime(profileDir, 15) : undefined;
  return {
    setup,
    label,
    entrants,
    seconds,
    stats,
    check,
    serverErrors,
    logFiles,
    harness,
    ...(profile ? { profile } : {}),
  };
}

/** The server's error-level log lines (pino JSON, level ≥ 50), shortened, counted by text. */
function errorLines(lines: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string };
      };
      if ((entry.level ?? 0) < 50) continue;
      const text = `${entry.msg ?? ""}: ${entry.err?.message ?? ""}`.slice(0, 160);
      counts.set(text, (counts.get(text) ?? 0) + 1);
    } catch {
      // Not a log entry.
    }
  }
  return counts;
}

function report(
  runs: SetupRun[],
  settings: {
    entrants: number;
    videoMb: number;
    duration: number;
    saveEvery: [number, number];
    connections: Connections;
  },
) {
  const rows = runs.map((run) => {
    const sorted = [...run.stats.saveMs].sort((a, b) => a - b);
    const errors = [...run.stats.errors.values()].reduce((a, b) => a + b, 0);
    const uploadSeconds =
      run.stats.firstUploadAt !== null && run.stats.lastUploadAt !== null
        ? (run.stats.lastUploadAt - run.stats.firstUploadAt) / 1000
        : 0;
    return {
      run,
      errors,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      uploadMBps: uploadSeconds > 0 ? run.stats.uploadBytes / 1e6 / uploadSeconds : 0,
    };
  });
  const pass = rows.every(
    (row) =>
      row.errors === 0 &&
      row.run.check.lost.length === 0 &&
      (row.p99 ?? Infinity) < SAVE_P99_TARGET_MS,
  );
  const notes = [
    `Entrants: ${settings.entrants}, each from a loopback address of its own, ${settings.connections === "browser" ? `keeping up to ${BROWSER_CONNECTIONS} connections open as a browser does (--connections new: a new connection per request)` : "opening a new connection for every request (--connections new; a browser keeps its connections open)"}; ${settings.duration} s of rush per setup; autosave every ${settings.saveEvery.join("–")} s; submissions over the last quarter.`,
    `Files per entrant: 1–3 JPEG pictures, 3 PDFs and a ${settings.videoMb} MB video, in 8 MiB tus PATCHes. The video is scaled from the real 50–200 MB because ${settings.entrants} × 50 MB would be ${fixed((settings.entrants * 50) / 1024, 1)} GB per setup, more than this ${os.cpus().length}-core machine moves in the run's time alongside the entrants' own load.`,
    'Targets: 0 errors, 0 lost, save p99 < 200 ms. "no time": entrants whose files were not all up by the end, who therefore did not submit (not an error).',
    "Upload MB/s: bytes acknowledged by tus PATCHes, from the first upload's start to the last PATCH's end, all entrants together.",
  ];
  for (const row of rows) {
    for (const [kind, count] of row.run.stats.errors) {
      const answer = row.run.stats.errorAnswers.get(kind);
      notes.push(`${row.run.setup}: error ${kind} × ${count}; first: ${answer}`);
    }
    for (const [text, count] of row.run.serverErrors) {
      notes.push(`${row.run.setup}: server logged ${text} × ${count}`);
    }
    for (const lost of row.run.check.lost.slice(0, 20))
      notes.push(`${row.run.setup}: LOST ${lost}`);
    const { harness } = row.run;
    notes.push(
      `${row.run.setup}: this process (the entrants${row.run.setup === "cluster" ? " and the S3 emulator" : ""}) used ${round(harness.cpuPercent)} % of a core; its event loop's delay, in every latency above, was p50 ${fixed(harness.delayP50Ms, 1)} ms, p99 ${fixed(harness.delayP99Ms, 1)} ms.`,
    );
    for (const file of row.run.logFiles) notes.push(`${row.run.setup}: server output in ${file}`);
    if (row.run.profile) {
      notes.push(
        `${row.run.setup}: CPU profile (node --cpu-prof) over the whole run, ${fixed(row.run.profile.totalMs / 1000, 1)} s of samples (idle excluded).`,
      );
    }
  }
  return {
    title: "Deadline rush",
    tables: [
      {
        columns: [
          "setup",
          "sign-ins",
          "saves",
          "p50 ms",
          "p95 ms",
          "p99 ms",
          "upload MB/s",
          "uploads",
          "submits",
          "no time",
          "errors",
          "lost",
        ],
        rows: rows.map((row) => [
          row.run.label,
          row.run.stats.signIns,
          row.run.check.savesAcked,
          fixed(row.p50),
          fixed(row.p95),
          fixed(row.p99),
          fixed(row.uploadMBps),
          row.run.check.uploadsAcked,
          row.run.stats.submitsOk,
          row.run.stats.notSubmitted,
          row.errors,
          row.run.check.lost.length,
        ]),
      },
      ...rows.flatMap((row) =>
        row.run.profile
          ? [selfTimeTable(`self time (${row.run.label}, top 15)`, row.run.profile)]
          : [],
      ),
    ],
    notes,
    pass,
    result: {
      entrants: settings.entrants,
      videoMb: settings.videoMb,
      durationSeconds: settings.duration,
      saveEverySeconds: settings.saveEvery,
      connections: settings.connections,
      setups: rows.map((row) => ({
        setup: row.run.setup,
        label: row.run.label,
        seconds: round(row.run.seconds, 1),
        signIns: row.run.stats.signIns,
        savesAcked: row.run.check.savesAcked,
        saveP50Ms: row.p50 === null ? null : round(row.p50),
        saveP95Ms: row.p95 === null ? null : round(row.p95),
        saveP99Ms: row.p99 === null ? null : round(row.p99),
        uploadMBps: round(row.uploadMBps),
        uploadBytes: row.run.stats.uploadBytes,
        uploadsAcked: row.run.check.uploadsAcked,
        submitsOk: row.run.stats.submitsOk,
        notSubmittedFilesUnfinished: row.run.stats.notSubmitted,
        errors: row.errors,
        errorsByKind: Object.fromEntries(row.run.stats.errors),
        lost: row.run.check.lost.length,
      })),
    },
  };
}

function parseSeconds(raw: string): [number, number] {
  const match = /^(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?$/.exec(raw.trim());
  if (!match) throw new UsageError(`--save-every: <s> or <min>-<max>, not ${raw}`);
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (min <= 0 || max < min) throw new UsageError(`--save-every: ${raw} is not a range above 0`);
  return [min, max];
}

export default bench;
