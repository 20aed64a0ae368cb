import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "../entries/testbed";
import {
  acceptedEntry,
  manager,
  openRound,
  seasonId,
  signedInJudge,
  uniformSheet,
} from "./testbed";

// What the jury manager is refused, on SQLite and PostgreSQL, and what the pages learn so they
// never offer it: reopening a round once the season's winners are public, a prize for an entry
// the round never scored, the same assignment twice.
describe.each(testDatabases())("judging: manager's refusals ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("gives prizes only to scored entries and reopens no round once the winners are published", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Giám khảo Bốn", "bon@example.vn");
      const scored = await acceptedEntry(t);
      const unscored = await acceptedEntry(t, t.bob);
      const round = await openRound(t, season, [judge], [scored.id, unscored.id]);
      const judging = t.services.judging;
      expect(await judging.saveScore(judge, round, scored.id, uniformSheet(8))).toMatchObject({
        ok: true,
      });
      expect(await judging.moveRound(manager(t), round, { to: "closed" })).toMatchObject({
        ok: true,
      });

      // No score in the round: no prize, the refusal at the prize of that row.
      expect(
        await judging.setPrize(manager(t), round, { entryId: unscored.id, prize: "grand_prix" }),
      ).toEqual({
        ok: false,
        status: 409,
        formError: "judging.errors.prizeUnscored",
        fieldErrors: { prize: "judging.errors.prizeUnscored" },
      });
      // Taking a prize away is always possible.
      expect(
        await judging.setPrize(manager(t), round, { entryId: unscored.id, prize: "" }),
      ).toEqual({ ok: true });
      expect(
        await judging.setPrize(manager(t), round, { entryId: scored.id, prize: "gold" }),
      ).toEqual({ ok: true });
      expect((await judging.prizes(season)).map((p) => p.entryId)).toEqual([scored.id]);

      // Before publishing, a closed round opens again (a judge forgot one) and closes.
      expect((await judging.overview(round))!.winnersPublished).toBe(false);
      expect(await judging.moveRound(manager(t), round, { to: "open" })).toEqual({
        ok: true,
        leftOut: 0,
      });
      expect(await judging.moveRound(manager(t), round, { to: "closed" })).toEqual({
        ok: true,
        leftOut: 0,
      });

      expect(await judging.publish(manager(t), season)).toMatchObject({ ok: true, published: 1 });
      expect((await judging.overview(round))!.winnersPublished).toBe(true);
      expect(await judging.moveRound(manager(t), round, { to: "open" })).toEqual({
        ok: false,
        status: 409,
        formError: "judging.errors.reopenPublished",
      });
      expect((await judging.overview(round))!.round.state).toBe("closed");
      // Locking stays possible: it only makes the published results final.
      expect(await judging.moveRound(manager(t), round, { to: "locked" })).toEqual({
        ok: true,
        leftOut: 0,
      });
    });

    it("says a judge is already assigned to a category instead of assigning twice", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Giám khảo Năm", "nam@example.vn");
      const round = await openRound(t, season, [judge], [], "Vòng phân công");
      const judging = t.services.judging;
      expect(
        await judging.assign(manager(t), round, { judgeId: judge.id, categoryId: t.cat("TVC").id }),
      ).toEqual({
        ok: false,
        status: 409,
        formError: "judging.errors.alreadyAssignedCategory",
        fieldErrors: { categoryId: "judging.errors.alreadyAssignedCategory" },
      });
      expect((await judging.overview(round))!.assignments).toHaveLength(1);
    });

    it("tells the results page whether advancing can happen", async () => {
      const season = await seasonId(t);
      const round = await openRound(t, season, [], [], "Vòng kế tiếp");
      const judging = t.services.judging;
      expect((await judging.results(round))!.next).toBeNull();
      const next = await judging.createRound(manager(t), season, {
        nameVi: "Vòng sau",
        nameEn: "Next",
      });
      if (!next.ok) throw new Error("createRound refused");
      expect((await judging.results(round))!.next).toEqual({ id: next.id, state: "draft" });
    });
  });
});
