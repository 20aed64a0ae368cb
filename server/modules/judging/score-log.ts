import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { ScoreLogTable } from "../../db/schema-judging";
import type { Q } from "./context";

/**
 * The score log (PRODUCT §4): every score, update and deletion appended as a record that holds
 * the hash of the record before it, so editing, removing or inserting any past record breaks
 * the chain from there on. Appends are serialised (PostgreSQL: a transaction-scoped advisory
 * lock taken inside one function call; SQLite: one writer at a time) so the chain has one order.
 */

export const GENESIS_HASH = "0".repeat(64);
export type ScoreLogRecord = Omit<ScoreLogTable, "seq" | "prev_hash" | "hash">;

/** A record's own fields in a fixed order, as the text its hash covers (the same on both databases). */
export function recordPayload(r: ScoreLogRecord): string {
  return JSON.stringify([
    Number(r.round_id),
    r.entry_id,
    r.judge_id,
    r.action,
    r.scores,
    r.comment,
    r.total,
    Number(r.version),
    r.created_at,
  ]);
}

/**
 * The hash of a record: SHA-256 of the previous record's hash, its position and its fields
 * (`prev \n seq \n payload`, UTF-8). PostgreSQL computes the very same in `vx_append_score_log`.
 */
export function recordHash(prevHash: string, seq: number, r: ScoreLogRecord): string {
  return createHash("sha256")
    .update(`${prevHash}\n${seq}\n${recordPayload(r)}`, "utf8")
    .digest("hex");
}

/**
 * Appends one record at the end of the chain; call inside the transaction that changes the
 * score, as its last statement. On PostgreSQL one call to `vx_append_score_log` (migration
 * 0013) takes the chain's advisory lock, reads the tail and inserts the record on the server,
 * so the lock is held for that call and the commit only, never across round trips to Node.
 * SQLite runs one writer at a time: the tail is read and the record written here.
 */
export async function appendScoreLog(
  q: Q,
  kind: Db["kind"],
  record: ScoreLogRecord,
): Promise<void> {
  if (kind === "postgres") {
    await sql`select vx_append_score_log(${record.round_id}, ${record.entry_id}, ${record.judge_id},
      ${record.action}, ${record.scores}, ${record.comment}, ${record.total}, ${record.version},
      ${record.created_at}, ${recordPayload(record)})`.execute(q);
    return;
  }
  const last = await q
    .selectFrom("score_log")
    .select(["seq", "hash"])
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  const seq = last ? Number(last.seq) + 1 : 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  await q
    .insertInto("score_log")
    .values({ ...record, seq, prev_hash: prevHash, hash: recordHash(prevHash, seq, record) })
    .execute();
}

export interface ChainBreak {
  seq: number;
  /** "hash": the record was changed; "link": the record before it was changed or removed; "gap": records are missing. */
  problem: "hash" | "link" | "gap";
}

export interface ChainReport {
  intact: boolean;
  records: number;
  lastSeq: number;
  lastHash: string;
  /** The first breaks found (at most 100), in order. */
  breaks: ChainBreak[];
  /** Scores whose stored value is not what the log says it last became (at most 100). */
  mismatches: { roundId: number; entryId: string; judgeId: string }[];
  checkedAt: string;
}

const PAGE = 2000;

/**
 * Walks the whole chain in order, recomputing every hash, then compares the scores table with
 * the state the log leads to. Reads in pages, so memory stays flat at any size.
 */
export async function verifyScoreChain(q: Q, now: () => string): Promise<ChainReport> {
  const breaks: ChainBreak[] = [];
  const state = new Map<string, { scores: string; comment: string; version: number } | null>();
  let prevHash = GENESIS_HASH;
  let prevSeq = 0;
  let records = 0;
  for (;;) {
    const rows = await q
      .selectFrom("score_log")
      .selectAll()
      .where("seq", ">", prevSeq)
      .orderBy("seq")
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      records++;
      if (breaks.length < 100) {
        if (seq !== prevSeq + 1) breaks.push({ seq, problem: "gap" });
        else if (row.prev_hash !== prevHash) breaks.push({ seq, problem: "link" });
        const { seq: _s, prev_hash: _p, hash: _h, ...record } = row;
        if (
          recordHash(row.prev_hash, seq, {
            ...record,
            version: Number(record.version),
            round_id: Number(record.round_id),
          }) !== row.hash
        ) {
          breaks.push({ seq, problem: "hash" });
        }
      }
      state.set(
        `${row.round_id}|${row.entry_id}|${row.judge_id}`,
        row.action === "delete"
          ? null
          : { scores: row.scores, comment: row.comment, version: Number(row.version) },
      );
      prevHash = row.hash;
      prevSeq = seq;
    }
    if (rows.length < PAGE) break;
  }

  const mismatches: ChainReport["mismatches"] = [];
  const seen = new Set<string>();
  const scores = await q
    .selectFrom("scores")
    .select(["round_id", "entry_id", "judge_id", "scores", "comment", "version"])
    .execute();
  for (const s of scores) {
    const key = `${s.round_id}|${s.entry_id}|${s.judge_id}`;
    seen.add(key);
    const logged = state.get(key);
    if (
      !logged ||
      logged.scores !== s.scores ||
      logged.comment !== s.comment ||
      logged.version !== Number(s.version)
    ) {
      if (mismatches.length < 100)
        mismatches.push({ roundId: Number(s.round_id), entryId: s.entry_id, judgeId: s.judge_id });
    }
  }
  for (const [key, logged] of state) {
    if (logged && !seen.has(key) && mismatches.length < 100) {
      const [roundId, entryId, judgeId] = key.split("|") as [string, string, string];
      mismatches.push({ roundId: Number(roundId), entryId, judgeId });
    }
  }
  return {
    intact: breaks.length === 0 && mismatches.length === 0,
    records,
    lastSeq: prevSeq,
    lastHash: prevHash,
    breaks,
    mismatches,
    checkedAt: now(),
  };
}
