import { randomBytes } from "node:crypto";
import { judgeCode, normalizeJudgeCode } from "../../../core/judge-code";
import { localizePath, type Lang } from "../../../core/languages";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { currentPublicUrl } from "../../public-url";

/**
 * Issues a judge a new personal code, replacing (and so revoking) any earlier one and ending
 * their sessions. The code is returned once, for the manager's screen, and emailed once in the
 * judge's language with the portal link; only its keyed hash is kept.
 */
export async function issueJudgeCode(
  ctx: JudgingContext,
  actor: Actor,
  judgeId: string,
): Promise<Outcome<{ code: string; emailed: boolean }>> {
  const judge = await ctx.db.kysely
    .selectFrom("judges as j")
    .innerJoin("seasons as s", "s.id", "j.season_id")
    .select(["j.id", "j.name", "j.email", "j.lang", "j.code_hash", "s.year"])
    .where("j.id", "=", judgeId)
    .executeTakeFirst();
  if (!judge) return refusal(404, "judging.errors.judgeNotFound");
  const code = judgeCode(randomBytes(20));
  await storeCode(ctx, judgeId, normalizeJudgeCode(code)!);
  await ctx.deps.audit?.record(
    actor,
    "judge.codeIssue",
    { type: "judge", id: judgeId },
    { reissued: judge.code_hash !== null },
  );
  const lang: Lang = judge.lang === "en" ? "en" : "vi";
  let emailed = true;
  try {
    // Sent now or not at all: the code is kept only hashed, so it never waits in the database
    // for a retry; when the email fails, the manager is told and hands the code over.
    await ctx.deps.mail.send(
      "judgeCode",
      judge.email,
      lang,
      {
        name: judge.name,
        url: `${currentPublicUrl(ctx.publicUrl)}${localizePath("/giam-khao", lang)}`,
        judgeCode: code,
        season: String(judge.year),
      },
      { mayWait: false },
    );
  } catch {
    // The code is on the manager's screen: they can hand it over another way.
    emailed = false;
  }
  return { ok: true, code, emailed };
}

/**
 * Gives a judge a code made elsewhere (the demo judge's, generated at install and kept with the
 * demo passwords) as issuing does, without an email: only its keyed hash is kept, an earlier
 * code stops working and the judge's sessions end. False for a code that cannot be one.
 */
export async function setJudgeCode(
  ctx: JudgingContext,
  judgeId: string,
  code: string,
): Promise<boolean> {
  const stored = normalizeJudgeCode(code);
  if (stored === null) return false;
  await storeCode(ctx, judgeId, stored);
  return true;
}

async function storeCode(ctx: JudgingContext, judgeId: string, stored: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable("judges")
      .set({
        code_hash: ctx.hashCode(stored),
        code_hint: stored.slice(-4),
        code_issued_at: now,
        code_revoked_at: null,
        updated_at: now,
      })
      .where("id", "=", judgeId)
      .execute();
    await trx.deleteFrom("judge_sessions").where("judge_id", "=", judgeId).execute();
  });
}
