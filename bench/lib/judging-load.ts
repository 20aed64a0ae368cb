import http from "node:http";
import type { Criterion } from "../../core/judging-criteria";
import { Ledger, type ScoreState } from "./judging-ledger";
import { seededRandom } from "./judging-seed";
import { LOOPBACK, sleep, type RunningServer } from "./server";

// The judges of the judging benchmark (bench/judging.bench.ts): one keep-alive connection each
// (a browser), sign-in, then the scoring loop, with every acknowledged write in the ledger.

/** Share of a judge's actions that reload their list of entries (back to the list). */
export const LIST_SHARE = 0.1;
/** Share of actions on an already scored entry that delete the score instead of updating it. */
export const DELETE_SHARE = 0.08;
const REQUEST_TIMEOUT_MS = 10_000;

export type RequestKind = "sign-in" | "list" | "score" | "update" | "delete";

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
