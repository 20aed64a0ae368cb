import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "../entries/testbed";
import { acceptedEntry, manager, openRound, seasonId, signedInJudge } from "./testbed";

// Assignments change while a round runs (a judge leaves, another joins) and stay as they were
// once it is locked, on SQLite and PostgreSQL.
describe.each(testDatabases())("judging: assignments ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("takes a judge off an open round, and neither assigns nor unassigns once it is locked", async () => {
      const season = await seasonId(t);
      const first = (await signedInJudge(t, season, "Giám khảo Một", "mot@example.vn")).judge;
      const second = (await signedInJudge(t, season, "Giám khảo Hai", "hai@example.vn")).judge;
      await acceptedEntry(t);
      const round = await openRound(t, season, [first, second], []);
      const judging = t.services.judging;
      const assignments = async () => (await judging.overview(round))!.assignments;

      const [firstAssignment] = (await assignments()).filter((a) => a.judge === "Giám khảo Một");
      expect(await judging.unassign(manager(t), round, firstAssignment!.id)).toEqual({ ok: true });
      expect((await assignments()).map((a) => a.judge)).toEqual(["Giám khảo Hai"]);

      await judging.moveRound(manager(t), round, { to: "closed" });
      expect(await judging.moveRound(manager(t), round, { to: "locked" })).toMatchObject({
        ok: true,
      });
      const [kept] = await assignments();
      expect(await judging.unassign(manager(t), round, kept!.id)).toEqual({
        ok: false,
        status: 409,
        formError: "judging.errors.roundLocked",
      });
      expect(
        await judging.assign(manager(t), round, {
          judgeId: first.id,
          categoryId: t.cat("TVC").id,
        }),
      ).toMatchObject({ ok: false, status: 409, formError: "judging.errors.roundLocked" });
      expect((await assignments()).map((a) => a.judge)).toEqual(["Giám khảo Hai"]);
      expect(await judging.unassign(manager(t), 999_999, kept!.id)).toMatchObject({
        status: 404,
      });
    });
  });
});
