import { expect } from "vitest";
import { DEFAULT_CRITERIA } from "../../../core/judging-criteria";
import { moved, submittedEntry } from "../entries/lifecycle-testbed";
import type { EntriesTestbed } from "../entries/testbed";
import type { Services } from "../../services";
import type { Actor } from "../audit/service";
import type { JudgeIdentity } from "./types";

/**
 * Helpers for the judging tests, on top of the entries testbed (demo season 2026, entrants
 * alice, bob and chi, an admin): accepted entries, judges with codes, a round open for them.
 */

export const SHEET = {
  scores: {
    creativeIdea: 8,
    message: 7,
    craft: 9,
    brandRecall: 6,
    responsibility: 7,
    culturalIdentity: 8,
  },
  comment: "Ý tưởng mới, thông điệp rõ.",
};

/** A score sheet giving every criterion of the award `value` (so the judge's total is `value`). */
export function uniformSheet(value: number) {
  return {
    scores: Object.fromEntries(DEFAULT_CRITERIA.map((c) => [c.key, value])),
    version: null,
  };
}

/** The staff member running judging in the tests (the history names them). */
export function manager(t: EntriesTestbed) {
  return {
    id: t.staff,
    email: "staff@example.vn",
    ip: "127.0.0.1",
    role: "admin" as const,
    name: "Staff",
  };
}

export async function seasonId(t: EntriesTestbed, year = 2026): Promise<number> {
  const row = await t.db.kysely
    .selectFrom("seasons")
    .select("id")
    .where("year", "=", year)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A complete TVC entry of `userId`, submitted, paid and accepted by the secretariat. */
export async function acceptedEntry(t: EntriesTestbed, userId = t.alice) {
  const entry = await submittedEntry(t, userId);
  await moved(t, entry.id, "paid", "finance");
  await moved(t, entry.id, "accepted", "jury_manager");
  return entry;
}

/** A judge of the season with a code, signed in: their identity, code and session token. */
export async function signedInJudge(
  t: EntriesTestbed,
  season: number,
  name: string,
  email: string,
) {
  return judgeWithSession(t.services, manager(t), season, name, email);
}

/** A new judge of the season, given a code by `actor` and signed in with it. */
export async function judgeWithSession(
  services: Services,
  actor: Actor,
  season: number,
  name: string,
  email: string,
) {
  const created = await services.judging.createJudge(actor, season, { name, email, lang: "vi" });
  expect(created, JSON.stringify(created)).toMatchObject({ ok: true });
  if (!created.ok) throw new Error("createJudge refused");
  const issued = await services.judging.issueCode(actor, created.id);
  if (!issued.ok) throw new Error("issueCode refused");
  const session = await services.judging.signIn({ code: issued.code }, "127.0.0.1");
  if (!session.ok) throw new Error(`signIn refused ${JSON.stringify(session)}`);
  const judge = (await services.judging.currentJudge(session.token)) as JudgeIdentity;
  expect(judge.id).toBe(created.id);
  return { judge, code: issued.code, token: session.token };
}

/**
 * A new round of the season with the default criteria, its judges assigned to TVC, opened.
 * Each test file shares one season, so a test's round may come after another's: the entries
 * of a later round are those put into it (as advancing would), here `entryIds`.
 */
export async function openRound(
  t: EntriesTestbed,
  season: number,
  judges: JudgeIdentity[],
  entryIds: string[],
  name = "Vòng sơ khảo",
) {
  const round = await t.services.judging.createRound(manager(t), season, {
    nameVi: name,
    nameEn: "Preliminary round",
    startsOn: "2026-09-01",
    endsOn: "2026-09-30",
    method: "mean",
  });
  if (!round.ok) throw new Error(`createRound refused ${JSON.stringify(round)}`);
  const position = await t.db.kysely
    .selectFrom("judging_rounds")
    .select("position")
    .where("id", "=", round.id)
    .executeTakeFirstOrThrow();
  if (Number(position.position) > 1 && entryIds.length > 0) {
    await t.db.kysely
      .insertInto("round_entries")
      .values(
        entryIds.map((entry_id) => ({
          round_id: round.id,
          entry_id,
          advanced_at: t.now.toISOString(),
        })),
      )
      .execute();
  }
  for (const judge of judges) {
    const assigned = await t.services.judging.assign(manager(t), round.id, {
      judgeId: judge.id,
      categoryId: t.cat("TVC").id,
    });
    expect(assigned, JSON.stringify(assigned)).toMatchObject({ ok: true });
  }
  expect(await t.services.judging.moveRound(manager(t), round.id, { to: "open" })).toMatchObject({
    ok: true,
  });
  return round.id;
}
