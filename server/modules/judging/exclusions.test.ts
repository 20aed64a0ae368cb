import { describe, expect, it } from "vitest";
import { registrantDisplayName } from "../../../core/registrants-admin";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed, type EntriesTestbed } from "../entries/testbed";
import {
  acceptedEntry,
  manager,
  openRound,
  seasonId,
  signedInJudge,
  uniformSheet,
} from "./testbed";

/** How many scores of the entry count in the round's results. */
async function scoresCounted(t: EntriesTestbed, round: number, entryId: string) {
  return (
    (await t.services.judging.results(round))!.categories
      .flatMap((c) => c.rows)
      .find((r) => r.entryId === entryId)?.count ?? 0
  );
}

// An exclusion (judge ↔ registrant company) added once judging has begun, on SQLite and
// PostgreSQL: the judge's scores on the registrant's entries stop counting in the rounds not yet
// closed or locked (results, exports, prizes), the manager is told how many, rounds that had
// ended keep their results, the scores stay in the log, and removing the exclusion restores them.
describe.each(testDatabases())("judging: exclusions mid-round ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("leaves out the judge's scores from the open round on, not from an ended one", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Lý Giám Khảo", "ly@example.vn");
      const { judge: other } = await signedInJudge(t, season, "Mai Giám Khảo", "mai@example.vn");
      const [alices, bobs] = [await acceptedEntry(t, t.alice), await acceptedEntry(t, t.bob)];
      const judging = t.services.judging;
      const countOf = (round: number, entryId: string) => scoresCounted(t, round, entryId);
      const exportedLines = async (round: number) =>
        (await judging.exportRound(manager(t), round, "scores", "csv", "vi"))!.body
          .toString("utf8")
          .split("\n")
          .filter((l) => l.trim() !== "").length - 1;

      // The first round: both judges score alice's entry, the judge bob's too; then it is locked.
      const first = await openRound(t, season, [judge, other], [alices.id, bobs.id]);
      for (const [who, entryId] of [
        [judge, alices.id],
        [judge, bobs.id],
        [other, alices.id],
      ] as const) {
        expect(await judging.saveScore(who, first, entryId, uniformSheet(8))).toMatchObject({
          ok: true,
        });
      }
      for (const to of ["closed", "locked"] as const) {
        expect(await judging.moveRound(manager(t), first, { to })).toMatchObject({ ok: true });
      }
      // The second round, open: the judge scores alice's entry again, the other judge too.
      const second = await openRound(t, season, [judge, other], [alices.id], "Vòng chung khảo");
      expect(await judging.saveScore(judge, second, alices.id, uniformSheet(9))).toMatchObject({
        ok: true,
      });
      expect(await judging.saveScore(other, second, alices.id, uniformSheet(5))).toMatchObject({
        ok: true,
      });
      expect(await countOf(first, alices.id)).toBe(2);
      expect(await countOf(second, alices.id)).toBe(2);
      const firstLines = await exportedLines(first);
      const secondLines = await exportedLines(second);

      // The manager excludes the judge from alice's company: one score stops counting (the
      // open round's), and the manager is told so; the locked round's results stay as locked.
      expect(
        await judging.addExclusion(manager(t), {
          judgeId: judge.id,
          registrantId: t.alice,
          note: "Cộng tác với đơn vị",
        }),
      ).toEqual({ ok: true, leftOut: 1 });
      expect(await countOf(second, alices.id)).toBe(1);
      const row = (await judging.results(second))!.categories
        .flatMap((c) => c.rows)
        .find((r) => r.entryId === alices.id)!;
      expect(row.mean).toBe(5);
      expect(await exportedLines(second)).toBe(secondLines - 6);
      expect(await countOf(first, alices.id)).toBe(2);
      expect(await exportedLines(first)).toBe(firstLines);
      // Bob's entry is another company's: the judge's score on it still counts.
      expect(await countOf(first, bobs.id)).toBe(1);
      // The score itself stays where it was, in the scores and in the log.
      const kept = await t.db.kysely
        .selectFrom("scores")
        .select("id")
        .where("judge_id", "=", judge.id)
        .where("entry_id", "=", alices.id)
        .execute();
      expect(kept).toHaveLength(2);
      expect(await judging.verify()).toMatchObject({ intact: true, records: 5, mismatches: [] });
      const audited = await t.db.kysely
        .selectFrom("audit_log")
        .select("summary")
        .where("action", "=", "judge.exclude")
        .execute();
      // The registrant by the name staff know them by, beside their account's id.
      const alice = await t.db.kysely
        .selectFrom("registrants")
        .select(["type", "full_name as fullName", "company_name as companyName"])
        .where("user_id", "=", t.alice)
        .executeTakeFirstOrThrow();
      expect(audited.map((a) => JSON.parse(a.summary))).toEqual([
        { registrant: registrantDisplayName(alice), registrantId: t.alice, scoresLeftOut: 1 },
      ]);
      // A prize rests on a score that counts: the other judge's still does.
      expect(
        await judging.setPrize(manager(t), second, { entryId: alices.id, prize: "gold" }),
      ).toMatchObject({ ok: true });
      expect(
        await judging.setPrize(manager(t), second, { entryId: alices.id, prize: "" }),
      ).toMatchObject({ ok: true });

      // Added again, the exclusion changes nothing more.
      expect(
        await judging.addExclusion(manager(t), {
          judgeId: judge.id,
          registrantId: t.alice,
          note: "",
        }),
      ).toEqual({ ok: true, leftOut: 0 });

      // Removed, it lets the judge's score count again.
      const exclusion = (await judging.judges(season))
        .find((j) => j.id === judge.id)!
        .exclusions.find((x) => x.registrantId === t.alice)!;
      expect(await judging.removeExclusion(manager(t), exclusion.id)).toMatchObject({ ok: true });
      expect(await countOf(second, alices.id)).toBe(2);
      expect(await exportedLines(second)).toBe(secondLines);

      // Once every round has ended, an exclusion leaves every result as it was.
      expect(await judging.moveRound(manager(t), second, { to: "closed" })).toMatchObject({
        ok: true,
      });
      expect(
        await judging.addExclusion(manager(t), {
          judgeId: judge.id,
          registrantId: t.alice,
          note: "",
        }),
      ).toEqual({ ok: true, leftOut: 0 });
      expect(await countOf(second, alices.id)).toBe(2);
      expect(await countOf(first, alices.id)).toBe(2);

      // Reopened, the second round takes that exclusion: the judge's score there stops
      // counting and the manager is told; the locked first round keeps its results.
      expect(await judging.moveRound(manager(t), second, { to: "open" })).toEqual({
        ok: true,
        leftOut: 1,
      });
      expect(await countOf(second, alices.id)).toBe(1);
      expect(await countOf(first, alices.id)).toBe(2);
      const moves = await t.db.kysely
        .selectFrom("audit_log")
        .select("summary")
        .where("action", "=", "round.state")
        .where("target_id", "=", String(second))
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(moves.summary)).toEqual({
        from: "closed",
        to: "open",
        scoresLeftOut: 1,
      });
      // Closed and reopened again, nothing more is left out.
      expect(await judging.moveRound(manager(t), second, { to: "closed" })).toMatchObject({
        ok: true,
      });
      expect(await judging.moveRound(manager(t), second, { to: "open" })).toEqual({
        ok: true,
        leftOut: 0,
      });
      expect(await countOf(second, alices.id)).toBe(1);
    });
  });
});

// A reopened round on a season of its own: earlier rounds' states decide nothing here.
describe.each(testDatabases())("judging: exclusions and reopened rounds ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("does not reach a reopened round past a later round that has ended", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Đỗ Giám Khảo", "do@example.vn");
      const entry = await acceptedEntry(t, t.alice);
      const judging = t.services.judging;
      const countOf = (round: number) => scoresCounted(t, round, entry.id);
      // Two rounds scored and closed, then the judge is excluded from alice's company.
      const rounds: number[] = [];
      for (const name of ["Vòng một", "Vòng hai"]) {
        const round = await openRound(t, season, [judge], [entry.id], name);
        expect(await judging.saveScore(judge, round, entry.id, uniformSheet(7))).toMatchObject({
          ok: true,
        });
        expect(await judging.moveRound(manager(t), round, { to: "closed" })).toMatchObject({
          ok: true,
        });
        rounds.push(round);
      }
      const [one, two] = rounds as [number, number];
      expect(
        await judging.addExclusion(manager(t), {
          judgeId: judge.id,
          registrantId: t.alice,
          note: "",
        }),
      ).toEqual({ ok: true, leftOut: 0 });
      // The first round reopened: the closed second round stands between, its results kept.
      expect(await judging.moveRound(manager(t), one, { to: "open" })).toEqual({
        ok: true,
        leftOut: 0,
      });
      expect([await countOf(one), await countOf(two)]).toEqual([1, 1]);
      // The second round reopened too: the exclusion reaches it.
      expect(await judging.moveRound(manager(t), two, { to: "open" })).toEqual({
        ok: true,
        leftOut: 1,
      });
      expect(await countOf(two)).toBe(0);
    });
  });
});
