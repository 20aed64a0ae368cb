import { describe, expect, it } from "vitest";
import { parsePaymentListQuery } from "../../../core/payments";
import { testDatabases } from "../../test-support/databases";
import type { StaffActor } from "./staff-move";
import {
  CLIENT,
  created,
  finance,
  ipnQuery,
  paymentsTestbed,
  statuses,
  submittedEntries,
} from "./testbed";

// Finance closing what VNPay's money left open: a late charge on an ended payment is marked
// handled (refunded outside the platform), a payment VNPay held and then reversed is released.

describe.each(testDatabases())("money to handle on $name", (target) => {
  describe.skipIf(!target.available)("finance closes the notes", () => {
    const t = paymentsTestbed(target);

    const editor = (): StaffActor => ({
      id: t.staff,
      email: "staff@example.vn",
      role: "editor",
      name: "Biên Tập",
    });
    // An entrant's session reaching the operation (the pages refuse it before).
    const entrant = () =>
      ({ id: t.alice, email: "alice@example.vn", role: "entrant", name: "Ánh" }) as never;

    async function cardPayment(count = 1) {
      const entries = await submittedEntries(t, count);
      const ids = entries.map((e) => e.id);
      const { payment } = await created(t, ids, "vnpay");
      return { payment, ids };
    }

    const openList = async () => {
      const all = await t.services.payments.list(parsePaymentListQuery(new URLSearchParams()));
      const only = await t.services.payments.list(
        parsePaymentListQuery(new URLSearchParams({ attention: "open" })),
      );
      // The count finance sees is the filtered list's size.
      expect(only.total).toBe(all.attentionCount);
      return { all, ids: only.rows.map((r) => r.id), count: all.attentionCount };
    };

    const notes = (paymentId: string) =>
      t.db.kysely
        .selectFrom("payment_events")
        .select(["from_state", "to_state", "actor_role", "actor_name", "reason", "detail"])
        .where("payment_id", "=", paymentId)
        .whereRef("from_state", "=", "to_state")
        .orderBy("id")
        .execute();

    const auditOf = async (paymentId: string) =>
      (
        await t.db.kysely
          .selectFrom("audit_log")
          .select(["action", "summary"])
          .where("target_id", "=", paymentId)
          .orderBy("id")
          .execute()
      ).map((a) => ({ action: a.action, summary: JSON.parse(a.summary) as unknown }));

    it("marks late money on an ended payment handled: the note closes, the history keeps both", async () => {
      const { payment, ids } = await cardPayment(1);
      t.now = new Date(Date.parse(payment.expiresAt) + 1000);
      await t.services.payments.expireDue();
      // The entry went into a new transfer: VNPay's late charge cannot pay the ended payment.
      await created(t, ids);
      const late = ipnQuery(payment.reference, payment.amountVnd, {
        vnp_TransactionNo: "14100999",
      });
      expect(await t.services.payments.vnpayIpn(late)).toMatchObject({ RspCode: "00" });
      const noted = await t.services.payments.getForStaff(payment.id);
      expect(noted).toMatchObject({ state: "expired", attention: { kind: "lateCapture" } });
      const before = await openList();
      expect(before.ids).toContain(payment.id);
      const input = {
        stateVersion: noted!.stateVersion,
        reason: "Đã hoàn tiền qua VNPay ngày 05/12/2026, mã GD 14100999",
      };

      // Only the payments section's roles; a reason; the page's state version.
      for (const who of [editor(), entrant()]) {
        expect(await t.services.payments.markHandled(who, payment.id, input)).toMatchObject({
          ok: false,
          status: 403,
          formError: "paymentAdmin.problems.notFinance",
        });
      }
      expect(
        await t.services.payments.markHandled(finance(t), payment.id, { ...input, reason: "  " }),
      ).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { reason: "paymentCore.validation.reasonRequired" },
      });
      expect(
        await t.services.payments.markHandled(finance(t), payment.id, {
          ...input,
          stateVersion: noted!.stateVersion - 1,
        }),
      ).toMatchObject({ ok: false, status: 409, formError: "paymentCore.problems.conflict" });
      expect(await t.services.payments.getForStaff(payment.id)).toMatchObject({
        attention: { kind: "lateCapture" },
      });

      const handled = await t.services.payments.markHandled(finance(t), payment.id, input);
      expect(handled).toMatchObject({ ok: true, payment: { state: "expired" } });
      const after = await t.services.payments.getForStaff(payment.id);
      expect(after).toMatchObject({ state: "expired", attention: null });
      expect(after?.events.at(-1)).toMatchObject({
        from: "expired",
        to: "expired",
        actorRole: "finance",
        actorName: "Hoàng Kế Toán",
        reason: input.reason,
      });
      const listed = await openList();
      expect(listed.ids).not.toContain(payment.id);
      expect(listed.count).toBe(before.count - 1);
      expect(listed.all.rows.find((r) => r.id === payment.id)?.needsAttention).toBe(false);
      // Append-only: VNPay's note stays as it was, the closing note follows it.
      const history = await notes(payment.id);
      expect(history).toHaveLength(2);
      expect(history[0]).toMatchObject({ actor_role: "vnpay", to_state: "expired" });
      expect(JSON.parse(history[0]!.detail)).toMatchObject({
        attention: "lateCapture",
        transactionNo: "14100999",
      });
      expect(history[1]).toMatchObject({ actor_role: "finance", reason: input.reason });
      expect(JSON.parse(history[1]!.detail)).toEqual({
        attention: "handled",
        closes: ["lateCapture"],
      });
      expect(await auditOf(payment.id)).toEqual([
        {
          action: "payment.attentionHandled",
          summary: {
            reference: payment.reference,
            amountVnd: payment.amountVnd,
            closes: ["lateCapture"],
            reason: input.reason,
          },
        },
      ]);

      // A second officer on the same page, and VNPay repeating its report, change nothing.
      expect(await t.services.payments.markHandled(finance(t), payment.id, input)).toMatchObject({
        ok: false,
        status: 409,
        formError: "paymentCore.problems.conflict",
      });
      expect(await t.services.payments.vnpayIpn(late)).toMatchObject({ RspCode: "00" });
      expect(await notes(payment.id)).toHaveLength(2);
      expect(await t.services.payments.getForStaff(payment.id)).toMatchObject({ attention: null });
    });

    it("releases a payment VNPay held for review: failed, its entries payable again", async () => {
      const { payment, ids } = await cardPayment(1);
      const suspect = ipnQuery(payment.reference, payment.amountVnd, {
        vnp_ResponseCode: "07",
        vnp_TransactionStatus: "07",
      });
      expect(await t.services.payments.vnpayIpn(suspect)).toMatchObject({ RspCode: "00" });
      const held = await t.services.payments.getForStaff(payment.id);
      expect(held).toMatchObject({ state: "pending", attention: { kind: "heldForReview" } });
      expect((await openList()).ids).toContain(payment.id);
      const payable = async () =>
        (await t.services.payments.checkout(t.alice)).payable.map((e) => e.entryId);
      expect(await payable()).not.toContain(ids[0]);
      const input = { stateVersion: held!.stateVersion, reason: "VNPay đã huỷ giao dịch 07" };

      expect(await t.services.payments.release(editor(), payment.id, input)).toMatchObject({
        ok: false,
        status: 403,
      });
      expect(
        await t.services.payments.release(finance(t), payment.id, { ...input, reason: "" }),
      ).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { reason: "paymentCore.validation.reasonRequired" },
      });
      expect(
        await t.services.payments.release(finance(t), payment.id, {
          ...input,
          stateVersion: held!.stateVersion + 1,
        }),
      ).toMatchObject({ ok: false, status: 409, formError: "paymentCore.problems.conflict" });
      // A held payment is released, not marked handled (its entries must be freed with it).
      expect(await t.services.payments.markHandled(finance(t), payment.id, input)).toMatchObject({
        ok: false,
        status: 409,
        formError: "paymentCore.problems.stateNotAllowed",
      });

      const released = await t.services.payments.release(finance(t), payment.id, input);
      expect(released).toMatchObject({ ok: true, payment: { state: "failed" } });
      const after = await t.services.payments.getForStaff(payment.id);
      expect(after).toMatchObject({ state: "failed", attention: null });
      expect(after?.events.at(-1)).toMatchObject({
        from: "pending",
        to: "failed",
        actorRole: "finance",
        reason: input.reason,
      });
      expect((await openList()).ids).not.toContain(payment.id);
      expect(await statuses(t, ids)).toEqual(["submitted"]);
      expect(await payable()).toContain(ids[0]);
      expect(await auditOf(payment.id)).toMatchObject([{ action: "payment.release" }]);

      // Past its time the expiry job leaves it failed; the entry takes a new payment.
      t.now = new Date(Date.parse(payment.expiresAt) + 1000);
      await t.services.payments.expireDue();
      expect(await t.services.payments.getForStaff(payment.id)).toMatchObject({
        state: "failed",
        attention: null,
      });
      expect(
        await t.services.payments.create(t.alice, { entryIds: ids, method: "vietqr" }, CLIENT),
      ).toMatchObject({ ok: true });
      // A stale page releasing again gets the conflict.
      expect(await t.services.payments.release(finance(t), payment.id, input)).toMatchObject({
        ok: false,
        status: 409,
        formError: "paymentCore.problems.conflict",
      });
    });

    it("releases only a held payment", async () => {
      const { payment } = await cardPayment(1);
      expect(
        await t.services.payments.release(finance(t), payment.id, {
          stateVersion: payment.stateVersion,
          reason: "Không có lý do",
        }),
      ).toMatchObject({
        ok: false,
        status: 409,
        formError: "paymentCore.problems.stateNotAllowed",
      });
      expect(await t.services.payments.getForStaff(payment.id)).toMatchObject({
        state: "pending",
      });
    });
  });
});
