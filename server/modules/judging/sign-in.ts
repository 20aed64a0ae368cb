import { randomBytes } from "node:crypto";
import { judgeCodeSchema } from "../../../core/judge-code";
import { refusal, type Outcome } from "../../../core/refusal";
import { hashToken, type JudgingContext } from "./context";
import { zodRefusal } from "./refusals";

/** How long a judge stays signed in. */
export const JUDGE_SESSION_HOURS = 12;

/**
 * Attempts allowed: per address (a success gives its attempt back, so a jury signing in from
 * one office network is not locked out), and per code typed (one code guessed from many
 * addresses). With 100-bit codes either limit leaves guessing hopeless.
 */
export const JUDGE_CODE_LIMITS = {
  perIp: { limit: 50, windowMs: 15 * 60_000 },
  perCode: { limit: 10, windowMs: 15 * 60_000 },
} as const;

/**
 * A judge signs in with their code: counted against the address and the code before it is
 * checked (so parallel guesses cannot all pass), then looked up by its keyed hash. Success
 * gives back the address's attempt and opens a session whose token only the cookie holds.
 */
export async function signInJudge(
  ctx: JudgingContext,
  input: unknown,
  ip: string,
): Promise<Outcome<{ token: string; expiresAt: string; judgeId: string }>> {
  const limiter = ctx.deps.limiter;
  const perIp = await limiter.consume(`judge-code-ip:${ip}`, JUDGE_CODE_LIMITS.perIp);
  if (!perIp.allowed) return tooMany(perIp.retryAfterSeconds);
  const parsed = judgeCodeSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const hash = ctx.hashCode(parsed.data.code);
  const perCode = await limiter.consume(`judge-code:${hash}`, JUDGE_CODE_LIMITS.perCode);
  if (!perCode.allowed) return tooMany(perCode.retryAfterSeconds);
  const judge = await ctx.db.kysely
    .selectFrom("judges")
    .select(["id"])
    .where("code_hash", "=", hash)
    .executeTakeFirst();
  if (!judge) return refusal(401, "judging.errors.codeWrong", { code: "judging.errors.codeWrong" });
  await limiter.refund(`judge-code-ip:${ip}`);
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock();
  const expiresAt = new Date(now.getTime() + JUDGE_SESSION_HOURS * 3_600_000).toISOString();
  await ctx.db.kysely
    .insertInto("judge_sessions")
    .values({
      token_hash: hashToken(token),
      judge_id: judge.id,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { ok: true, token, expiresAt, judgeId: judge.id };
}

function tooMany(retryAfterSeconds: number) {
  return {
    ...refusal(429, "judging.errors.tooManyAttempts"),
    retryAfterMinutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
  };
}
