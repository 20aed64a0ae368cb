import { describe, expect, it } from "vitest";
import { parseEntryListQuery } from "../../../core/entry-admin-list";
import { testDatabases } from "../../test-support/databases";
import { created, finance, paymentsTestbed, submittedEntries } from "../payments/testbed";

// The entries table and its export read an entry's payment state from its payments too: a
// refund is shown as one, not as the payment it undid.

describe.each(testDatabases())("refunded entries in the entries table on $name", (target) => {
  describe.skipIf(!target.available)("listEntries and exportEntries", () => {
    const t = paymentsTestbed(target);

    it("shows a refunded entry as refunded in the table, its filter and the CSV; paid again, as paid", async () => {
      const [entry] = await submittedEntries(t, 1);
      const code = entry!.code!;
      const { payment } = await created(t, [entry!.id]);
      const paid = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      if (!paid.ok) throw new Error("confirm refused");
      const refunded = await t.services.payments.refund(finance(t), payment.id, {
        stateVersion: paid.payment.stateVersion,
        reason: "Trùng thanh toán",
      });
      expect(refunded).toMatchObject({ ok: true });

      const row = async (params: Record<string, string> = {}) =>
        (
          await t.services.entryAdmin.list({
            query: parseEntryListQuery({ q: code, ...params }),
            seasonYear: 2026,
            lang: "vi",
          })
        ).items.find((r) => r.id === entry!.id);
      expect((await row())?.payment).toBe("refunded");
      expect(await row({ payment: "paid" })).toBeUndefined();
      expect((await row({ payment: "refunded" }))?.payment).toBe("refunded");

      const csv = await t.services.entryAdmin.export(finance(t), {
        query: parseEntryListQuery({ q: code }),
        seasonYear: 2026,
        lang: "vi",
        format: "csv",
      });
      const line = csv.body
        .toString("utf8")
        .split(/\r?\n/)
        .find((l) => l.includes(code))!;
      expect(line).toContain("Đã hoàn tiền");
      expect(line).not.toContain("Đã thanh toán");

      // Paid again with a new payment, later: paid, whatever was refunded before.
      t.now = new Date(t.now.getTime() + 60_000);
      const again = await created(t, [entry!.id]);
      await t.services.payments.confirm(finance(t), again.payment.id, {
        stateVersion: again.payment.stateVersion,
      });
      expect((await row())?.payment).toBe("paid");
    });
  });
});
