import type { Insertable, Transaction } from "kysely";
import { DEFAULT_CRITERIA, weightedTotal } from "../../core/judging-criteria";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";
import type { ScoreTable } from "../db/schema-judging";
import { appendScoreLog } from "../modules/judging/score-log";
import type { Random } from "./demo-registrants";

/**
 * The scores of the demo's judged season (judging.ts): each entry's level by its outcome, each
 * judge's sheet drawn from it, and the sheets stored with their score-log records.
 */

/**
 * How good an entry is, by its outcome, on the 1–10 scale: the bands do not overlap, so the
 * preliminary round ranks every finalist and winner above the entries that stopped there, and
 * the final round ranks the winners first.
 */
const QUALITY: Readonly<Record<string, [number, number]>> = {
  winner: [7.9, 8.9],
  finalist: [6.5, 7.6],
  not_awarded: [3.8, 6.0],
  accepted: [4.5, 6.5],
  shortlisted: [5.5, 7.0],
};

const COMMENTS = {
  high: [
    "Ý tưởng đột phá, thông điệp rất dễ nhớ.",
    "Chất lượng thực hiện xuất sắc, đậm bản sắc Việt.",
    "Câu chuyện chạm đến cảm xúc, thương hiệu xuất hiện tự nhiên.",
    "Xứng đáng có mặt ở vòng chung khảo.",
  ],
  mid: [
    "Ý tưởng tốt nhưng phần thực hiện chưa đồng đều.",
    "Thông điệp rõ ràng, hình ảnh cần chăm chút hơn.",
    "Có tiềm năng, phần kết còn thiếu điểm nhấn.",
  ],
  low: [
    "Ý tưởng quen thuộc, chưa tạo được khác biệt.",
    "Thông điệp bị loãng, khó nhớ thương hiệu.",
    "Hồ sơ thiếu số liệu về hiệu quả chiến dịch.",
  ],
};

export interface JudgedEntry {
  id: string;
  code: string;
  status: string;
  categoryId: number | null;
  categoryCode: string | null;
  trackCode: string | null;
  /** The entry's level and its strengths and weaknesses per criterion (mean 0). */
  quality: number;
  profile: number[];
}

export interface ScoreRecord {
  roundId: number;
  entry: JudgedEntry;
  judgeId: string;
  scores: string;
  comment: string;
  total: number;
  at: number;
}

/** A judgeable entry of the season, with its level and profile drawn by its outcome. */
export function judgedEntry(
  random: Random,
  r: {
    id: string;
    code: string | null;
    status: string;
    category_id: number | null;
    category_code: string | null;
    track_code: string | null;
  },
): JudgedEntry {
  const [low, high] = QUALITY[r.status] ?? [4, 6];
  const raw = DEFAULT_CRITERIA.map(() => (random.next() - 0.5) * 1.6);
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  return {
    id: r.id,
    code: r.code ?? "",
    status: r.status,
    categoryId: r.category_id,
    categoryCode: r.category_code,
    trackCode: r.track_code,
    quality: low + random.next() * (high - low),
    profile: raw.map((v) => v - mean),
  };
}

/** One judge's sheet for one entry: the entry's level, the judge's leaning, some noise. */
export function scoreOf(
  random: Random,
  roundId: number,
  entry: JudgedEntry,
  judge: { id: string; bias: number },
  opens: string,
  days: number,
): ScoreRecord {
  const sheet: Record<string, number> = {};
  for (const [i, c] of DEFAULT_CRITERIA.entries()) {
    const noise = (random.next() + random.next() - 1) * 1.6;
    const value = Math.round(entry.quality + entry.profile[i]! + judge.bias + noise);
    sheet[c.key] = Math.min(c.max, Math.max(c.min, value));
  }
  const total = weightedTotal(DEFAULT_CRITERIA, sheet);
  const pool = total >= 7.5 ? COMMENTS.high : total >= 5.5 ? COMMENTS.mid : COMMENTS.low;
  const comment = random.chance(0.3) ? random.pick(pool) : "";
  // Some time during the round, in the judge's working hours (08:00–22:00 in Vietnam).
  const at =
    Date.parse(opens) + random.int(0, days - 1) * 86_400_000 + random.int(0, 14 * 60 - 1) * 60_000;
  return {
    roundId,
    entry,
    judgeId: judge.id,
    // In the criteria's order: the JSON stored in `scores` and chained in the log.
    scores: JSON.stringify(sheet),
    comment,
    total,
    at,
  };
}

/**
 * The scores, in the order given, each logged with the same values in the caller's transaction:
 * the score rows go in by the hundred (fast on PostgreSQL), the log records one at a time, as
 * the chain requires. None is dated later than `nowMs`.
 */
export async function insertScores(
  trx: Transaction<Database>,
  kind: Db["kind"],
  records: readonly ScoreRecord[],
  nowMs: number,
): Promise<void> {
  const rowsOf = records.map((record): Insertable<ScoreTable> => {
    const at = new Date(Math.min(record.at, nowMs)).toISOString();
    return {
      round_id: record.roundId,
      entry_id: record.entry.id,
      judge_id: record.judgeId,
      scores: record.scores,
      comment: record.comment,
      total: record.total,
      version: 1,
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < rowsOf.length; i += 100) {
    await trx
      .insertInto("scores")
      .values(rowsOf.slice(i, i + 100))
      .execute();
  }
  for (const row of rowsOf) {
    await appendScoreLog(trx, kind, {
      round_id: row.round_id,
      entry_id: row.entry_id,
      judge_id: row.judge_id,
      action: "score",
      scores: row.scores,
      comment: row.comment ?? "",
      total: row.total.toFixed(2),
      version: row.version,
      created_at: row.created_at,
    });
  }
}
