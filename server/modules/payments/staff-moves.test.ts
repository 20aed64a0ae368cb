import { describe, expect, it } from "vitest";
import { formatVnd } from "../../../core/dates";
import { testDatabases } from "../../test-support/databases";
import { pdfText } from "../../test-support/pdf-text";
import { created, finance, paymentsTestbed, statuses, submittedEntries } from "./testbed";

describe.each(testDatabases())("payments staff on $name", (target) => {
  describe.skipIf(!target.available)("confirm, refund, list, export", () => {
    const t = paymentsTestbed(target);

    it("confirms a transfer by hand, once; a stale page gets a conflict", async () => {
      const entries = await submittedEntries(t, 2);
      const { payment } = await created(
        t,
        entries.map((e) => e.id),
      );
      const confirmed = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
        reason: "Sao kê VCB 01/09",
      });
      expect(confirmed).toMatchObject({ ok: true, payment: { state: "paid" } });
      expect(
        await statuses(
          t,
          entries.map((e) => e.id),
        ),
      ).toEqual(["paid", "paid"]);
      const history = await t.entries.statusHistory(entries[0]!.id);
      expect(history.at(-1)).toMatchObject({ from: "submitted", to: "paid", actorRole: "finance" });
      const stale = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      expect(stale).toMatchObject({ ok: false, status: 409 });
      const audit = await t.db.kysely
        .selectFrom("audit_log")
        .select(["action"])
        .where("target_id", "=", payment.id)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(["payment.confirm"]);
    });

    it("refunds with a reason only; the entries wait for a payment again", async () => {
      const entries = await submittedEntries(t, 1);
      const { payment } = await created(
        t,
        entries.map((e) => e.id),
      );
      const paid = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      if (!paid.ok) throw new Error("confirm refused");
      const noReason = await t.services.payments.refund(finance(t), payment.id, {
        stateVersion: paid.payment.stateVersion,
        reason: " ",
      });
      expect(noReason).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { reason: "paymentCore.validation.reasonRequired" },
      });
      const refunded = await t.services.payments.refund(finance(t), payment.id, {
        stateVersion: paid.payment.stateVersion,
        reason: "Trùng thanh toán",
      });
      expect(refunded).toMatchObject({ ok: true, payment: { state: "refunded" } });
      expect(
        await statuses(
          t,
          entries.map((e) => e.id),
        ),
      ).toEqual(["submitted"]);
      const pending = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: 3,
      });
      expect(pending).toMatchObject({ ok: false, status: 409 });
      await created(
        t,
        entries.map((e) => e.id),
      );
    });

    it("lists, filters, searches and totals the season's payments, and exports them", async () => {
      const entries = await submittedEntries(t, 1, t.bob);
      const { payment } = await created(
        t,
        entries.map((e) => e.id),
        "vietqr",
        t.bob,
      );
      const all = await t.services.payments.list({ page: 1 });
      expect(all.seasonYear).toBe(2026);
      expect(all.total).toBeGreaterThanOrEqual(1);
      expect(all.totals.pendingVnd).toBeGreaterThanOrEqual(payment.amountVnd);
      const found = await t.services.payments.list({ page: 1, q: "bob stone" });
      expect(found.rows.map((r) => r.reference)).toEqual([payment.reference]);
      const byCode = await t.services.payments.list({
        page: 1,
        q: entries[0]!.code!.toLowerCase(),
      });
      expect(byCode.rows.map((r) => r.reference)).toEqual([payment.reference]);
      expect(
        (await t.services.payments.list({ page: 1, state: "refunded", q: "bob" })).rows,
      ).toEqual([]);
      const csv = await t.services.payments.export({ page: 1, q: "bob" }, "csv", "vi");
      const text = csv.body.toString("utf8");
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text).toContain(payment.reference);
      expect(text).toContain("Bob Stone");
    });
  });
});

describe.each(testDatabases().slice(0, 1))("receipts on $name", (target) => {
  describe.skipIf(!target.available)("the receipt PDF", () => {
    const t = paymentsTestbed(target);

    it("reads back in Vietnamese with its marks and in English, for the owner and staff only", async () => {
      const entries = await submittedEntries(t, 2);
      const { payment } = await created(
        t,
        entries.map((e) => e.id),
      );
      expect(await t.services.payments.receiptPdf(payment.reference, "vi", t.alice)).toBeNull();
      await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      const vi = await t.services.payments.receiptPdf(payment.reference, "vi", t.alice);
      const text = await pdfText(vi!.body);
      expect(text).toContain("Biên nhận thanh toán");
      expect(text).toContain(payment.reference);
      for (const entry of entries) expect(text).toContain(entry.code!);
      expect(text).toContain("Giá sớm");
      expect(text.replace(/\s/g, " ")).toContain(
        formatVnd(payment.amountVnd, "vi").replace(/\s/g, " "),
      );
      expect(text).toContain("thuế GTGT");
      const en = await t.services.payments.receiptPdf(payment.reference, "en");
      expect(await pdfText(en!.body)).toContain("Payment receipt");
      expect(await t.services.payments.receiptPdf(payment.reference, "vi", t.bob)).toBeNull();
    });
  });
});
