import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "../entries/testbed";
import { acceptedEntry, manager, openRound, seasonId, SHEET, signedInJudge } from "./testbed";

// Scoring as judges do it, on SQLite and PostgreSQL: score, update, delete with the version the
// screen showed; a second tab is told instead of overwritten; closed rounds, conflicts,
// exclusions and other judges' entries refused; every change in the hash-chained log, whose
// check finds a record edited, removed or a score changed behind its back.
describe.each(testDatabases())("judging: scores ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("scores, updates and deletes with versions; a stale tab gets the current score back", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Nguyễn Giám Khảo", "gk1@example.vn");
      const entry = await acceptedEntry(t);
      const round = await openRound(t, season, [judge], [entry.id]);
      const judging = t.services.judging;

      const first = await judging.saveScore(judge, round, entry.id, { ...SHEET, version: null });
      expect(first).toMatchObject({ ok: true, action: "score", score: { version: 1, total: 7.5 } });
      // A second tab still showing "no score" does not overwrite: it gets the score back.
      const stale = await judging.saveScore(judge, round, entry.id, { ...SHEET, version: null });
      expect(stale).toMatchObject({
        ok: false,
        status: 409,
        code: "conflict",
        current: { version: 1 },
      });

      const update = await judging.saveScore(judge, round, entry.id, {
        scores: { ...SHEET.scores, creativeIdea: 10 },
        comment: "Sửa lại",
        version: 1,
      });
      expect(update).toMatchObject({ ok: true, action: "update", score: { version: 2 } });
      expect(
        await judging.saveScore(judge, round, entry.id, { ...SHEET, version: 1 }),
      ).toMatchObject({
        status: 409,
        current: { version: 2, comment: "Sửa lại" },
      });
      expect(await judging.deleteScore(judge, round, entry.id, { version: 1 })).toMatchObject({
        status: 409,
      });
      expect(await judging.deleteScore(judge, round, entry.id, { version: 2 })).toMatchObject({
        ok: true,
      });
      expect(await judging.deleteScore(judge, round, entry.id, { version: 2 })).toMatchObject({
        status: 409,
        current: null,
      });

      const log = await t.db.kysely
        .selectFrom("score_log")
        .select(["seq", "action", "version"])
        .orderBy("seq")
        .execute();
      expect(log.map((r) => [r.action, Number(r.version)])).toEqual([
        ["score", 1],
        ["update", 2],
        ["delete", 2],
      ]);
      const report = await judging.verify();
      expect(report).toMatchObject({ intact: true, records: 3, breaks: [], mismatches: [] });
    });

    it("refuses bad sheets with the field, closed rounds, conflicts, exclusions and others' entries", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Trần Giám Khảo", "gk2@example.vn");
      const { judge: other } = await signedInJudge(t, season, "Lê Giám Khảo", "gk3@example.vn");
      const mine = await acceptedEntry(t, t.alice);
      const bobs = await acceptedEntry(t, t.bob);
      const round = await openRound(t, season, [judge], [mine.id, bobs.id]);
      const judging = t.services.judging;

      expect(
        await judging.saveScore(judge, round, mine.id, {
          scores: { ...SHEET.scores, craft: 11 },
          version: null,
        }),
      ).toMatchObject({
        status: 400,
        fieldErrors: { "scores.craft": "judging.validation.scoreRange" },
      });
      expect(
        await judging.saveScore(judge, round, mine.id, {
          scores: { ...SHEET.scores, craft: 7.5 },
          version: null,
        }),
      ).toMatchObject({
        status: 400,
        fieldErrors: { "scores.craft": "judging.validation.scoreWhole" },
      });
      // Not assigned: the entry does not exist for this judge.
      expect(
        await judging.saveScore(other, round, mine.id, { ...SHEET, version: null }),
      ).toMatchObject({ status: 404 });
      expect(await judging.entry(other, round, mine.id)).toBeNull();

      // An exclusion (judge ↔ bob) hides bob's entries from the judge.
      const listed = (await judging.entries(judge, round, null))!;
      expect(listed.entries.map((e) => e.id)).toContain(bobs.id);
      // "Chiến dịch" is a category of several groups: the judge sees which one.
      expect(listed.categories.map((c) => c.name)).toContainEqual({
        vi: "Truyền hình – Chiến dịch",
        en: "Television – Campaigns",
      });
      expect(
        await judging.addExclusion(manager(t), {
          judgeId: judge.id,
          registrantId: t.bob,
          note: "",
        }),
      ).toMatchObject({ ok: true });
      const visible = (await judging.entries(judge, round, null))!.entries.map((e) => e.id);
      expect(visible).not.toContain(bobs.id);
      expect(
        await judging.saveScore(judge, round, bobs.id, { ...SHEET, version: null }),
      ).toMatchObject({ status: 404 });

      // A declared conflict: listed for the manager, and the entry cannot be scored.
      expect(
        await judging.declareConflict(judge, round, mine.id, {
          note: "Tôi từng làm cho nhãn hàng này",
        }),
      ).toMatchObject({ ok: true });
      expect(
        await judging.saveScore(judge, round, mine.id, { ...SHEET, version: null }),
      ).toMatchObject({
        status: 409,
        formError: "judging.errors.conflictDeclared",
      });
      const overview = await judging.overview(round);
      expect(overview!.conflicts).toMatchObject([
        { judge: "Trần Giám Khảo", note: "Tôi từng làm cho nhãn hàng này" },
      ]);
      expect(overview!.judges[0]!.progress).toMatchObject({ conflicts: 1, scored: 0 });

      // Closed: nothing is written.
      expect(await judging.moveRound(manager(t), round, { to: "closed" })).toMatchObject({
        ok: true,
      });
      expect(
        await judging.saveScore(other, round, mine.id, { ...SHEET, version: null }),
      ).toMatchObject({ status: 409 });
      expect(await judging.moveRound(manager(t), round, { to: "draft" })).toMatchObject({
        status: 409,
      });
    });

    it("takes a conflict only while the round is open: a closed or locked round's results stay", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Đỗ Giám Khảo", "gk5@example.vn");
      const entry = await acceptedEntry(t);
      const round = await openRound(t, season, [judge], [entry.id]);
      const judging = t.services.judging;
      expect(
        await judging.saveScore(judge, round, entry.id, { ...SHEET, version: null }),
      ).toMatchObject({ ok: true });
      const counted = async () =>
        (await judging.results(round))!.categories
          .flatMap((c) => c.rows)
          .find((r) => r.entryId === entry.id)!.count;
      expect(await counted()).toBe(1);
      for (const to of ["closed", "locked"] as const) {
        expect(await judging.moveRound(manager(t), round, { to })).toMatchObject({ ok: true });
        // A conflict leaves the judge's score out of the results: not after the round ended.
        expect(
          await judging.declareConflict(judge, round, entry.id, { note: "Muộn" }),
        ).toMatchObject({ status: 409, formError: "judging.errors.roundNotOpen" });
        expect(await counted()).toBe(1);
        const conflicts = (await judging.overview(round))!.conflicts;
        expect(conflicts.filter((c) => c.entryId === entry.id)).toEqual([]);
      }
      // Declared in the next round, the conflict keeps the judge from scoring the entry there
      // on, and leaves the locked round as it was locked.
      const next = await openRound(t, season, [judge], [entry.id], "Vòng chung khảo");
      expect(
        await judging.declareConflict(judge, next, entry.id, { note: "Người quen" }),
      ).toMatchObject({ ok: true });
      expect(await counted()).toBe(1);
      expect(
        await judging.saveScore(judge, next, entry.id, { ...SHEET, version: null }),
      ).toMatchObject({ ok: false });
    });

    it("reports where the log was tampered with: an edited record, a removed one, a score changed", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Phạm Giám Khảo", "gk4@example.vn");
      const a = await acceptedEntry(t);
      const b = await acceptedEntry(t);
      const round = await openRound(t, season, [judge], [a.id, b.id]);
      const judging = t.services.judging;
      for (const entry of [a, b]) {
        expect(
          await judging.saveScore(judge, round, entry.id, { ...SHEET, version: null }),
        ).toMatchObject({ ok: true });
      }
      const before = await judging.verify();
      expect(before.intact).toBe(true);
      const [first, second] = await t.db.kysely
        .selectFrom("score_log")
        .select("seq")
        .where("round_id", "=", round)
        .orderBy("seq")
        .execute();

      // Someone with database access rewrites history: the record's own hash no longer fits.
      await sql`update score_log set comment = 'đã sửa' where seq = ${first!.seq}`.execute(
        t.db.kysely,
      );
      const edited = await judging.verify();
      expect(edited.intact).toBe(false);
      expect(edited.breaks).toContainEqual({ seq: Number(first!.seq), problem: "hash" });

      // A record removed: the next one no longer links to what precedes it.
      await sql`delete from score_log where seq = ${first!.seq}`.execute(t.db.kysely);
      const removed = await judging.verify();
      expect(removed.breaks).toContainEqual({ seq: Number(second!.seq), problem: "gap" });

      // A score changed in the table without a log record.
      await sql`update scores set scores = ${JSON.stringify({ ...SHEET.scores, craft: 1 })} where entry_id = ${b.id}`.execute(
        t.db.kysely,
      );
      const changed = await judging.verify();
      expect(changed.mismatches).toContainEqual({
        roundId: round,
        entryId: b.id,
        judgeId: judge.id,
      });
    });
  });
});
