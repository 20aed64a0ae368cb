import { hashToken, type JudgingContext } from "./context";
import type { JudgeIdentity } from "./types";

/** The judge cookie's name. */
export const JUDGE_COOKIE = "vx_judge";

/** The judge a session token belongs to, while the session and the code are valid. */
export async function currentJudge(
  ctx: JudgingContext,
  token: string | null,
): Promise<JudgeIdentity | null> {
  if (!token || token.length > 100) return null;
  const row = await ctx.db.kysely
    .selectFrom("judge_sessions as js")
    .innerJoin("judges as j", "j.id", "js.judge_id")
    .select(["j.id", "j.name", "j.season_id", "j.lang", "js.expires_at"])
    .where("js.token_hash", "=", hashToken(token))
    .where("j.code_hash", "is not", null)
    .executeTakeFirst();
  if (!row || row.expires_at <= ctx.now()) return null;
  return {
    id: row.id,
    name: row.name,
    seasonId: Number(row.season_id),
    lang: row.lang === "en" ? "en" : "vi",
  };
}

/** Ends a session (signing out). */
export async function signOutJudge(ctx: JudgingContext, token: string | null): Promise<void> {
  if (!token) return;
  await ctx.db.kysely
    .deleteFrom("judge_sessions")
    .where("token_hash", "=", hashToken(token))
    .execute();
}

/** The token in a request's Cookie header, or null (a value that is not percent-encoding too). */
export function judgeTokenFrom(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== JUDGE_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}
