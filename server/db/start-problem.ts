import type { DatabaseConfig } from "../config";

/** Errors that mean the configured database cannot be reached or opened, not a bug. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  // PostgreSQL: no such database, password or role refused.
  "3D000",
  "28P01",
  "28000",
  // SQLite: the file or its folder cannot be opened.
  "SQLITE_CANTOPEN",
]);

/** Where the database is, without a password that may be in its URL. */
function whereIs(database: DatabaseConfig): string {
  if (database.kind === "sqlite") return database.file;
  try {
    const url = new URL(database.url);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/**
 * One line for the operator when the server cannot start because of its database (not there,
 * refused, no such database), naming the setting to check; null for any other error.
 */
export function databaseStartProblem(error: unknown, database: DatabaseConfig): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !UNREACHABLE.has(code)) return null;
  const setting = database.kind === "sqlite" ? "DATA_DIR" : "DATABASE_URL";
  const message = error instanceof Error && error.message ? error.message : code;
  return `Cannot use the database at ${whereIs(database)} (${message}). Check ${setting}.`;
}
