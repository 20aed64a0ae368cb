import Database from "better-sqlite3";
import { e2eServer } from "./server";

/** The current demo season: its dates decide whether the header's submit button is enabled. */
export const CURRENT_SEASON = 2026;

export interface SubmissionWindow {
  opensAt: string | null;
  closesAt: string | null;
}

/** Runs `work` on the e2e server's SQLite file, opened beside the server and closed after. */
export function withDatabase<T>(work: (db: Database.Database) => T): T {
  // The running server holds the same file open in WAL mode; wait out its short write locks.
  const db = new Database(e2eServer().dbFile, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/** A season's window of one kind: its columns `<kind>_opens_at` and `<kind>_closes_at`. */
type WindowKind = "submission" | "registration";

function readWindow(kind: WindowKind, year: number): SubmissionWindow {
  return withDatabase((db) => {
    const row = db
      .prepare<[number], { opens: string | null; closes: string | null }>(
        `SELECT ${kind}_opens_at AS opens, ${kind}_closes_at AS closes FROM seasons WHERE year = ?`,
      )
      .get(year);
    if (!row) throw new Error(`No season ${year} in the e2e database`);
    return { opensAt: row.opens, closesAt: row.closes };
  });
}

function setWindow(kind: WindowKind, window: SubmissionWindow, year: number): () => void {
  const previous = readWindow(kind, year);
  const write = (w: SubmissionWindow) =>
    withDatabase((db) => {
      const result = db
        .prepare(`UPDATE seasons SET ${kind}_opens_at = ?, ${kind}_closes_at = ? WHERE year = ?`)
        .run(w.opensAt, w.closesAt, year);
      if (result.changes !== 1) throw new Error(`No season ${year} in the e2e database`);
    });
  write(window);
  return () => write(previous);
}

export function readSubmissionWindow(year = CURRENT_SEASON): SubmissionWindow {
  return readWindow("submission", year);
}

/**
 * Moves a season's submission window behind the server's back (it reads seasons on every
 * request). Returns a function that puts the previous window back.
 */
export function setSubmissionWindow(window: SubmissionWindow, year = CURRENT_SEASON): () => void {
  return setWindow("submission", window, year);
}

/** Sets a season's late deadline (null: no late entries) the same way; returns the way back. */
export function setLateDeadline(lateDeadline: string | null, year = CURRENT_SEASON): () => void {
  const write = (value: string | null) =>
    withDatabase((db) => {
      const result = db
        .prepare("UPDATE seasons SET late_deadline = ? WHERE year = ?")
        .run(value, year);
      if (result.changes !== 1) throw new Error(`No season ${year} in the e2e database`);
    });
  const previous = withDatabase(
    (db) =>
      db
        .prepare<[number], { late: string | null }>(
          "SELECT late_deadline AS late FROM seasons WHERE year = ?",
        )
        .get(year)?.late ?? null,
  );
  write(lateDeadline);
  return () => write(previous);
}

/** Moves a season's registration window the same way; returns the way back. */
export function setRegistrationWindow(window: SubmissionWindow, year = CURRENT_SEASON): () => void {
  return setWindow("registration", window, year);
}

/**
 * Writes one site setting (a JSON value, as the settings service stores it) behind the
 * server's back. The server caches settings for a few seconds, so callers poll for the
 * effect. Returns a function that puts the previous value back.
 */
export function setSiteSetting(key: string, value: unknown): () => void {
  const read = () =>
    withDatabase((db) =>
      db
        .prepare<[string], { value: string }>("SELECT value FROM site_settings WHERE key = ?")
        .get(key),
    );
  const previous = read()?.value;
  const write = (json: string | undefined) =>
    withDatabase((db) => {
      if (json === undefined) db.prepare("DELETE FROM site_settings WHERE key = ?").run(key);
      else
        db.prepare(
          "INSERT INTO site_settings (key, value, updated_at) VALUES (?, ?, ?) " +
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        ).run(key, json, new Date().toISOString());
    });
  write(JSON.stringify(value));
  return () => write(previous);
}

/**
 * Forgets the registrations counted against the loopback address. Every journey registers
 * from 127.0.0.1, and the whole run is far more registrations than a person makes in an hour
 * (LIMITS.registrationPerIp); each journey starts with the budget a person would have.
 */
export function forgetRegistrationLimits(): void {
  withDatabase((db) => db.prepare("DELETE FROM rate_limits WHERE key LIKE 'register:ip:%'").run());
}
