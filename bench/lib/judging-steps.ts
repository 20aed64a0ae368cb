import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { Criterion } from "../../core/judging-criteria";
import { JUDGEABLE_STATUSES } from "../../core/judging-rounds";
import type { Db } from "../../server/db/database";
import type { Actor } from "../../server/modules/audit/service";
import { createRateLimiter } from "../../server/modules/identity/rate-limit";
import { verifyScoreChain } from "../../server/modules/judging/score-log";
import { createJudgingService } from "../../server/modules/judging/service";
import { LOOPBACK, sleep, type RunningServer } from "./server";

// The steps of the judging benchmark (bench/judging.bench.ts): seeding a round with judges,
// the judges' HTTP clients and their scoring loop, the ledger of acknowledged writes, and the
// check of that ledger against the database.

/** Categories are added to a judge until they hold at least this many entries. */
const MIN_ENTRIES_PER_JUDGE = 20;
/** Below this many judgeable entries the demo data no longer fits the scenario. */
const MIN_ENTRIES = 50;
/** Share of a judge's actions that reload their list of entries (back to the list). */
export const LIST_SHARE = 0.1;
/** Share of actions on an already scored entry that delete the score instead of updating it. */
export const DELETE_SHARE = 0.08;
const REQUEST_TIMEOUT_MS = 10_000;
const BENCH_ACTOR: Actor = { id: "bench-judging", email: "bench-judging@example.com" };

export type RequestKind = "sign-in" | "list" | "score" | "update" | "delete";

// ---------------------------------------------------------------------------------------------
// Seeding: the round, the judges, their assignments and codes, through the judging service.

export interface SeedSummary {
  roundId: number;
  seasonYear: number;
  entries: number;
  categories: number;
  judges: { id: string; code: string }[];
  entriesPerJudge: { min: number; median: number; max: number };
  judgesPerCategory: { min: number; max: number };
  seconds: number;
}

/**
 * Round 1 of the current season, open, with the award's default criteria; `judgeCount` judges
 * of the season, each assigned whole categories until they hold ≥ 20 entries, each with a code
 * issued under `secret` (the server's AUTH_SECRET). Runs on the server's database while the
 * server is idle.
 */
export async function seedJudging(
  db: Db,
  secret: string,
  judgeCount: number,
): Promise<SeedSummary> {
  const started = performance.now();
  const q = db.kysely;
  const judging = createJudgingService(db, {
    // The codes are handed to the load generator here, not mailed.
    mail: { send: async () => "" },
    storage: { signedUrl: () => "" },
    limiter: createRateLimiter(db),
    secret,
  });
  const setting = await q
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", "currentSeasonYear")
    .executeTakeFirst();
  const year = setting ? Number(JSON.parse(setting.value)) : 2026;
  const season = await q
    .selectFrom("seasons")
    .select("id")
    .where("year", "=", year)
    .executeTakeFirst();
  if (!season) throw new Error(`no season ${year} in the demo data`);
  const seasonId = Number(season.id);

  // Round 1 judges the season's screened-in entries; assignments are by category.
  const perCategory = await q
    .selectFrom("entries")
    .select(["category_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("season_id", "=", seasonId)
    .where("status", "in", [...JUDGEABLE_STATUSES])
    .where("category_id", "is not", null)
    .groupBy("category_id")
    .execute();
  const categories = perCategory.map((row) => ({ id: Number(row.category_id), n: Number(row.n) }));
  const entries = categories.reduce((sum, c) => sum + c.n, 0);
  if (entries < MIN_ENTRIES) {
    throw new Error(
      `the demo data has ${entries} judgeable entries in ${year}; need ${MIN_ENTRIES}`,
    );
  }

  const existing = (await judging.seasonRounds(seasonId)).find((r) => r.position === 1);
  let roundId: number;
  if (existing) {
    roundId = existing.id;
  } else {
    const created = await judging.createRound(BENCH_ACTOR, seasonId, {
      nameVi: "Vòng 1",
      nameEn: "Round 1",
    });
    if (!created.ok) throw new Error(`createRound: ${JSON.stringify(created)}`);
    roundId = created.id;
  }

  const random = seededRandom(20_260_417);
  const judges: { id: string; code: string }[] = [];
  const sizes: number[] = [];
  const judgesPerCategory = new Map<number, number>();
  for (let index = 0; index < judgeCount; index++) {
    const number = String(index + 1).padStart(4, "0");
    const made = await judging.createJudge(BENCH_ACTOR, seasonId, {
      name: `Giám khảo ${number}`,
      email: `bench-judge-${number}@example.com`,
      lang: index % 4 === 0 ? "en" : "vi",
    });
    if (!made.ok) throw new Error(`createJudge: ${JSON.stringify(made)}`);
    // Categories in a random order until the judge holds enough entries.
    const order = shuffled(categories, random);
    let held = 0;
    for (const category of order) {
      if (held >= MIN_ENTRIES_PER_JUDGE) break;
      const assigned = await judging.assign(BENCH_ACTOR, roundId, {
        judgeId: made.id,
        categoryId: category.id,
      });
      if (!assigned.ok) throw new Error(`assign: ${JSON.stringify(assigned)}`);
      held += category.n;
      judgesPerCategory.set(category.id, (judgesPerCategory.get(category.id) ?? 0) + 1);
    }
    sizes.push(held);
    const issued = await judging.issueCode(BENCH_ACTOR, made.id);
    if (!issued.ok) throw new Error(`issueCode: ${JSON.stringify(issued)}`);
    judges.push({ id: made.id, code: issued.code });
  }

  const state = (await judging.seasonRounds(seasonId)).find((r) => r.id === roundId)?.state;
  if (state === "draft" || state === "closed") {
    const moved = await judging.moveRound(BENCH_ACTOR, roundId, { to: "open" });
    if (!moved.ok) throw new Error(`moveRound: ${JSON.stringify(moved)}`);
  } else if (state !== "open") {
    throw new Error(`round 1 of ${year} is ${state}; it cannot take scores`);
  }

  sizes.sort((a, b) => a - b);
  const perCategoryJudges = categories.map((c) => judgesPerCategory.get(c.id) ?? 0);
  return {
    roundId,
    seasonYear: year,
    entries,
    categories: categories.length,
    judges,
    entriesPerJudge: {
      min: sizes[0] ?? 0,
      median: sizes[Math.floor(sizes.length / 2)] ?? 0,
      max: sizes[sizes.length - 1] ?? 0,
    },
    judgesPerCategory: { min: Math.min(...perCategoryJudges), max: Math.max(...perCategoryJudges) },
    seconds: (performance.now() - started) / 1000,
  };
}

/** mulberry32: the same assignments and the same sequence of actions on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The judges: one keep-alive connection each (a browser), sign-in, then the scoring loop.

interface ScoreState {
  version: number;
  total: number;
  scores: Record<string, number>;
  comment: string;
}

/** What the server acknowledged, to be found in the database afterwards. */
export class Ledger {
  /** `${entryId}|${judgeId}` → the last acknowledged state (null: deleted). */
  readonly final = new Map<string, ScoreState | null>();
  /**
   * A write whose answer never came (timeout, reset): it may or may not have committed, so
   * either state is accepted for that pair until a later write is acknowledged.
   */
  readonly unanswered = new Map<string, Pick<ScoreState, "scores" | "comment"> | null>();
  /** `${entryId}|${judgeId}|${action}|${version}` → acknowledged writes with that log record. */
  readonly writes = new Map<string, number>();
  acknowledged = 0;

  acknowledge(key: string, action: string, version: number, state: ScoreState | null): void {
    this.final.set(key, state);
    this.unanswered.delete(key);
    const write = `${key}|${action}|${version}`;
    this.writes.set(write, (this.writes.get(write) ?? 0) + 1);
    this.acknowledged++;
  }
}

interface Judge {
  index: number;
  id: string;
  code: string;
  agent: http.Agent;
  localAddress: string | undefined;
  cookie: string;
  entries: string[];
  /** The version this judge's screen last showed per entry (null: not scored). */
  seen: Map<string, number | null>;
  actions: number;
}

interface Answer {
  status: number;
  body: unknown;
  setCookie: string[];
}

/** "start": sign-in and the first list, before the clock; "load": the measured phase. */
type Phase = "start" | "load";

export interface JudgeLoadOptions {
  /** Pause before each action, uniform in [min, max] ms. */
  think: [number, number];
  /** Every judge from 127.0.0.1 instead of an address of their own. */
  sameAddress: boolean;
}

export class JudgeLoad {
  readonly ledger = new Ledger();
  /** Sign-in: the burst; the other kinds: the measured phase only. */
  readonly latencies: Record<RequestKind, number[]> = {
    "sign-in": [],
    list: [],
    score: [],
    update: [],
    delete: [],
  };
  /** `${kind} ${status}` (status 0: no answer) → count, per phase. */
  readonly statuses: Record<Phase, Map<string, number>> = { start: new Map(), load: new Map() };
  conflicts = 0;
  seconds = 0;
  private judges: Judge[] = [];
  private criteria: Criterion[] = [];
  private readonly random = seededRandom(7);

  constructor(
    private readonly server: RunningServer,
    private readonly roundId: number,
    private readonly options: JudgeLoadOptions,
  ) {}

  /** Every judge signs in at the same moment, then opens their list of entries. */
  async signInAll(seeded: { id: string; code: string }[]): Promise<number> {
    this.judges = seeded.map((judge, index) => ({
      index,
      id: judge.id,
      code: judge.code,
      // One connection per judge, kept alive between actions, as a browser tab does.
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      localAddress: this.options.sameAddress ? undefined : loopbackAddress(index),
      cookie: "",
      entries: [],
      seen: new Map(),
      actions: 0,
    }));
    const signed = await Promise.all(
      this.judges.map(async (judge) => {
        const answer = await this.send(judge, "start", "sign-in", "POST", "/api/judging/session", {
          code: judge.code,
        });
        const cookie = answer?.setCookie.find((line) => line.startsWith("vx_judge="));
        if (answer?.status !== 200 || !cookie) return false;
        judge.cookie = cookie.split(";")[0]!;
        return true;
      }),
    );
    const out: Judge[] = [];
    this.judges.forEach((judge, index) => {
      if (signed[index]) out.push(judge);
      else judge.agent.destroy();
    });
    this.judges = out;
    await Promise.all(this.judges.map((judge) => this.reloadList(judge, "start")));
    this.judges = this.judges.filter((judge) => judge.entries.length > 0);
    return this.judges.length;
  }

  /** Every judge acts until the time is up; requests under way are answered before it returns. */
  async runFor(seconds: number): Promise<void> {
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(this.judges.map((judge) => this.judgeLoop(judge, deadline)));
    this.seconds = (performance.now() - started) / 1000;
    for (const judge of this.judges) judge.agent.destroy();
  }

  private async judgeLoop(judge: Judge, deadline: number): Promise<void> {
    const [min, max] = this.options.think;
    for (;;) {
      // Reading the entry (or the list) before acting; the first pause staggers the start.
      const pause = min + this.random() * (max - min);
      if (performance.now() + pause >= deadline) return;
      if (pause > 0) await sleep(pause);
      judge.actions++;
      if (this.random() < LIST_SHARE) {
        await this.reloadList(judge, "load");
        continue;
      }
      const entryId = judge.entries[Math.floor(this.random() * judge.entries.length)]!;
      const version = judge.seen.get(entryId) ?? null;
      if (version !== null && this.random() < DELETE_SHARE) {
        await this.deleteScore(judge, entryId, version);
      } else {
        await this.saveScore(judge, entryId, version);
      }
    }
  }

  private async reloadList(judge: Judge, phase: Phase): Promise<void> {
    const answer = await this.send(
      judge,
      phase,
      "list",
      "GET",
      `/api/judging/rounds/${this.roundId}/entries`,
    );
    if (answer?.status !== 200) return;
    const body = answer.body as {
      round: { criteria: Criterion[] };
      entries: { id: string; score: { version: number } | null; conflict: boolean }[];
    };
    if (this.criteria.length === 0) this.criteria = body.round.criteria;
    judge.entries = body.entries.filter((entry) => !entry.conflict).map((entry) => entry.id);
    for (const entry of body.entries) judge.seen.set(entry.id, entry.score?.version ?? null);
  }

  private async saveScore(judge: Judge, entryId: string, version: number | null): Promise<void> {
    const scores = Object.fromEntries(
      this.criteria.map((c) => [c.key, c.min + Math.floor(this.random() * (c.max - c.min + 1))]),
    );
    const comment = `Giám khảo ${judge.index + 1}, lần ${judge.actions}: ý tưởng rõ, cần gọn hơn.`;
    const key = `${entryId}|${judge.id}`;
    const answer = await this.send(
      judge,
      "load",
      version === null ? "score" : "update",
      "PUT",
      `/api/judging/rounds/${this.roundId}/entries/${entryId}/score`,
      { scores, comment, version },
    );
    if (answer === undefined) {
      this.ledger.unanswered.set(key, { scores, comment });
      return;
    }
    if (answer.status !== 200) return this.resync(judge, entryId, answer);
    const body = answer.body as { action: string; score: ScoreState };
    judge.seen.set(entryId, body.score.version);
    this.ledger.acknowledge(key, body.action, body.score.version, {
      version: body.score.version,
      total: body.score.total,
      scores: body.score.scores,
      comment: body.score.comment,
    });
  }

  private async deleteScore(judge: Judge, entryId: string, version: number): Promise<void> {
    const key = `${entryId}|${judge.id}`;
    const answer = await this.send(
      judge,
      "load",
      "delete",
      "DELETE",
      `/api/judging/rounds/${this.roundId}/entries/${entryId}/score`,
      { version },
    );
    if (answer === undefined) {
      this.ledger.unanswered.set(key, null);
      return;
    }
    if (answer.status !== 200) return this.resync(judge, entryId, answer);
    judge.seen.set(entryId, null);
    this.ledger.acknowledge(key, "delete", version, null);
  }

  /** A 409 carries the stored score: the judge's screen shows it, as the portal does. */
  private resync(judge: Judge, entryId: string, answer: Answer): void {
    if (answer.status !== 409) return;
    this.conflicts++;
    const body = answer.body as { current?: { version: number } | null };
    if (body.current !== undefined) judge.seen.set(entryId, body.current?.version ?? null);
  }

  /** One request on the judge's connection; undefined when no answer came. */
  private send(
    judge: Judge,
    phase: Phase,
    kind: RequestKind,
    method: string,
    urlPath: string,
    body?: unknown,
  ): Promise<Answer | undefined> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: http.OutgoingHttpHeaders = { accept: "application/json" };
    if (judge.cookie) headers.cookie = judge.cookie;
    // What a browser sends with a state-changing fetch: the CSRF check wants this site.
    if (method !== "GET") headers.origin = this.server.origin;
    if (payload) {
      headers["content-type"] = "application/json";
      headers["content-length"] = payload.length;
    }
    const count = (status: number) => {
      const key = `${kind} ${status}`;
      const counts = this.statuses[phase];
      counts.set(key, (counts.get(key) ?? 0) + 1);
    };
    return new Promise((resolve) => {
      const started = performance.now();
      const request = http.request(
        {
          host: LOOPBACK,
          port: this.server.port,
          method,
          path: urlPath,
          headers,
          agent: judge.agent,
          ...(judge.localAddress ? { localAddress: judge.localAddress } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", () => {
            count(0);
            resolve(undefined);
          });
          response.on("end", () => {
            const ms = performance.now() - started;
            const status = response.statusCode ?? 0;
            if (phase === "load" || kind === "sign-in") this.latencies[kind].push(ms);
            count(status);
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // Not JSON (the CSRF check answers in text): kept as text.
            }
            resolve({ status, body: parsed, setCookie: response.headers["set-cookie"] ?? [] });
          });
        },
      );
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error("timed out")));
      request.on("error", () => {
        count(0);
        resolve(undefined);
      });
      request.end(payload);
    });
  }
}

/** 127.0.1.1, 127.0.1.2, …: every judge on an address of their own, as from their own device. */
function loopbackAddress(index: number): string {
  return `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;
}

// ---------------------------------------------------------------------------------------------
// The check: every acknowledged write against the database, after the server has stopped.

export interface CheckResult {
  logRecords: number;
  /** Acknowledged writes whose score-log record is not there. */
  missingFromLog: number;
  /** (entry, judge) pairs with an acknowledged last state. */
  finalStates: number;
  /** …of which the scores table holds something else. */
  finalNotHeld: number;
  /** Pairs whose last write got no answer and whose stored state is that write's. */
  unansweredCommitted: number;
  /** Score rows that no acknowledged or unanswered write explains. */
  unexplainedRows: number;
  /** Acknowledged writes missing from the log, plus last states the scores table lost. */
  lost: number;
  chainIntact: boolean;
  chainRecords: number;
  chainBreaks: number;
  chainMismatches: number;
}

export async function checkDatabase(db: Db, roundId: number, ledger: Ledger): Promise<CheckResult> {
  const q = db.kysely;
  const rows = await q
    .selectFrom("scores")
    .select(["entry_id", "judge_id", "scores", "comment", "total", "version"])
    .where("round_id", "=", roundId)
    .execute();
  const stored = new Map(rows.map((row) => [`${row.entry_id}|${row.judge_id}`, row]));
  type Row = (typeof rows)[number];
  const sameSheet = (row: Row, want: Pick<ScoreState, "scores" | "comment">) => {
    const scores = JSON.parse(row.scores) as Record<string, number>;
    const keys = Object.keys(want.scores);
    return (
      row.comment === want.comment &&
      keys.length === Object.keys(scores).length &&
      keys.every((key) => scores[key] === want.scores[key])
    );
  };

  let finalNotHeld = 0;
  let unansweredCommitted = 0;
  for (const [key, want] of ledger.final) {
    const row = stored.get(key);
    const held =
      want === null
        ? row === undefined
        : row !== undefined &&
          Number(row.version) === want.version &&
          Math.abs(Number(row.total) - want.total) < 0.005 &&
          sameSheet(row, want);
    if (held) continue;
    const maybe = ledger.unanswered.get(key);
    if (
      maybe !== undefined &&
      (maybe === null ? !row : row !== undefined && sameSheet(row, maybe))
    ) {
      unansweredCommitted++;
      continue;
    }
    finalNotHeld++;
  }
  let unexplainedRows = 0;
  for (const [key, row] of stored) {
    if (ledger.final.has(key)) continue;
    const maybe = ledger.unanswered.get(key);
    if (maybe && sameSheet(row, maybe)) unansweredCommitted++;
    else unexplainedRows++;
  }

  const log = await q
    .selectFrom("score_log")
    .select(["entry_id", "judge_id", "action", "version"])
    .where("round_id", "=", roundId)
    .execute();
  const logged = new Map<string, number>();
  for (const r of log) {
    const key = `${r.entry_id}|${r.judge_id}|${r.action}|${Number(r.version)}`;
    logged.set(key, (logged.get(key) ?? 0) + 1);
  }
  let missingFromLog = 0;
  for (const [key, acknowledged] of ledger.writes) {
    missingFromLog += Math.max(0, acknowledged - (logged.get(key) ?? 0));
  }

  const chain = await verifyScoreChain(q, () => new Date().toISOString());
  return {
    logRecords: log.length,
    missingFromLog,
    finalStates: ledger.final.size,
    finalNotHeld,
    unansweredCommitted,
    unexplainedRows,
    lost: missingFromLog + finalNotHeld,
    chainIntact: chain.intact,
    chainRecords: chain.records,
    chainBreaks: chain.breaks.length,
    chainMismatches: chain.mismatches.length,
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL's CPU: its backends each run in a session of their own (setsid), so it is not one
// process group's; the postmaster and its children are counted instead, process by process.

let clockTicks: number | undefined;

/** CPU seconds so far of a process and of each of its direct children, by pid. */
export function processTreeCpu(parentPid: number): Map<number, number> | undefined {
  if (process.platform !== "linux") return undefined;
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  const seconds = new Map<number, number>();
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // Ended meanwhile.
      }
      // Fields after the parenthesised command: state ppid … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pid = Number(entry);
      if (pid !== parentPid && Number(fields[1]) !== parentPid) continue;
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / clockTicks);
    }
  } catch {
    return undefined;
  }
  return seconds;
}

/**
 * CPU seconds the processes used between two readings: a process started meanwhile counts in
 * full, one that ended meanwhile (a closed connection's backend) is missing from the figure.
 */
export function cpuBetween(
  before: Map<number, number> | undefined,
  after: Map<number, number> | undefined,
): number | undefined {
  if (!before || !after) return undefined;
  let total = 0;
  for (const [pid, seconds] of after) total += Math.max(0, seconds - (before.get(pid) ?? 0));
  return total;
}

/** The PostgreSQL server's main process: the parent of a backend of ours, from /proc. */
export function parentPid(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return ppid > 1 ? ppid : undefined;
  } catch {
    return undefined;
  }
}
