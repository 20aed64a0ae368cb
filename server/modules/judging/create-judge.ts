import { randomUUID } from "node:crypto";
import { judgeFormSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { zodRefusal } from "./refusals";

/** A jury manager adds a judge to a season, linked to a public jury profile when there is one. */
export async function createJudge(
  ctx: JudgingContext,
  actor: Actor,
  seasonId: number,
  input: unknown,
): Promise<Outcome<{ id: string }>> {
  const parsed = judgeFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const { name, email, lang, juryMemberId } = parsed.data;
  const taken = await ctx.db.kysely
    .selectFrom("judges")
    .select("id")
    .where("season_id", "=", seasonId)
    .where("email", "=", email)
    .executeTakeFirst();
  if (taken)
    return refusal(409, "judging.errors.judgeEmailTaken", {
      email: "judging.errors.judgeEmailTaken",
    });
  if (juryMemberId !== undefined) {
    const member = await ctx.db.kysely
      .selectFrom("jury_members")
      .select("id")
      .where("id", "=", juryMemberId)
      .executeTakeFirst();
    if (!member)
      return refusal(400, "judging.errors.juryMember", {
        juryMemberId: "judging.errors.juryMember",
      });
  }
  const id = randomUUID();
  const now = ctx.now();
  await ctx.db.kysely
    .insertInto("judges")
    .values({
      id,
      season_id: seasonId,
      jury_member_id: juryMemberId ?? null,
      name,
      email,
      lang,
      code_hash: null,
      code_issued_at: null,
      code_revoked_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // The season by its year, as staff know it (its id means nothing in the log).
  const season = await ctx.db.kysely
    .selectFrom("seasons")
    .select("year")
    .where("id", "=", seasonId)
    .executeTakeFirst();
  await ctx.deps.audit?.record(
    actor,
    "judge.create",
    { type: "judge", id },
    { name, email, season: season?.year ?? null },
  );
  return { ok: true, id };
}
