import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "../entries/testbed";
import { acceptedEntry, manager, openRound, seasonId, SHEET, signedInJudge } from "./testbed";

// A round's days, on SQLite and PostgreSQL with the services' clock: an open round takes a
// judge's scores, deletions and conflicts from its first day through its last in Vietnam, both
// included, and refuses them before and after, naming the day; the portal and the manager see
// which it is.
describe.each(testDatabases())("judging: a round's days ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("takes writes from the first day through the last, Vietnam time, and refuses them outside", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Đỗ Giám Khảo", "ngay@example.vn");
      const scored = await acceptedEntry(t, t.alice);
      const early = await acceptedEntry(t, t.bob);
      const late = await acceptedEntry(t, t.alice);
      const round = await openRound(t, season, [judge], []);
      const judging = t.services.judging;
      const days = { nameVi: "Vòng sơ khảo", nameEn: "Preliminary round", method: "mean" };
      expect(
        await judging.updateRound(manager(t), round, {
          ...days,
          startsOn: "05/10/2026",
          endsOn: "20/10/2026",
        }),
      ).toMatchObject({ ok: true });
      const storedScore = async () =>
        t.db.kysely
          .selectFrom("scores")
          .select(["entry_id", "version"])
          .where("round_id", "=", round)
          .execute();

      // 23:59:59 on 04/10 in Vietnam (UTC+7): the day before the first.
      t.now = new Date("2026-10-04T16:59:59.000Z");
      const notYet = {
        ok: false,
        status: 409,
        code: "notAllowed",
        formError: "judging.errors.roundNotYet",
        formErrorValues: { date: "05/10/2026" },
      };
      expect(await judging.saveScore(judge, round, scored.id, { ...SHEET, version: null })).toEqual(
        notYet,
      );
      expect(await judging.deleteScore(judge, round, scored.id, { version: 1 })).toEqual(notYet);
      expect(await judging.declareConflict(judge, round, early.id, { note: "" })).toEqual(notYet);
      expect(await storedScore()).toEqual([]);
      // The judge sees the round, its days and entries, and that it does not take scores yet.
      expect((await judging.rounds(judge)).find((r) => r.id === round)).toMatchObject({
        startsOn: "2026-10-05",
        endsOn: "2026-10-20",
        scoring: "notYet",
      });
      expect((await judging.entries(judge, round, null))?.round.scoring).toBe("notYet");
      expect((await judging.entry(judge, round, scored.id))?.round.scoring).toBe("notYet");
      expect((await judging.overview(round))?.scoring).toBe("notYet");

      // Midnight in Vietnam: the first day takes all of it.
      t.now = new Date("2026-10-04T17:00:00.000Z");
      expect(
        await judging.saveScore(judge, round, scored.id, { ...SHEET, version: null }),
      ).toMatchObject({ ok: true, action: "score", score: { version: 1 } });
      expect(await judging.deleteScore(judge, round, scored.id, { version: 1 })).toEqual({
        ok: true,
      });
      expect(
        await judging.saveScore(judge, round, scored.id, { ...SHEET, version: null }),
      ).toMatchObject({ ok: true, action: "score", score: { version: 1 } });
      expect(await judging.declareConflict(judge, round, early.id, { note: "" })).toEqual({
        ok: true,
      });
      expect((await judging.entries(judge, round, null))?.round.scoring).toBe("open");
      expect((await judging.overview(round))?.scoring).toBe("open");

      // The last second of the last day.
      t.now = new Date("2026-10-20T16:59:59.000Z");
      expect(
        await judging.saveScore(judge, round, scored.id, { ...SHEET, comment: "Sửa", version: 1 }),
      ).toMatchObject({ ok: true, action: "update", score: { version: 2 } });
      expect(await judging.deleteScore(judge, round, scored.id, { version: 2 })).toEqual({
        ok: true,
      });
      expect(
        await judging.saveScore(judge, round, scored.id, { ...SHEET, version: null }),
      ).toMatchObject({ ok: true, action: "score", score: { version: 1 } });
      expect(await judging.declareConflict(judge, round, late.id, { note: "Người quen" })).toEqual({
        ok: true,
      });
      expect((await judging.rounds(judge)).find((r) => r.id === round)?.scoring).toBe("open");

      // The next day: the round, still open, has ended; the score stays as it was.
      t.now = new Date("2026-10-20T17:00:00.000Z");
      const ended = {
        ok: false,
        status: 409,
        code: "notAllowed",
        formError: "judging.errors.roundEnded",
        formErrorValues: { date: "20/10/2026" },
      };
      expect(await judging.saveScore(judge, round, scored.id, { ...SHEET, version: 1 })).toEqual(
        ended,
      );
      expect(await judging.deleteScore(judge, round, scored.id, { version: 1 })).toEqual(ended);
      expect(await judging.declareConflict(judge, round, scored.id, { note: "" })).toEqual(ended);
      expect((await storedScore()).map((s) => [s.entry_id, Number(s.version)])).toEqual([
        [scored.id, 1],
      ]);
      const conflicts = await t.db.kysely
        .selectFrom("judge_conflicts")
        .select("entry_id")
        .where("judge_id", "=", judge.id)
        .orderBy("entry_id")
        .execute();
      expect(conflicts.map((c) => c.entry_id).sort()).toEqual([early.id, late.id].sort());
      expect((await judging.entry(judge, round, scored.id))?.round.scoring).toBe("ended");
      expect((await judging.overview(round))?.scoring).toBe("ended");

      // Without days a round has no limit: cleared, it takes scores again, long after.
      expect(
        await judging.updateRound(manager(t), round, { ...days, startsOn: "", endsOn: "" }),
      ).toMatchObject({ ok: true });
      t.now = new Date("2027-06-01T03:00:00.000Z");
      expect(
        await judging.saveScore(judge, round, scored.id, { ...SHEET, version: 1 }),
      ).toMatchObject({ ok: true, action: "update", score: { version: 2 } });
      // Closed, the state says no whatever the day, with no day to name.
      expect(await judging.moveRound(manager(t), round, { to: "closed" })).toMatchObject({
        ok: true,
      });
      expect(await judging.saveScore(judge, round, scored.id, { ...SHEET, version: 2 })).toEqual({
        ok: false,
        status: 409,
        code: "notAllowed",
        formError: "judging.errors.roundNotOpen",
      });
      expect(await judging.verify()).toMatchObject({ intact: true, breaks: [], mismatches: [] });
    });
  });
});
