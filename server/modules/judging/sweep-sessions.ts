import { EXPIRED_ROWS_KEPT_MS } from "../identity/sweep-expired";
import type { JudgingContext } from "./context";

/**
 * Deletes judges' sessions that expired a day ago or earlier (an expired session signs nobody
 * in, but its row stayed until the judge signed out or their code was replaced). Resolves to
 * how many went.
 */
export async function sweepExpiredJudgeSessions(ctx: JudgingContext): Promise<number> {
  const cutoff = new Date(ctx.clock().getTime() - EXPIRED_ROWS_KEPT_MS).toISOString();
  const result = await ctx.db.kysely
    .deleteFrom("judge_sessions")
    .where("expires_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
