import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { created, finance, paymentsTestbed, submittedEntries } from "./testbed";

// The payments download as a spreadsheet program reads it: days as dates shown DD/MM/YYYY,
// amounts as numbers with thousands, and when a refunded payment was refunded.

describe.each(testDatabases())("the payments export on $name", (target) => {
  describe.skipIf(!target.available)("XLSX and CSV", () => {
    const t = paymentsTestbed(target);

    it("writes days as dates, amounts as formatted numbers, and the refund's day", async () => {
      const [entry] = await submittedEntries(t, 1, t.bob);
      const { payment } = await created(t, [entry!.id], "vietqr", t.bob);
      const paid = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      if (!paid.ok) throw new Error("confirm refused");
      // Refunded the next evening, Vietnam time: 02/09/2026 21:00 is 14:00 UTC.
      t.now = new Date("2026-09-02T14:00:00.000Z");
      await t.services.payments.refund(finance(t), payment.id, {
        stateVersion: paid.payment.stateVersion,
        reason: "Nộp nhầm",
      });

      const file = await t.services.payments.export(
        finance(t),
        { page: 1, q: payment.reference },
        "xlsx",
        "vi",
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      const cell = (header: string) => sheet.getRow(2).getCell(headers.indexOf(header) + 1);
      expect(headers).toContain("Ngày hoàn tiền");

      const amount = cell("Số tiền (VND)");
      expect(amount.value).toBe(payment.amountVnd);
      expect(amount.numFmt).toBe("#,##0");
      for (const [header, day] of [
        ["Ngày tạo", "2026-09-01"],
        ["Ngày thanh toán", "2026-09-01"],
        ["Ngày hoàn tiền", "2026-09-02"],
      ] as const) {
        const date = cell(header);
        expect(date.value, header).toBeInstanceOf(Date);
        expect((date.value as Date).toISOString().slice(0, 10), header).toBe(day);
        expect(date.numFmt, header).toBe("dd/mm/yyyy");
      }

      // The CSV says the same days as text, as people write them.
      const csv = await t.services.payments.export(
        finance(t),
        { page: 1, q: payment.reference },
        "csv",
        "vi",
      );
      const [heading, line] = csv.body.toString("utf8").slice(1).split(/\r?\n/);
      expect(heading).toContain("Ngày hoàn tiền");
      expect(line).toContain('"01/09/2026","01/09/2026","02/09/2026"');
      // Named after the season and the day of the export in Vietnam (21:00 there, 14:00 UTC).
      t.now = new Date("2026-09-02T17:30:00.000Z");
      const late = await t.services.payments.export(finance(t), { page: 1 }, "csv", "vi");
      expect(late.fileName).toBe("thanh-toan-2026-2026-09-03.csv");
    });

    it("leaves the received column empty for a payment no money came in for", async () => {
      const [waiting, paidEntry] = await submittedEntries(t, 2, t.bob);
      const pending = (await created(t, [waiting!.id], "vietqr", t.bob)).payment;
      const { payment } = await created(t, [paidEntry!.id], "vietqr", t.bob);
      const paid = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      if (!paid.ok) throw new Error("confirm refused");

      const file = await t.services.payments.export(finance(t), { page: 1 }, "xlsx", "vi");
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      const received = (reference: string) => {
        const rowNumber = [...Array(sheet.rowCount).keys()]
          .map((i) => i + 1)
          .find((n) => sheet.getRow(n).getCell(1).value === reference);
        return sheet.getRow(rowNumber!).getCell(headers.indexOf("Số tiền đã nhận (VND)") + 1).value;
      };
      expect(received(payment.reference)).toBe(payment.amountVnd);
      // An empty cell (written as nothing), not a number a sum would add.
      expect(received(pending.reference) ?? "").toBe("");
    });
  });
});
