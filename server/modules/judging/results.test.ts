import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { DEFAULT_CRITERIA } from "../../../core/judging-criteria";
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

// From scores to winners, on SQLite and PostgreSQL: five judges score three entries; the
// round's figures by each method against hand-computed values; advancing the best into the
// next round; prizes; publishing them on the public winners list; the round's exports.
describe.each(testDatabases())("judging: results ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("ranks, advances, gives prizes, publishes and exports", async () => {
      const season = await seasonId(t);
      const judges = [];
      for (let i = 1; i <= 5; i++) {
        judges.push((await signedInJudge(t, season, `Giám khảo ${i}`, `r${i}@example.vn`)).judge);
      }
      const entries = [await acceptedEntry(t), await acceptedEntry(t), await acceptedEntry(t)];
      const round = await openRound(
        t,
        season,
        judges,
        entries.map((e) => e.id),
      );
      const judging = t.services.judging;
      // Every criterion the same, so each judge's total is that number.
      const given = [
        [9, 5, 7],
        [8, 6, 7],
        [10, 4, 6],
        [7, 7, 6],
        [2, 8, 5],
      ];
      for (const [j, row] of given.entries()) {
        for (const [e, value] of row.entries()) {
          const saved = await judging.saveScore(
            judges[j]!,
            round,
            entries[e]!.id,
            uniformSheet(value),
          );
          expect(saved.ok, JSON.stringify(saved)).toBe(true);
        }
      }
      expect(await judging.moveRound(manager(t), round, { to: "closed" })).toMatchObject({
        ok: true,
      });

      const byMean = (await judging.results(round, "mean"))!;
      const rows = byMean.categories.flatMap((c) => c.rows);
      const row = (i: number) => rows.find((r) => r.entryId === entries[i]!.id)!;
      // Entry 0: 9 8 10 7 2 → mean 7.2; trimmed (drop 10 and 2) 8; spread 8.
      expect(row(0)).toMatchObject({ count: 5, mean: 7.2, trimmedMean: 8, spread: 8 });
      // Entry 1: 5 6 4 7 8 → mean 6, trimmed 6; entry 2: 7 7 6 6 5 → mean 6.2, trimmed 6.333…
      expect(row(1)).toMatchObject({ mean: 6, trimmedMean: 6 });
      expect(row(2).trimmedMean).toBeCloseTo(19 / 3, 9);
      expect(rows.map((r) => r.entryId)).toEqual([entries[0]!.id, entries[2]!.id, entries[1]!.id]);
      const byTrimmed = (await judging.results(round, "trimmedMean"))!.categories.flatMap(
        (c) => c.rows,
      );
      expect(byTrimmed.map((r) => r.rank)).toEqual([1, 2, 3]);
      expect(byTrimmed[0]!.entryId).toBe(entries[0]!.id);
      const byNormalised = (await judging.results(round, "normalised"))!.categories.flatMap(
        (c) => c.rows,
      );
      expect(byNormalised.map((r) => r.count)).toEqual([5, 5, 5]);

      // Advancing needs a next round; then the best two of the category go through.
      expect(await judging.advance(manager(t), round, { rule: "top", count: 2 })).toMatchObject({
        status: 409,
        formError: "judging.errors.noNextRound",
      });
      const final = await judging.createRound(manager(t), season, {
        nameVi: "Chung khảo",
        nameEn: "Final",
        method: "trimmedMean",
      });
      if (!final.ok) throw new Error("final refused");
      expect(await judging.advance(manager(t), round, { rule: "top", count: 2 })).toMatchObject({
        ok: true,
        advanced: 2,
      });
      const advanced = await t.db.kysely
        .selectFrom("round_entries")
        .select("entry_id")
        .where("round_id", "=", final.id)
        .execute();
      expect(advanced.map((a) => a.entry_id).sort()).toEqual(
        [entries[0]!.id, entries[2]!.id].sort(),
      );
      expect(
        await judging.advance(manager(t), round, { rule: "threshold", threshold: 6 }),
      ).toMatchObject({ advanced: 3 });
      // Once the next round is closed (judged), nothing more goes into it until it opens again.
      await t.db.kysely
        .updateTable("judging_rounds")
        .set({ state: "closed" })
        .where("id", "=", final.id)
        .execute();
      expect(
        await judging.advance(manager(t), round, { rule: "threshold", threshold: 0 }),
      ).toMatchObject({ status: 409, formError: "judging.errors.nextRoundClosed" });

      // Prizes, then publishing: the public winners list of 2026 shows the entry.
      expect(
        await judging.setPrize(manager(t), round, { entryId: entries[0]!.id, prize: "gold" }),
      ).toMatchObject({ ok: true });
      expect(
        await judging.setPrize(manager(t), round, { entryId: entries[2]!.id, prize: "platinum" }),
      ).toMatchObject({ status: 400 });
      expect(await judging.publish(manager(t), season)).toMatchObject({ ok: true, published: 1 });
      const winners = await t.services.content.winners({ year: 2026 }, "vi");
      expect(winners.items).toMatchObject([
        {
          entryId: entries[0]!.id,
          prize: "gold",
          title: "Tết sum vầy",
          brand: "Trà Xanh Không Độ",
        },
      ]);
      // Named as the entry form names it, with its group: several groups have a category of
      // the same name ("Chiến dịch").
      const named = await t.db.kysely
        .selectFrom("categories as c")
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .select(["c.name_vi", "g.name_vi as group_vi"])
        .where("c.id", "=", Number(t.cat("TVC").id))
        .executeTakeFirstOrThrow();
      expect(winners.items[0]).toMatchObject({ category: named.name_vi, group: named.group_vi });
      // Publishing again replaces what judging published, never duplicates.
      expect(await judging.publish(manager(t), season)).toMatchObject({ published: 1 });
      expect((await t.services.content.winners({ year: 2026 }, "vi")).items).toHaveLength(1);
      // The prize-winning entry is in the public library with its prize.
      expect(await t.services.library.entry(entries[0]!.id, "vi")).toMatchObject({
        prize: "gold",
        title: "Tết sum vầy",
      });

      // Exports: one line per entry × judge × criterion, and the ranking, in the reader's language.
      // A judge who declared a conflict on an entry has no line for it, as in the results.
      await t.db.kysely
        .insertInto("judge_conflicts")
        .values({
          entry_id: entries[1]!.id,
          judge_id: judges[0]!.id,
          round_id: round,
          note: "",
          declared_at: t.now.toISOString(),
        })
        .execute();
      const tvc = await t.db.kysely
        .selectFrom("categories")
        .select(["name_vi", "name_en"])
        .where("id", "=", Number(t.cat("TVC").id))
        .executeTakeFirstOrThrow();
      const detail = await judging.exportRound(manager(t), round, "scores", "csv", "vi");
      const csv = detail!.body.toString("utf8");
      expect(detail!.fileName).toMatch(/^cham-giai-2026-vong-1-diem-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(csv.split("\n").filter((l) => l.trim() !== "").length).toBe(1 + (5 * 3 - 1) * 6);
      expect(csv).toContain("Ý tưởng sáng tạo");
      // Categories are named with their code: several groups have a category of the same name.
      expect(csv).toContain(`TVC · ${tvc.name_vi}`);
      const ranking = await judging.exportRound(manager(t), round, "ranking", "xlsx", "en");
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(ranking!.body as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe("Category");
      expect(sheet.getRow(2).getCell(2).value).toBe(1);
      expect(sheet.getRow(2).getCell(12).value).toBe("Gold");
      expect(sheet.getRow(2).getCell(1).value).toBe(`TVC · ${tvc.name_en}`);
      // Both downloads are in the audit log, against the round.
      const exported = await t.db.kysely
        .selectFrom("audit_log")
        .select(["target_id", "summary"])
        .where("action", "=", "round.export")
        .orderBy("id")
        .execute();
      expect(exported.map((row) => [row.target_id, JSON.parse(row.summary)])).toEqual([
        [String(round), { format: "csv", rows: (5 * 3 - 1) * 6, kind: "scores" }],
        [String(round), { format: "xlsx", rows: sheet.rowCount - 1, kind: "ranking" }],
      ]);
    });

    it("ranks by the judges' exact totals: a real tie is flagged, not split by rounding", async () => {
      const season = await seasonId(t);
      const one = (await signedInJudge(t, season, "Giám khảo X", "x1@example.vn")).judge;
      const two = (await signedInJudge(t, season, "Giám khảo Y", "x2@example.vn")).judge;
      const [a, b] = [await acceptedEntry(t), await acceptedEntry(t)];
      const round = await openRound(t, season, [one, two], [a.id, b.id], "Vòng làm tròn");
      const judging = t.services.judging;
      const sheet = (scores: number[]) => ({
        scores: Object.fromEntries(DEFAULT_CRITERIA.map((c, i) => [c.key, scores[i]])),
        version: null,
      });
      // a: 26/6 (shown 4.33) and 10 → 43/6 exactly; b: 43/6 (shown 7.17) twice → 43/6.
      for (const [judge, entry, scores] of [
        [one, a, [4, 4, 4, 4, 5, 5]],
        [two, a, [10, 10, 10, 10, 10, 10]],
        [one, b, [7, 7, 7, 7, 7, 8]],
        [two, b, [7, 7, 7, 7, 7, 8]],
      ] as const) {
        const saved = await judging.saveScore(judge, round, entry.id, sheet([...scores]));
        expect(saved.ok, JSON.stringify(saved)).toBe(true);
      }
      const rows = (await judging.results(round, "mean"))!.categories.flatMap((c) => c.rows);
      const row = (id: string) => rows.find((r) => r.entryId === id)!;
      expect(row(a.id).mean).toBeCloseTo(43 / 6, 9);
      expect(row(b.id).mean).toBeCloseTo(43 / 6, 9);
      expect([row(a.id), row(b.id)].map((r) => [r.rank, r.tied])).toEqual([
        [1, true],
        [1, true],
      ]);
    });
  });
});
