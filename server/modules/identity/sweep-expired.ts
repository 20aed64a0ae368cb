import type { IdentityDeps } from "./types";

/**
 * How long an expired row is kept before it is swept: a day, so a sweep never races the
 * request that finds a session or link just expired (better-auth deletes what it reads
 * expired itself).
 */
export const EXPIRED_ROWS_KEPT_MS = 24 * 60 * 60_000;

/** How often expired sessions and links are swept. */
export const EXPIRED_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Deletes better-auth's sessions and emailed links (reset-password tokens) that expired a day
 * ago or earlier. better-auth deletes an expired session only when its cookie comes back, and
 * expired links only when some link is read, so a browser that never returns and a reset never
 * opened would keep their rows for good. Resolves to how many rows went.
 */
export async function sweepExpired(
  deps: Pick<IdentityDeps, "db">,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - EXPIRED_ROWS_KEPT_MS);
  // better-auth keeps these times as timestamptz on PostgreSQL and ISO text on SQLite.
  const before = deps.db.kind === "postgres" ? cutoff : cutoff.toISOString();
  const sessions = await deps.db.kysely
    .deleteFrom("session")
    .where("expiresAt", "<", before)
    .executeTakeFirst();
  const links = await deps.db.kysely
    .deleteFrom("verification")
    .where("expiresAt", "<", before)
    .executeTakeFirst();
  return Number(sessions.numDeletedRows) + Number(links.numDeletedRows);
}
