import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { DEFAULT_STATEMENT_MAPPING } from "../../../core/statement";
import { testDatabases } from "../../test-support/databases";
import { created, finance, paymentsTestbed, statuses, submittedEntries } from "./testbed";

const csvOf = (lines: string[][]) =>
  Buffer.from(
    "\uFEFFSAO KÊ TÀI KHOẢN,,,,\n" +
      [
        ["Ngày giao dịch", "Số tiền ghi nợ", "Số tiền ghi có", "Nội dung", "Số tham chiếu"],
        ...lines,
      ]
        .map((row) => row.map((cell) => `"${cell}"`).join(","))
        .join("\n"),
  );

describe.each(testDatabases())("bank statements on $name", (target) => {
  describe.skipIf(!target.available)("importing a statement", () => {
    const t = paymentsTestbed(target);

    it("pays exact matches once, lists the rest, and changes nothing when imported again", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const { payment } = await created(t, [a!.id, b!.id]);
      const [c] = await submittedEntries(t, 1, t.bob);
      const other = await created(t, [c!.id], "vietqr", t.bob);
      const amount = payment.amountVnd.toLocaleString("vi-VN");
      const file = csvOf([
        ["02/09/2026", "", amount, `MBVCB.8812.${payment.memo}.CT tu 0011`, "FT2609021"],
        ["02/09/2026", "", "1.000.000", `${other.payment.reference} thieu tien`, "FT2609022"],
        ["02/09/2026", "", "500.000", "chuyen tien hoc phi", "FT2609023"],
        ["02/09/2026", "200.000", "", "phi ngan hang", "FT2609024"],
      ]);
      const first = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: file,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(first).toMatchObject({
        ok: true,
        summary: { total: 3, alreadyImported: 0, matched: 1, partial: 1, unknown: 1 },
      });
      expect(await statuses(t, [a!.id, b!.id, c!.id])).toEqual(["paid", "paid", "submitted"]);
      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(view?.events.at(-1)).toMatchObject({ to: "paid", actorRole: "statement" });

      const again = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: file,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(again).toMatchObject({
        ok: true,
        summary: { total: 3, alreadyImported: 3, matched: 0 },
      });
      const paidEvents = view!.events.filter((e) => e.to === "paid");
      expect(paidEvents).toHaveLength(1);

      const open = await t.services.payments.openStatementLines();
      const partial = open.find((l) => l.paymentReference === other.payment.reference)!;
      expect(partial.outcome).toBe("partial");
      expect(await t.services.payments.statementMapping()).toEqual(DEFAULT_STATEMENT_MAPPING);

      const refusedNote = await t.services.payments.resolveStatementLine(finance(t), partial.id, {
        action: "ignore",
        note: "",
      });
      expect(refusedNote).toMatchObject({
        ok: false,
        fieldErrors: { note: "paymentCore.statement.noteRequired" },
      });
      const resolved = await t.services.payments.resolveStatementLine(finance(t), partial.id, {
        action: "pay",
        reference: other.payment.reference.toLowerCase(),
        note: "Khách chuyển thiếu, đã bù bằng tiền mặt",
      });
      expect(resolved).toMatchObject({ ok: true, outcome: "resolved" });
      expect(await statuses(t, [c!.id])).toEqual(["paid"]);
    });

    it("reads an XLSX export and says which columns it could not find", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Sao kê");
      sheet.addRow(["Ngày", "Có", "Diễn giải", "Mã GD"]);
      sheet.addRow([
        new Date("2026-09-02T03:00:00Z"),
        payment.amountVnd,
        `IBFT ${payment.reference}`,
        "FT99",
      ]);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const wrong = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.xlsx",
        bytes,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(wrong).toMatchObject({
        ok: false,
        formError: "paymentCore.statement.columnsAre",
        fieldErrors: { dateColumn: "paymentCore.statement.columnNotFound" },
      });
      const mapping = {
        dateColumn: "Ngày",
        amountColumn: "Có",
        memoColumn: "Diễn giải",
        bankRefColumn: "Mã GD",
      };
      const done = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.xlsx",
        bytes,
        mapping,
      });
      expect(done).toMatchObject({ ok: true, summary: { total: 1, matched: 1 } });
      expect(await t.services.payments.statementMapping()).toEqual(mapping);
      const unreadable = await t.services.payments.importStatement(finance(t), {
        fileName: "x.pdf",
        bytes: Buffer.from("%PDF-1.7"),
        mapping,
      });
      expect(unreadable).toMatchObject({
        ok: false,
        fieldErrors: { file: "paymentCore.statement.fileUnreadable" },
      });
    });
  });
});
