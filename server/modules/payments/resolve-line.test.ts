import { describe, expect, it } from "vitest";
import { DEFAULT_STATEMENT_MAPPING } from "../../../core/statement";
import { testDatabases } from "../../test-support/databases";
import { created, finance, paymentsTestbed, statuses, submittedEntries } from "./testbed";

const csvOf = (lines: string[][]) =>
  Buffer.from(
    [["Ngày giao dịch", "Số tiền ghi có", "Nội dung", "Số tham chiếu"], ...lines]
      .map((row) => row.map((cell) => `"${cell}"`).join(","))
      .join("\n"),
  );

describe.each(testDatabases())("settling a statement line by hand on $name", (target) => {
  describe.skipIf(!target.available)("one line, one payment", () => {
    const t = paymentsTestbed(target);

    /** Two pending transfers of the same amount and one statement line naming neither. */
    async function twoPaymentsOneLine(memo: string) {
      const [a, b] = await submittedEntries(t, 2);
      const first = await created(t, [a!.id]);
      const second = await created(t, [b!.id]);
      const imported = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: csvOf([["01/09/2026", String(first.payment.amountVnd), memo, ""]]),
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(imported).toMatchObject({ ok: true, summary: { unknown: 1 } });
      const line = (await t.services.payments.openStatementLines()).find((l) => l.memo === memo)!;
      return { line, payments: [first.payment, second.payment], ids: [a!.id, b!.id] };
    }

    it("pays one payment when two people settle the same line to two payments at once", async () => {
      const { line, payments, ids } = await twoPaymentsOneLine("chuyen tien du thi");
      const answers = await Promise.all(
        payments.map((payment) =>
          t.services.payments.resolveStatementLine(finance(t), line.id, {
            action: "pay",
            reference: payment.reference,
          }),
        ),
      );
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      expect(answers.find((a) => !a.ok)).toMatchObject({
        status: 409,
        formError: "paymentCore.statement.lineNotFound",
      });
      // One transfer came in: one payment and its entry are paid, the other still waits.
      const states = await Promise.all(
        payments.map(
          async (p) => (await t.services.payments.getForEntrant(t.alice, p.reference))?.state,
        ),
      );
      expect(states.sort()).toEqual(["paid", "pending"]);
      expect((await statuses(t, ids)).sort()).toEqual(["paid", "submitted"]);
    });

    it("settles a line once when one person pays with it and another sets it aside", async () => {
      const { line, payments } = await twoPaymentsOneLine("nop phi giai thuong");
      const answers = await Promise.all([
        t.services.payments.resolveStatementLine(finance(t), line.id, {
          action: "pay",
          reference: payments[0]!.reference,
        }),
        t.services.payments.resolveStatementLine(finance(t), line.id, {
          action: "ignore",
          note: "Không rõ người chuyển",
        }),
      ]);
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      const row = await t.db.kysely
        .selectFrom("statement_lines")
        .select(["outcome", "payment_id"])
        .where("id", "=", line.id)
        .executeTakeFirstOrThrow();
      const state = (await t.services.payments.getForEntrant(t.alice, payments[0]!.reference))
        ?.state;
      // Whichever came first holds, and the line says what happened to the money.
      expect(
        row.outcome === "resolved"
          ? { row, state, winner: answers[0] }
          : { row, state, winner: answers[1] },
      ).toEqual(
        row.outcome === "resolved"
          ? {
              row: { outcome: "resolved", payment_id: payments[0]!.id },
              state: "paid",
              winner: { ok: true, outcome: "resolved" },
            }
          : {
              row: { outcome: "ignored", payment_id: null },
              state: "pending",
              winner: { ok: true, outcome: "ignored" },
            },
      );
    });

    it("leaves the line waiting when the payment it names cannot be paid", async () => {
      const { line, payments } = await twoPaymentsOneLine("tien phi lan hai");
      await t.services.payments.confirm(finance(t), payments[0]!.id, {
        stateVersion: payments[0]!.stateVersion,
      });
      const refused = await t.services.payments.resolveStatementLine(finance(t), line.id, {
        action: "pay",
        reference: payments[0]!.reference,
      });
      expect(refused).toMatchObject({
        ok: false,
        fieldErrors: { reference: "paymentCore.statement.notPending" },
      });
      const open = await t.services.payments.openStatementLines();
      expect(open.find((l) => l.id === line.id)?.outcome).toBe("unknown");
    });
  });
});
