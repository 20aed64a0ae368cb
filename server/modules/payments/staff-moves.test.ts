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
      const csv = await t.services.payments.export(finance(t), { page: 1, q: "bob" }, "csv", "vi");
      const text = csv.body.toString("utf8");
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text).toContain(payment.reference);
      expect(text).toContain("Bob Stone");
      // The download is in the audit log: who, the filter, how many rows.
      const exported = await t.db.kysely
        .selectFrom("audit_log")
        .select(["actor_id", "target_type", "summary"])
        .where("action", "=", "payments.export")
        .execute();
      expect(exported).toHaveLength(1);
      expect(exported[0]!.actor_id).toBe(t.staff);
      expect(exported[0]!.target_type).toBe("payment");
      expect(JSON.parse(exported[0]!.summary)).toEqual({
        format: "csv",
        rows: 1,
        filter: { q: "bob" },
      });
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

describe.each(testDatabases())("VAT invoice requests on $name", (target) => {
  describe.skipIf(!target.available)("requests and issuing", () => {
    const t = paymentsTestbed(target);

    it("lets a company ask for its paid payment's invoice, prefilled, and finance record it", async () => {
      const entries = await submittedEntries(t, 1);
      const { payment } = await created(
        t,
        entries.map((e) => e.id),
      );
      const facts = await t.services.payments.vatForEntrant(t.alice, payment.id);
      expect(facts).toMatchObject({
        allowed: true,
        request: null,
        prefill: { companyName: "Công ty TNHH Sáng Tạo Việt", taxCode: "0101234567" },
      });
      // The demo registration's number is a placeholder: the request needs a real one.
      const input = { ...facts.prefill, taxCode: "0100233488", email: "ketoan@sangtao.vn" };
      expect(await t.services.payments.requestVat(t.alice, payment.reference, input)).toMatchObject(
        { ok: false, status: 409, formError: "paymentCore.vat.notPaid" },
      );
      await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      const bad = await t.services.payments.requestVat(t.alice, payment.reference, {
        ...input,
        taxCode: "0101234568",
      });
      expect(bad).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { taxCode: "validation.taxCode" },
      });
      const asked = await t.services.payments.requestVat(t.alice, payment.reference, input);
      expect(asked).toMatchObject({
        ok: true,
        vat: { state: "requested", email: "ketoan@sangtao.vn" },
      });
      expect(await t.services.payments.requestVat(t.bob, payment.reference, input)).toMatchObject({
        ok: false,
        status: 404,
      });
      const waiting = await t.services.payments.vatRequests({ state: "requested", q: "sang tao" });
      const mine = waiting.find((r) => r.reference === payment.reference)!;
      expect(
        await t.services.payments.issueVat(finance(t), mine.id, { invoiceNumber: "" }),
      ).toMatchObject({
        ok: false,
        fieldErrors: { invoiceNumber: "paymentCore.vat.invoiceNumberRequired" },
      });
      expect(
        await t.services.payments.issueVat(finance(t), mine.id, { invoiceNumber: "0000123" }),
      ).toMatchObject({ ok: true, vat: { state: "issued", invoiceNumber: "0000123" } });
      expect(
        await t.services.payments.issueVat(finance(t), mine.id, { invoiceNumber: "0000124" }),
      ).toMatchObject({ ok: false, status: 409 });
      expect(await t.services.payments.requestVat(t.alice, payment.reference, input)).toMatchObject(
        { ok: false, formError: "paymentCore.vat.alreadyIssued" },
      );
      const xlsx = await t.services.payments.exportVat(finance(t), {}, "xlsx", "en");
      expect(xlsx.body.subarray(0, 2).toString()).toBe("PK");
      const exported = await t.db.kysely
        .selectFrom("audit_log")
        .select(["actor_id", "summary"])
        .where("action", "=", "vat.export")
        .execute();
      expect(exported.map((row) => [row.actor_id, JSON.parse(row.summary)])).toEqual([
        [t.staff, { format: "xlsx", rows: 1 }],
      ]);
    });

    it("refuses individuals", async () => {
      const entries = await submittedEntries(t, 1);
      const { payment } = await created(
        t,
        entries.map((e) => e.id),
      );
      await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      await t.db.kysely
        .updateTable("registrants")
        .set({ type: "individual" })
        .where("user_id", "=", t.alice)
        .execute();
      expect((await t.services.payments.vatForEntrant(t.alice, payment.id)).allowed).toBe(false);
      const asked = await t.services.payments.requestVat(t.alice, payment.reference, {
        companyName: "X",
        taxCode: "0100233488",
        address: "Y",
        email: "a@b.vn",
      });
      expect(asked).toMatchObject({
        ok: false,
        status: 403,
        formError: "paymentCore.vat.enterpriseOnly",
      });
    });
  });
});
