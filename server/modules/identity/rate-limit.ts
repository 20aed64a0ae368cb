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
 */
export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function createRateLimiter(db: Db, clock: () => number = Date.now) {
  async function read(key: string, rule: RateLimitRule) {
    const row = await db.kysely
      .selectFrom("rate_limits")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirst();
    const now = clock();
    if (!row || now - Number(row.window_started_at) >= rule.windowMs)
      return { count: 0, started: now };
    return { count: row.count, started: Number(row.window_started_at) };
  }

  return {
    /** Whether another attempt is allowed now, without counting one. */
    async check(key: string, rule: RateLimitRule): Promise<RateLimitState> {
      const { count, started } = await read(key, rule);
      if (count < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((started + rule.windowMs - clock()) / 1000)),
      };
    },

    /** Counts one attempt (or failure) against the key. */
    async hit(key: string, rule: RateLimitRule): Promise<void> {
      await db.kysely.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("rate_limits")
          .selectAll()
          .where("key", "=", key)
          .executeTakeFirst();
        const now = clock();
        if (!row) {
          await trx
            .insertInto("rate_limits")
            .values({ key, count: 1, window_started_at: now })
            .onConflict((oc) =>
              oc.column("key").doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })),
            )
            .execute();
        } else if (now - Number(row.window_started_at) >= rule.windowMs) {
          await trx
            .updateTable("rate_limits")
            .set({ count: 1, window_started_at: now })
            .where("key", "=", key)
            .execute();
        } else {
          await trx
            .updateTable("rate_limits")
            .set((eb) => ({ count: eb("count", "+", 1) }))
            .where("key", "=", key)
            .execute();
        }
      });
    },

    async clear(key: string): Promise<void> {
      await db.kysely.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
  };
}

const MINUTE = 60_000;

/** The limits (PRODUCT / DESIGN "Identity"): failures per account, attempts per IP. */
export const LIMITS = {
  signInFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  signInFailuresPerIp: { limit: 50, windowMs: 15 * MINUTE },
  resetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 10, windowMs: 15 * MINUTE },
  verificationResendPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  registrationPerIp: { limit: 10, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
