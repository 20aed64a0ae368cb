import { sql } from "kysely";
import type { Db } from "../../db/database";

export interface RateLimitRule {
  /** How many hits the window allows. */
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  allowed: boolean;
  /** Seconds until the window resets (when not allowed). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so several app processes share them. Used for
 * per-IP and per-account limits on sign-in, password reset, verification resend and
 * registration (DESIGN "Identity").
 *
 * An attempt is counted and judged in one statement (`consume`): the count it returns
 * already includes this attempt, so parallel attempts cannot all pass a check made before
 * any of them was counted.
 */
export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function createRateLimiter(db: Db, clock: () => number = Date.now) {
  return {
    /**
     * Counts one attempt against the key and says whether it is within the limit. One atomic
     * upsert (SQLite ≥ 3.35 and PostgreSQL): a window that has run out starts again at 1.
     */
    async consume(key: string, rule: RateLimitRule): Promise<RateLimitState> {
      const now = clock();
      const expired = sql`${now} - rate_limits.window_started_at >= ${rule.windowMs}`;
      const { rows } = await sql<{ count: number | string; window_started_at: number | string }>`
        INSERT INTO rate_limits (key, count, window_started_at) VALUES (${key}, 1, ${now})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN ${expired} THEN 1 ELSE rate_limits.count + 1 END,
          window_started_at = CASE WHEN ${expired} THEN ${now} ELSE rate_limits.window_started_at END
        RETURNING count, window_started_at`.execute(db.kysely);
      const row = rows[0];
      const count = Number(row?.count ?? 1);
      const started = Number(row?.window_started_at ?? now);
      if (count <= rule.limit) return { allowed: true, retryAfterSeconds: 0 };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowMs - now) / 1000)),
      };
    },

    /** Gives back one attempt counted by `consume` (a sign-in that succeeded, say). */
    async refund(key: string): Promise<void> {
      await db.kysely
        .updateTable("rate_limits")
        .set((eb) => ({ count: eb("count", "-", 1) }))
        .where("key", "=", key)
        .where("count", ">", 0)
        .execute();
    },

    /** The attempts counted in the key's current window (tests and diagnostics). */
    async count(key: string, rule: RateLimitRule): Promise<number> {
      const row = await db.kysely
        .selectFrom("rate_limits")
        .select(["count", "window_started_at"])
        .where("key", "=", key)
        .executeTakeFirst();
      if (!row || clock() - Number(row.window_started_at) >= rule.windowMs) return 0;
      return Number(row.count);
    },

    async clear(key: string): Promise<void> {
      await db.kysely.deleteFrom("rate_limits").where("key", "=", key).execute();
    },

    /**
     * Forgets the counters whose window started `RATE_LIMIT_ROWS_KEPT_MS` ago or earlier: every
     * rule's window has ended by then, so a new attempt would start again at 1 anyway. Without
     * it, each address and each account name ever tried would keep a row for good.
     */
    async sweep(): Promise<number> {
      const result = await db.kysely
        .deleteFrom("rate_limits")
        .where("window_started_at", "<=", clock() - RATE_LIMIT_ROWS_KEPT_MS)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** Longer than any limit's window (the longest is an hour): older counters are swept. */
export const RATE_LIMIT_ROWS_KEPT_MS = 24 * 60 * 60_000;

/** How often the counters past every window are swept. */
export const RATE_LIMIT_SWEEP_EVERY_MS = 60 * 60_000;

const MINUTE = 60_000;

/** The limits (PRODUCT / DESIGN "Identity"): failures per account, attempts per IP. */
export const LIMITS = {
  /** Failed sign-ins to one account from one address: a guesser there is stopped early. */
  signInFailuresPerAccountFromIp: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins to one account from every address together: only guessing spread over many
   * addresses reaches it, so a stranger at one address cannot keep the owner out.
   */
  signInFailuresPerAccount: { limit: 100, windowMs: 15 * MINUTE },
  signInFailuresPerIp: { limit: 50, windowMs: 15 * MINUTE },
  /** Reset links asked for one account from one address. */
  resetPerAccountFromIp: { limit: 3, windowMs: 60 * MINUTE },
  /**
   * Reset links asked for one account from every address together: the most its mailbox
   * receives in an hour, and more than one stranger's address can use up.
   */
  resetPerAccount: { limit: 10, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 15 * MINUTE },
  verificationResendPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  registrationPerIp: { limit: 10, windowMs: 60 * MINUTE },
  /** Changes of email (each confirms the current password), per account. */
  passwordConfirmationPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** "Someone tried to register with your address" emails, per account. */
  registrationNoticePerAccount: { limit: 3, windowMs: 60 * MINUTE },
  /** A company's business licence replaced from the account page (each stores a file). */
  licenceReplacementsPerAccount: { limit: 10, windowMs: 60 * MINUTE },
  /** The links in emails (confirm an address, open a reset link), per IP. */
  emailLinksPerIp: { limit: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
