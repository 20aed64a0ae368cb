import Database from "better-sqlite3";
import { inject } from "vitest";

/** The current demo season: its dates decide whether the header's submit button is enabled. */
export const CURRENT_SEASON = 2026;

export interface SubmissionWindow {
  opensAt: string | null;
  closesAt: string | null;
}

const DAY_MS = 86_400_000;

/** An ISO-8601 UTC instant `days` days from now (negative: in the past). */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

function withDatabase<T>(work: (db: Database.Database) => T): T {
  // The running server holds the same file open in WAL mode; wait out its short write locks.
  const db = new Database(inject("dbFile"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

export function readSubmissionWindow(year = CURRENT_SEASON): SubmissionWindow {
  return withDatabase((db) => {
    const row = db
      .prepare<
        [number],
        { submission_opens_at: string | null; submission_closes_at: string | null }
      >("SELECT submission_opens_at, submission_closes_at FROM seasons WHERE year = ?")
      .get(year);
    if (!row) throw new Error(`No season ${year} in the e2e database`);
    return { opensAt: row.submission_opens_at, closesAt: row.submission_closes_at };
  });
}

/**
 * Moves a season's submission window behind the server's back (it reads seasons on every
 * request). Returns a function that puts the previous window back.
 */
export function setSubmissionWindow(window: SubmissionWindow, year = CURRENT_SEASON): () => void {
  const previous = readSubmissionWindow(year);
  const write = (w: SubmissionWindow) =>
    withDatabase((db) => {
      const result = db
        .prepare(
          "UPDATE seasons SET submission_opens_at = ?, submission_closes_at = ? WHERE year = ?",
        )
        .run(w.opensAt, w.closesAt, year);
      if (result.changes !== 1) throw new Error(`No season ${year} in the e2e database`);
    });
  write(window);
  return () => write(previous);
}
