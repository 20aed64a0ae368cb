import type { JudgingContext } from "./context";

export interface JudgeRow {
  id: string;
  name: string;
  email: string;
  lang: "vi" | "en";
  juryMember: { id: number; name: string } | null;
  /** "none" (never issued), "active", "revoked". */
  code: "none" | "active" | "revoked";
  codeHint: string;
  codeIssuedAt: string | null;
  exclusions: { id: number; registrantId: string; registrant: string; note: string }[];
  conflicts: number;
}

/** The season's judges for the jury manager: code state (never the code), exclusions, conflicts. */
export async function listJudges(ctx: JudgingContext, seasonId: number): Promise<JudgeRow[]> {
  const q = ctx.db.kysely;
  const [judges, exclusions, conflicts] = await Promise.all([
    q
      .selectFrom("judges as j")
      .leftJoin("jury_members as m", "m.id", "j.jury_member_id")
      .select([
        "j.id",
        "j.name",
        "j.email",
        "j.lang",
        "j.code_hash",
        "j.code_hint",
        "j.code_issued_at",
        "j.code_revoked_at",
        "m.id as member_id",
        "m.name as member_name",
      ])
      .where("j.season_id", "=", seasonId)
      .orderBy("j.name")
      .execute(),
    q
      .selectFrom("judge_exclusions as x")
      .innerJoin("judges as j", "j.id", "x.judge_id")
      .innerJoin("registrants as r", "r.user_id", "x.registrant_user_id")
      .select([
        "x.id",
        "x.judge_id",
        "x.registrant_user_id",
        "x.note",
        "r.company_name",
        "r.full_name",
      ])
      .where("j.season_id", "=", seasonId)
      .execute(),
    q
      .selectFrom("judge_conflicts as c")
      .innerJoin("judges as j", "j.id", "c.judge_id")
      .select(["c.judge_id"])
      .where("j.season_id", "=", seasonId)
      .execute(),
  ]);
  return judges.map((j) => ({
    id: j.id,
    name: j.name,
    email: j.email,
    lang: j.lang === "en" ? "en" : "vi",
    juryMember:
      j.member_id !== null ? { id: Number(j.member_id), name: j.member_name ?? "" } : null,
    code: j.code_hash !== null ? "active" : j.code_revoked_at !== null ? "revoked" : "none",
    codeHint: j.code_hash !== null ? j.code_hint : "",
    codeIssuedAt: j.code_issued_at,
    exclusions: exclusions
      .filter((x) => x.judge_id === j.id)
      .map((x) => ({
        id: Number(x.id),
        registrantId: x.registrant_user_id,
        registrant: x.company_name ?? x.full_name,
        note: x.note,
      })),
    conflicts: conflicts.filter((c) => c.judge_id === j.id).length,
  }));
}
