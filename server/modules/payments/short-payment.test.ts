import { describe, expect, it } from "vitest";
import { formatVnd } from "../../../core/dates";
import { DEFAULT_STATEMENT_MAPPING } from "../../../core/statement";
import { newestMail } from "../entries/lifecycle-testbed";
import { testDatabases } from "../../test-support/databases";
import { pdfText } from "../../test-support/pdf-text";
import { created, finance, paymentsTestbed, submittedEntries } from "./testbed";

const csvOf = (lines: string[][]) =>
  Buffer.from(
    [["Ngày giao dịch", "Số tiền ghi nợ", "Số tiền ghi có", "Nội dung", "Số tham chiếu"], ...lines]
      .map((row) => row.map((cell) => `"${cell}"`).join(","))
      .join("\n"),
  );

// A transfer paid short and confirmed by staff from its statement line: what came in is what
// the payment, the list, the totals and the entrant's email say, and staff see what is missing.

describe.each(testDatabases())("a transfer paid short on $name", (target) => {
  describe.skipIf(!target.available)("confirmed from its statement line", () => {
    const t = paymentsTestbed(target);

    it("keeps the amount received, shows the shortfall and emails what came in", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const received = payment.amountVnd - 500_000;
      const imported = await t.services.payments.importStatement(finance(t), {
        fileName: "thieu.csv",
        bytes: csvOf([
          ["01/09/2026", "", received.toLocaleString("vi-VN"), payment.memo, "FT-SHORT-1"],
        ]),
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(imported).toMatchObject({ ok: true, summary: { partial: 1 } });
      const line = (await t.services.payments.openStatementLines()).find(
        (l) => l.paymentReference === payment.reference,
      )!;
      const resolved = await t.services.payments.resolveStatementLine(finance(t), line.id, {
        action: "pay",
        reference: payment.reference,
        note: "Khách chuyển thiếu, chấp nhận",
      });
      expect(resolved).toMatchObject({ ok: true });

      const view = await t.services.payments.getForStaff(payment.id);
      expect(view).toMatchObject({
        state: "paid",
        amountVnd: payment.amountVnd,
        receivedVnd: received,
        shortfallVnd: 500_000,
      });
      const listed = await t.services.payments.list({ page: 1, q: payment.reference });
      expect(listed.rows[0]).toMatchObject({ amountVnd: payment.amountVnd, receivedVnd: received });

      const mail = await newestMail(t, "alice@example.vn", "paymentConfirmed");
      // The figures alone: the email's text may space the ₫ sign its own way.
      const figures = (vnd: number) => formatVnd(vnd, "vi").replace(/[^\d.]/g, "");
      expect(mail?.text).toContain(figures(received));
      expect(mail?.text).not.toContain(figures(payment.amountVnd));

      // The receipt keeps the fees and their total, and says what was received.
      const receipt = await t.services.payments.receiptPdf(payment.reference, "vi", t.alice);
      const text = await pdfText(receipt!.body);
      expect(text).toContain("Số tiền đã nhận");
      expect(text).toContain(figures(received));

      // A VAT invoice request shows finance what came in beside what was due, on the page and
      // in the export for the e-invoice tool.
      const facts = await t.services.payments.vatForEntrant(t.alice, payment.id);
      const asked = await t.services.payments.requestVat(t.alice, payment.reference, {
        ...facts.prefill,
        taxCode: "0100233488",
        email: "ketoan@sangtao.vn",
      });
      expect(asked).toMatchObject({ ok: true });
      const requests = await t.services.payments.vatRequests({ q: payment.reference });
      expect(requests[0]).toMatchObject({ amountVnd: payment.amountVnd, receivedVnd: received });
      const csv = await t.services.payments.exportVat(
        finance(t),
        { q: payment.reference },
        "csv",
        "vi",
      );
      const [heading, row] = csv.body.toString("utf8").slice(1).split(/\r?\n/);
      expect(heading).toContain('"Số tiền đã nhận (VND)"');
      expect(row).toContain(`"${payment.amountVnd}","${received}"`);
    });

    it("records the rest of a short transfer when it comes, with a note when it differs", async () => {
      const [c] = await submittedEntries(t, 1);
      const { payment } = await created(t, [c!.id]);
      const lineOf = async (bankRef: string) =>
        (await t.services.payments.openStatementLines()).find((l) => l.bankRef === bankRef)!;
      const importLine = (amount: number, bankRef: string) =>
        t.services.payments.importStatement(finance(t), {
          fileName: `${bankRef}.csv`,
          bytes: csvOf([["01/09/2026", "", String(amount), payment.memo, bankRef]]),
          mapping: DEFAULT_STATEMENT_MAPPING,
        });
      await importLine(payment.amountVnd - 700_000, "FT-PART-1");
      expect(
        await t.services.payments.resolveStatementLine(finance(t), (await lineOf("FT-PART-1")).id, {
          action: "pay",
          reference: payment.reference,
          note: "Chuyển thiếu, đã báo khách",
        }),
      ).toMatchObject({ ok: true });

      // The entrant sends what was missing in two transfers: 500.000 then 200.000.
      await importLine(500_000, "FT-PART-2");
      const second = await lineOf("FT-PART-2");
      // The page tells finance the line may be the rest of a payment accepted short.
      expect(second).toMatchObject({ paymentState: "paid", paymentMissingVnd: 700_000 });
      // Less than what is missing: a note says why, as for any line that differs.
      expect(
        await t.services.payments.resolveStatementLine(finance(t), second.id, {
          action: "pay",
          reference: payment.reference,
        }),
      ).toMatchObject({
        ok: false,
        fieldErrors: { note: "paymentCore.statement.noteRequiredForDifference" },
      });
      expect(
        await t.services.payments.resolveStatementLine(finance(t), second.id, {
          action: "pay",
          reference: payment.reference,
          note: "Khách chuyển bù lần 1",
        }),
      ).toMatchObject({ ok: true, outcome: "resolved" });
      expect(await t.services.payments.getForStaff(payment.id)).toMatchObject({
        state: "paid",
        receivedVnd: payment.amountVnd - 200_000,
        shortfallVnd: 200_000,
      });

      // The exact rest needs no note, and leaves nothing missing.
      await importLine(200_000, "FT-PART-3");
      expect(
        await t.services.payments.resolveStatementLine(finance(t), (await lineOf("FT-PART-3")).id, {
          action: "pay",
          reference: payment.reference,
        }),
      ).toMatchObject({ ok: true, outcome: "resolved" });
      const view = await t.services.payments.getForStaff(payment.id);
      expect(view).toMatchObject({
        state: "paid",
        receivedVnd: payment.amountVnd,
        shortfallVnd: 0,
      });
      // Each top-up is in the payment's history (a note from paid to paid), paid once.
      expect(view!.events.filter((e) => e.to === "paid").map((e) => e.from)).toEqual([
        "pending",
        "paid",
        "paid",
      ]);
      expect(await t.services.payments.openStatementLines()).toEqual([]);
    });

    it("an exact payment has nothing missing", async () => {
      const [b] = await submittedEntries(t, 1);
      const { payment } = await created(t, [b!.id]);
      await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      expect(await t.services.payments.getForStaff(payment.id)).toMatchObject({
        receivedVnd: payment.amountVnd,
        shortfallVnd: 0,
      });
    });
  });
});
