import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "../entries/testbed";
import {
  acceptedEntry,
  manager,
  openRound,
  seasonId,
  SHEET,
  signedInJudge,
} from "../judging/testbed";

// The dashboard's judging progress, on SQLite and PostgreSQL, from rounds, assignments,
// an exclusion, a declared conflict and scores saved through the judge portal.
describe.each(testDatabases())("dashboard judging progress on $name", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("counts each round's entries, judges and sheets submitted out of those expected", async () => {
      const season = await seasonId(t);
      expect((await t.services.dashboard.figures(2026))!.judging).toEqual([]);

      const judging = t.services.judging;
      const [an, binh, cuc] = [
        (await signedInJudge(t, season, "Giám khảo An", "an@example.vn")).judge,
        (await signedInJudge(t, season, "Giám khảo Bình", "binh@example.vn")).judge,
        (await signedInJudge(t, season, "Giám khảo Cúc", "cuc@example.vn")).judge,
      ];
      const first = await acceptedEntry(t, t.alice);
      const second = await acceptedEntry(t, t.alice);
      const third = await acceptedEntry(t, t.bob);
      // Cúc is kept away from Bob's entries, so she is given two of the three.
      expect(
        await judging.addExclusion(manager(t), { judgeId: cuc.id, registrantId: t.bob, note: "" }),
      ).toMatchObject({ ok: true });
      const round = await openRound(t, season, [an, binh, cuc], []);

      // Bình declares a conflict on the first entry: one sheet fewer expected of him.
      expect(await judging.declareConflict(binh, round, first.id, { note: "" })).toMatchObject({
        ok: true,
      });
      const score = async (judge: typeof an, entryId: string) =>
        expect(
          await judging.saveScore(judge, round, entryId, { ...SHEET, version: null }),
        ).toMatchObject({ ok: true });
      for (const entry of [first, second, third]) await score(an, entry.id);
      await score(binh, third.id);
      await score(cuc, second.id);

      // A second round, not opened yet, with one entry advanced into it and nobody assigned.
      const final = await judging.createRound(manager(t), season, {
        nameVi: "Vòng chung khảo",
        nameEn: "Final round",
        startsOn: "",
        endsOn: "",
        method: "mean",
      });
      if (!final.ok) throw new Error(JSON.stringify(final));
      await t.db.kysely
        .insertInto("round_entries")
        .values({ round_id: final.id, entry_id: first.id, advanced_at: t.now.toISOString() })
        .execute();

      const figures = (await t.services.dashboard.figures(2026))!;
      expect(figures.judging).toEqual([
        {
          id: round,
          position: 1,
          nameVi: "Vòng sơ khảo",
          nameEn: "Preliminary round",
          state: "open",
          entries: 3,
          judges: 3,
          // An 3 + Bình 3 less 1 conflict + Cúc 2 = 7 expected; An 3 + Bình 1 + Cúc 1 = 5 saved.
          expected: 7,
          submitted: 5,
          percent: 71,
        },
        {
          id: final.id,
          position: 2,
          nameVi: "Vòng chung khảo",
          nameEn: "Final round",
          state: "draft",
          entries: 1,
          judges: 0,
          expected: 0,
          submitted: 0,
          percent: null,
        },
      ]);

      // Another season's rounds are not this one's.
      expect((await t.services.dashboard.figures(2025))!.judging).toEqual([]);
    });
  });
});
