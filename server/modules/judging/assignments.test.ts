import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { vietnameseSortKey } from "../../../core/search-text";
import { entriesTestbed, individual } from "../entries/testbed";
import { submittedEntry } from "../entries/lifecycle-testbed";
import { acceptedEntry, manager, openRound, seasonId, SHEET, signedInJudge } from "./testbed";

// Assignments change while a round runs (a judge leaves, another joins) and stay as they were
// once it is locked, on SQLite and PostgreSQL.
describe.each(testDatabases())("judging: assignments ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("offers the season's registrants for exclusions in Vietnamese alphabetical order", async () => {
      const season = await seasonId(t);
      for (const [name, email] of [
        ["Võ Thị Vân", "vo@example.vn"],
        ["Đỗ Văn Đức", "do@example.vn"],
        ["Dương Minh An", "duong@example.vn"],
      ] as const) {
        const id = await t.services.identity.createEntrant({
          email,
          password: "mat-khau-rat-dai-2026",
          profile: individual(name),
        });
        await t.draft(id);
      }
      const names = (await t.services.judging.options(season)).registrants.map((r) => r.name);
      const sorted = [...names].sort((a, b) =>
        vietnameseSortKey(a) < vietnameseSortKey(b) ? -1 : 1,
      );
      expect(names).toEqual(sorted);
      expect(names.indexOf("Dương Minh An")).toBeLessThan(names.indexOf("Đỗ Văn Đức"));
      expect(names.indexOf("Đỗ Văn Đức")).toBeLessThan(names.indexOf("Võ Thị Vân"));
    });

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

  describe.skipIf(!target.available)("by entry code", () => {
    const t = entriesTestbed(target);

    it("assigns one entry by its code only when the round judges it, and one target at a time", async () => {
      const season = await seasonId(t);
      const judge = (await signedInJudge(t, season, "Giám khảo Ba", "ba@example.vn")).judge;
      const round = await openRound(t, season, [], [], "Vòng riêng");
      const judging = t.services.judging;
      const accepted = await acceptedEntry(t);
      const submitted = await submittedEntry(t, t.alice);
      const code = async (id: string) =>
        (await t.db.kysely
          .selectFrom("entries")
          .select("code")
          .where("id", "=", id)
          .executeTakeFirstOrThrow())!.code!;

      // Submitted but not yet accepted: round 1 does not judge it, so the judge would never see it.
      expect(
        await judging.assign(manager(t), round, {
          judgeId: judge.id,
          entryCode: await code(submitted.id),
        }),
      ).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { entryCode: "judging.errors.entryNotInRound" },
      });
      // A category and a code together: refused, with the code field marked.
      expect(
        await judging.assign(manager(t), round, {
          judgeId: judge.id,
          categoryId: t.cat("TVC").id,
          entryCode: await code(accepted.id),
        }),
      ).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { entryCode: "judging.validation.assignmentBoth" },
      });
      expect(
        await judging.assign(manager(t), round, {
          judgeId: judge.id,
          entryCode: (await code(accepted.id)).toLowerCase(),
        }),
      ).toEqual({ ok: true });
      expect((await judging.overview(round))!.assignments).toMatchObject([
        { judge: "Giám khảo Ba", category: null, entryCode: await code(accepted.id) },
      ]);
    });

    it("counts each judge's progress on the round's page as the judge's own portal does", async () => {
      const season = await seasonId(t);
      const judging = t.services.judging;
      const byCategory = (await signedInJudge(t, season, "Giám khảo Bốn", "bon@example.vn")).judge;
      const byEntry = (await signedInJudge(t, season, "Giám khảo Năm", "nam@example.vn")).judge;
      const first = await acceptedEntry(t);
      const second = await acceptedEntry(t, t.bob);
      const round = await openRound(t, season, [byCategory], [first.id, second.id], "Vòng tiến độ");
      const code = async (id: string) =>
        (await t.db.kysely
          .selectFrom("entries")
          .select("code")
          .where("id", "=", id)
          .executeTakeFirstOrThrow())!.code!;
      // The first entry twice for one judge (by its category and by itself): counted once.
      for (const [judge, id] of [
        [byCategory, first.id],
        [byEntry, second.id],
      ] as const) {
        expect(
          await judging.assign(manager(t), round, { judgeId: judge.id, entryCode: await code(id) }),
        ).toEqual({ ok: true });
      }
      expect(
        await judging.saveScore(byEntry, round, second.id, { ...SHEET, version: null }),
      ).toMatchObject({ ok: true });
      expect(
        await judging.declareConflict(byCategory, round, first.id, { note: "" }),
      ).toMatchObject({ ok: true });

      const onPage = new Map(
        (await judging.overview(round))!.judges.map((j) => [j.id, j.progress]),
      );
      for (const judge of [byCategory, byEntry]) {
        const own = (await judging.rounds(judge)).find((r) => r.id === round);
        expect(onPage.get(judge.id)).toEqual(own!.progress);
      }
      expect(onPage.get(byEntry.id)).toEqual({
        assigned: 1,
        scored: 1,
        conflicts: 0,
        remaining: 0,
      });
      expect(onPage.get(byCategory.id)).toMatchObject({ conflicts: 1, scored: 0 });
    });
  });
});
