import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "../entries/testbed";
import { acceptedEntry, manager, openRound, seasonId, signedInJudge } from "./testbed";

// What the judge portal says of a round that has closed, on SQLite and PostgreSQL: its name to
// the judges assigned to it, nothing to anyone else or of a round still to come.
describe.each(testDatabases())("judging: a closed round in the portal ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("names a closed or locked round to its judges only; an open one still lists its entries", async () => {
      const season = await seasonId(t);
      const mine = (await signedInJudge(t, season, "Giám khảo Đóng", "dong@example.vn")).judge;
      const other = (await signedInJudge(t, season, "Giám khảo Khác", "khac@example.vn")).judge;
      await acceptedEntry(t);
      const round = await openRound(t, season, [mine], [], "Vòng chung khảo");
      const judging = t.services.judging;

      expect(await judging.entries(mine, round, null)).not.toBeNull();
      expect(await judging.closedRound(mine, round)).toBeNull();

      expect(await judging.moveRound(manager(t), round, { to: "closed" })).toMatchObject({
        ok: true,
      });
      expect(await judging.entries(mine, round, null)).toBeNull();
      const named = { id: round, name: { vi: "Vòng chung khảo", en: "Preliminary round" } };
      expect(await judging.closedRound(mine, round)).toEqual(named);
      // Not assigned to it, or no such round: nothing.
      expect(await judging.closedRound(other, round)).toBeNull();
      expect(await judging.closedRound(mine, 999_999)).toBeNull();

      expect(await judging.moveRound(manager(t), round, { to: "locked" })).toMatchObject({
        ok: true,
      });
      expect(await judging.closedRound(mine, round)).toEqual(named);

      // A round not opened yet is not "closed", even to a judge assigned to it.
      const draft = await judging.createRound(manager(t), season, {
        nameVi: "Vòng sắp tới",
        nameEn: "Next round",
      });
      if (!draft.ok) throw new Error("createRound refused");
      await judging.assign(manager(t), draft.id, { judgeId: mine.id, categoryId: t.cat("TVC").id });
      expect(await judging.closedRound(mine, draft.id)).toBeNull();
    });
  });
});
