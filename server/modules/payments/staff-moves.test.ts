import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatVnd } from "../../../core/dates";
import type { Lang } from "../../../core/languages";
import { recordTransition } from "../entries/record-transition";
import { RECENT_PAYMENTS } from "./checkout";
import { COMPLETE_TEXT } from "../entries/testbed";
import { testDatabases } from "../../test-support/databases";
import { SUBJECTS } from "../../test-support/email-subjects";
import { queuedMailSent } from "../../test-support/mail";
import { pdfText } from "../../test-support/pdf-text";
import { startSmtpReceiver, type SmtpReceiver } from "../../test-support/smtp-receiver";
import {
  created,
  finance,
  paidPayment,
  paymentsTestbed,
  statuses,
  submittedEntries,
} from "./testbed";

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
      const { entries, payment, paid } = await paidPayment(t);
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

    it("tells the entrant's checkout which entries' fees were refunded, until paid again", async () => {
      const { entries, payment, paid } = await paidPayment(t);
      const [entry] = entries;
      const other = await paidPayment(t);
      expect((await t.services.payments.checkout(t.alice)).refundedAt[entry!.id]).toBeUndefined();
      const refunded = await t.services.payments.refund(finance(t), payment.id, {
        stateVersion: paid.payment.stateVersion,
        reason: "Khách hàng yêu cầu",
      });
      if (!refunded.ok) throw new Error("refund refused");
      const refundAt = refunded.payment.events.find((e) => e.to === "refunded")!.at;
      const afterRefund = await t.services.payments.checkout(t.alice);
      expect(afterRefund.refundedAt[entry!.id]).toBe(refundAt);
      // Only the refunded payment's entries: the other paid entry says nothing of a refund.
      expect(afterRefund.refundedAt[other.entries[0]!.id]).toBeUndefined();

      // Waiting for a new transfer, the fee is still not paid: the refund is still news.
      const again = await created(t, [entry!.id]);
      expect((await t.services.payments.checkout(t.alice)).refundedAt[entry!.id]).toBe(refundAt);
      t.now = new Date(t.now.getTime() + 60_000);
      const repaid = await t.services.payments.confirm(finance(t), again.payment.id, {
        stateVersion: again.payment.stateVersion,
      });
      expect(repaid).toMatchObject({ ok: true });
      expect((await t.services.payments.checkout(t.alice)).refundedAt[entry!.id]).toBeUndefined();
      // Withdrawn after it was paid again: the old refund is history, not this entry's news.
      expect(await t.entries.withdraw(t.alice, entry!.id)).toMatchObject({ ok: true });
      expect((await t.services.payments.checkout(t.alice)).refundedAt[entry!.id]).toBeUndefined();
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
      // The code as a bank memo carries it, without its dashes.
      const byMemoCode = await t.services.payments.list({
        page: 1,
        q: entries[0]!.code!.replaceAll("-", ""),
      });
      expect(byMemoCode.rows.map((r) => r.reference)).toEqual([payment.reference]);
      // A page past the last shows the last one, and says so.
      const beyond = await t.services.payments.list({ page: 99, q: "bob stone" });
      expect(beyond).toMatchObject({ page: 1, total: 1 });
      expect(beyond.rows.map((r) => r.reference)).toEqual([payment.reference]);
      expect(
        (await t.services.payments.list({ page: 1, state: "refunded", q: "bob" })).rows,
      ).toEqual([]);
      const csv = await t.services.payments.export(finance(t), { page: 1, q: "bob" }, "csv", "vi");
      const text = csv.body.toString("utf8");
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text).toContain(payment.reference);
      expect(text).toContain("Bob Stone");
      // An enterprise's payment names the company too (the account's name is its representative),
      // and the company's name finds it.
      const [heading, line] = text.slice(1).split(/\r?\n/);
      expect(heading).toContain("Doanh nghiệp");
      expect(line).toContain("Công ty TNHH Sáng Tạo Việt");
      const byCompany = await t.services.payments.list({ page: 1, q: "sang tao viet" });
      expect(byCompany.rows.map((r) => r.reference)).toContain(payment.reference);
      expect(byCompany.rows.find((r) => r.reference === payment.reference)?.owner).toMatchObject({
        name: "Bob Stone",
        companyName: "Công ty TNHH Sáng Tạo Việt",
      });
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

describe.each(testDatabases())("the entrant's checkout on $name", (target) => {
  describe.skipIf(!target.available)("many payments", () => {
    const t = paymentsTestbed(target);

    it("keeps refunds and receipts on the checkout however many attempts came after them", async () => {
      const { entries, payment, paid } = await paidPayment(t);
      const kept = await paidPayment(t);
      const refunded = await t.services.payments.refund(finance(t), payment.id, {
        stateVersion: paid.payment.stateVersion,
        reason: "Khách hàng yêu cầu",
      });
      if (!refunded.ok) throw new Error("refund refused");
      const refundAt = refunded.payment.events.find((e) => e.to === "refunded")!.at;
      // More transfers begun and cancelled since than the checkout lists whatever their state.
      const [tried] = await submittedEntries(t, 1);
      for (let i = 0; i <= RECENT_PAYMENTS; i++) {
        t.now = new Date(t.now.getTime() + 1_000);
        const attempt = await created(t, [tried!.id]);
        const cancelled = await t.services.payments.cancelForEntrant(
          { id: t.alice, name: "Alice" },
          attempt.payment.reference,
        );
        expect(cancelled).toMatchObject({ ok: true });
      }
      const view = await t.services.payments.checkout(t.alice);
      expect(view.refundedAt[entries[0]!.id]).toBe(refundAt);
      const listed = view.payments.map((p) => p.reference);
      expect(listed).toContain(payment.reference);
      expect(listed).toContain(kept.payment.reference);
      expect(view.payments.find((p) => p.reference === kept.payment.reference)?.state).toBe("paid");
      // Newest first, the cancelled attempts still listed up to the limit.
      expect(view.payments.filter((p) => p.state === "cancelled").length).toBeGreaterThanOrEqual(
        RECENT_PAYMENTS - 2,
      );
      const times = view.payments.map((p) => p.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    });
  });
});

describe.each(testDatabases())("refund emails on $name", (target) => {
  describe.skipIf(!target.available)("the owner is told of a refund", () => {
    const t = paymentsTestbed(target);
    let receiver: SmtpReceiver;
    beforeAll(async () => {
      receiver = await startSmtpReceiver();
      // From here on the services (made again before each test) send through SMTP.
      t.config.mail.smtpUrl = receiver.url;
    });
    afterAll(() => receiver.close());

    /** A payment of `count` new entries of `userId`, confirmed by hand. */
    async function paidPayment(userId: string, count: number) {
      const entries = await submittedEntries(t, count, userId);
      const { payment } = await created(
        t,
        entries.map((e) => e.id),
        "vietqr",
        userId,
      );
      const paid = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      if (!paid.ok) throw new Error("confirm refused");
      return { entries, payment: paid.payment };
    }

    /** The refund emails the receiver holds for a payment (its subject names the reference). */
    const refundMails = (to: string, lang: Lang, reference: string) =>
      receiver.received.filter(
        (mail) =>
          mail.to.includes(to) &&
          mail.parsed.subject === SUBJECTS.paymentRefunded[lang].replace("VXP26K7M3QZ", reference),
      );

    it.each([
      ["vi", "alice@example.vn", 2, "Chuyển khoản trùng hai lần.", "Đã nộp", ""],
      ["en", "bob@example.com", 1, "Paid twice by mistake.", "Submitted", "/en"],
    ] as const)(
      "emails the %s-speaking owner once, with the reference, amount, date, reason and entries",
      async (lang, to, count, reason, submittedName, prefix) => {
        const { entries, payment } = await paidPayment(lang === "vi" ? t.alice : t.bob, count);
        // 18:30 on 04/09 in UTC is already 05/09 in Vietnam.
        t.now = new Date("2026-09-04T18:30:00.000Z");
        const refunded = await t.services.payments.refund(finance(t), payment.id, {
          stateVersion: payment.stateVersion,
          reason,
        });
        expect(refunded).toMatchObject({ ok: true, payment: { state: "refunded" } });
        // A second refund from a stale page changes nothing and sends nothing.
        const again = await t.services.payments.refund(finance(t), payment.id, {
          stateVersion: payment.stateVersion,
          reason,
        });
        expect(again).toMatchObject({ ok: false, status: 409 });

        // Queued with the refund, sent by the mail job right after the commit.
        await queuedMailSent(t.db);
        const mails = refundMails(to, lang, payment.reference);
        expect(mails).toHaveLength(1);
        const mail = mails[0]!.parsed;
        const text = mail.text ?? "";
        const html = mail.html || "";
        expect(html).toMatch(new RegExp(`<html lang="${lang}"`));
        for (const body of [text, html]) {
          expect(body).toContain(payment.reference);
          // One line in the email: the formatter's no-break space is written as a space.
          expect(body).toContain(formatVnd(payment.amountVnd, lang).replace(/\s/g, " "));
          expect(body).toContain("05/09/2026");
          expect(body).toContain(reason);
          expect(body).toContain(`“${submittedName}”`);
          expect(body).toContain(COMPLETE_TEXT.campaignName);
          for (const entry of entries) expect(body).toContain(entry.code!);
        }
        expect(text).toContain(`http://localhost:3000${prefix}/nop-bai-du-thi/thanh-toan\n`);
        expect(
          await statuses(
            t,
            entries.map((e) => e.id),
          ),
        ).toEqual(entries.map(() => "submitted"));
      },
    );

    it("gives each entry's status now: one already screened keeps it, and says so", async () => {
      const { entries, payment } = await paidPayment(t.alice, 2);
      const screened = entries[1]!;
      const row = await t.db.kysely
        .selectFrom("entries")
        .select("status_version")
        .where("id", "=", screened.id)
        .executeTakeFirstOrThrow();
      expect(
        await recordTransition(t.db.kysely, screened.id, {
          from: "paid",
          to: "accepted",
          actor: { userId: t.staff, role: "admin", name: "Quản trị" },
          statusVersion: Number(row.status_version),
          at: t.now.toISOString(),
        }),
      ).toBe(true);
      const refunded = await t.services.payments.refund(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
        reason: "Hoàn theo yêu cầu của thí sinh.",
      });
      expect(refunded.ok).toBe(true);
      expect(await statuses(t, [entries[0]!.id, screened.id])).toEqual(["submitted", "accepted"]);
      await queuedMailSent(t.db);
      const [mail] = refundMails("alice@example.vn", "vi", payment.reference);
      const text = mail!.parsed.text ?? "";
      expect(text).toContain(`${entries[0]!.code} “${COMPLETE_TEXT.campaignName}” — Đã nộp`);
      expect(text).toContain(`${screened.code} “${COMPLETE_TEXT.campaignName}” — Được chấp nhận`);
    });

    it.each([
      ["vi", "bob@example.com", "Xem bài dự thi của bạn", ""],
      ["en", "bob@example.com", "View your entries", "/en"],
    ] as const)(
      "with every entry screened, says there is nothing to pay again and leads to the dashboard (%s)",
      async (lang, to, button, prefix) => {
        await t.db.kysely.updateTable("user").set({ lang }).where("id", "=", t.bob).execute();
        const { entries, payment } = await paidPayment(t.bob, 1);
        const row = await t.db.kysely
          .selectFrom("entries")
          .select("status_version")
          .where("id", "=", entries[0]!.id)
          .executeTakeFirstOrThrow();
        await recordTransition(t.db.kysely, entries[0]!.id, {
          from: "paid",
          to: "accepted",
          actor: { userId: t.staff, role: "admin", name: "Quản trị" },
          statusVersion: Number(row.status_version),
          at: t.now.toISOString(),
        });
        const refunded = await t.services.payments.refund(finance(t), payment.id, {
          stateVersion: payment.stateVersion,
          reason: "Refunded as a courtesy.",
        });
        expect(refunded.ok).toBe(true);
        expect(await statuses(t, [entries[0]!.id])).toEqual(["accepted"]);
        await queuedMailSent(t.db);
        const [mail] = refundMails(to, lang, payment.reference);
        const text = mail!.parsed.text ?? "";
        expect(text).toContain(`${button}:\nhttp://localhost:3000${prefix}/tai-khoan\n`);
        expect(text).not.toContain("/nop-bai-du-thi/thanh-toan");
        expect(text).not.toContain(lang === "vi" ? "“Đã nộp”" : "“Submitted”");
      },
    );

    it("refunds all the same when the email cannot be sent; staff see it given up", async () => {
      const { entries, payment } = await paidPayment(t.alice, 1);
      // The SMTP server refuses this mailbox for good: the email fails, with no retry.
      const refused = "refused@example.vn";
      await t.db.kysely
        .updateTable("user")
        .set({ email: refused })
        .where("id", "=", t.alice)
        .execute();
      try {
        const refunded = await t.services.payments.refund(finance(t), payment.id, {
          stateVersion: payment.stateVersion,
          reason: "Hoàn tiền theo yêu cầu của thí sinh.",
        });
        expect(refunded).toMatchObject({ ok: true, payment: { state: "refunded" } });
        await queuedMailSent(t.db);
      } finally {
        await t.db.kysely
          .updateTable("user")
          .set({ email: "alice@example.vn" })
          .where("id", "=", t.alice)
          .execute();
      }
      expect(refundMails(refused, "vi", payment.reference)).toEqual([]);
      expect(await statuses(t, [entries[0]!.id])).toEqual(["submitted"]);
      const audit = await t.db.kysely
        .selectFrom("audit_log")
        .select(["action"])
        .where("target_id", "=", payment.id)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(["payment.confirm", "payment.refund"]);
      // Refused for good: not tried again, and listed among the undelivered messages.
      const undelivered = (await t.services.mail.undelivered()).filter((m) => m.to === refused);
      expect(undelivered).toEqual([
        expect.objectContaining({
          subject: SUBJECTS.paymentRefunded.vi.replace("VXP26K7M3QZ", payment.reference),
          attempts: 1,
          nextAttemptAt: null,
          givenUpAt: expect.any(String),
        }),
      ]);
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
        fieldErrors: { taxCode: "validation.taxCodeCheckDigit" },
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
      // For the e-invoice tool: the tax code and the invoice number keep their leading zeros,
      // the amount is a number in đồng, the day a date.
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
      const cells = (book.worksheets[0]!.getRow(2).values as unknown[]).slice(1);
      expect(cells.slice(0, 3)).toEqual([payment.reference, input.companyName, "0100233488"]);
      expect(cells[5]).toBe(payment.amountVnd);
      // What came in, beside what was due (the same here: paid in full).
      expect(cells[6]).toBe(payment.amountVnd);
      expect(cells[8]).toBe("0000123");
      expect(cells[10]).toBeInstanceOf(Date);
      const csv = await t.services.payments.exportVat(finance(t), {}, "csv", "vi");
      expect(csv.body.toString("utf8")).toContain('"=""0100233488""",');
      expect(csv.body.toString("utf8")).toContain(',"=""0000123""",');
    });

    it("records no invoice for a refunded payment, and exports each request's payment state", async () => {
      const { payment, paid } = await paidPayment(t);
      const asked = await t.services.payments.requestVat(t.alice, payment.reference, {
        companyName: "Công ty TNHH Sáng Tạo Việt",
        taxCode: "0100233488",
        address: "1 Tràng Tiền, Hà Nội",
        email: "ketoan@sangtao.vn",
      });
      if (!asked.ok) throw new Error("request refused");
      const refunded = await t.services.payments.refund(finance(t), payment.id, {
        stateVersion: paid.payment.stateVersion,
        reason: "Trùng thanh toán",
      });
      expect(refunded).toMatchObject({ ok: true });
      expect(
        await t.services.payments.issueVat(finance(t), asked.vat.id, { invoiceNumber: "0000777" }),
      ).toMatchObject({ ok: false, status: 409, formError: "paymentCore.vat.refunded" });
      expect((await t.services.payments.vatForPayment(payment.id))?.state).toBe("requested");
      const csv = await t.services.payments.exportVat(finance(t), {}, "csv", "vi");
      const row = csv.body
        .toString("utf8")
        .split("\n")
        .find((line) => line.includes(payment.reference));
      expect(row).toContain("Đã hoàn tiền");
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
