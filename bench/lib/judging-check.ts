import type { Db } from "../../server/db/database";
import { verifyScoreChain } from "../../server/modules/judging/score-log";
import type { Ledger, ScoreState } from "./judging-ledger";

// The check of the judging benchmark (bench/judging.bench.ts): every acknowledged write against
// the database, after the server has stopped.

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
