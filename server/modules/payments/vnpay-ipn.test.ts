import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { withPublicUrl } from "../../public-url";
import { mailCount, newestMail } from "../entries/lifecycle-testbed";
import { createServices } from "../../services";
import { parsePaymentListQuery } from "../../../core/payments";
import {
  CLIENT,
  created,
  finance,
  ipnQuery,
  paymentsTestbed,
  statuses,
  submittedEntries,
  TEST_VNPAY,
} from "./testbed";
import { vnpaySign } from "./vnpay";

describe.each(testDatabases())("VNPay IPN on $name", (target) => {
  describe.skipIf(!target.available)("the IPN", () => {
    const t = paymentsTestbed(target);

    async function vnpayPayment(count = 2) {
      const entries = await submittedEntries(t, count);
      const { payment } = await created(
        t,
        entries.map((e) => e.id),
        "vnpay",
      );
      return { payment, ids: entries.map((e) => e.id) };
    }

    const paidEvents = async (paymentId: string) =>
      (
        await t.db.kysely
          .selectFrom("payment_events")
          .select("to_state")
          .where("payment_id", "=", paymentId)
          .where("to_state", "=", "paid")
          .execute()
      ).length;

    it("pays the payment and its entries once; a replay answers 02 and changes nothing", async () => {
      const { payment, ids } = await vnpayPayment();
      const mailsBefore = await mailCount(t, "alice@example.vn", "paymentConfirmed");
      const query = ipnQuery(payment.reference, payment.amountVnd);
      // Served at an address of its own (no PUBLIC_URL): the email's link goes there too.
      expect(
        await withPublicUrl("http://127.0.0.1:3900", () => t.services.payments.vnpayIpn(query)),
      ).toEqual({ RspCode: "00", Message: "Confirm Success" });
      expect(await statuses(t, ids)).toEqual(["paid", "paid"]);
      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(view).toMatchObject({ state: "paid" });
      expect(view?.events.at(-1)).toMatchObject({
        from: "pending",
        to: "paid",
        actorRole: "vnpay",
      });
      expect(await mailCount(t, "alice@example.vn", "paymentConfirmed")).toBe(mailsBefore + 1);
      const mail = await newestMail(t, "alice@example.vn", "paymentConfirmed");
      expect(mail?.text).toContain(
        `http://127.0.0.1:3900/nop-bai-du-thi/thanh-toan/${payment.reference}/bien-nhan`,
      );
      expect(await t.services.payments.vnpayIpn(query)).toMatchObject({ RspCode: "02" });
      expect(await paidEvents(payment.id)).toBe(1);
      // The replay sends no second confirmation.
      expect(await mailCount(t, "alice@example.vn", "paymentConfirmed")).toBe(mailsBefore + 1);
      const history = await t.entries.statusHistory(ids[0]!);
      expect(history.filter((h) => h.to === "paid")).toHaveLength(1);
    });

    it("refuses a wrong signature (97), an unknown order (01) and a wrong amount (04)", async () => {
      const { payment, ids } = await vnpayPayment(1);
      const good = ipnQuery(payment.reference, payment.amountVnd);
      expect(await t.services.payments.vnpayIpn({ ...good, vnp_ResponseCode: "24" })).toMatchObject(
        { RspCode: "97" },
      );
      expect(
        await t.services.payments.vnpayIpn({ ...good, vnp_SecureHash: "0".repeat(128) }),
      ).toMatchObject({ RspCode: "97" });
      expect(
        await t.services.payments.vnpayIpn(ipnQuery("VXP26ZZZZZZ", payment.amountVnd)),
      ).toMatchObject({ RspCode: "01" });
      expect(
        await t.services.payments.vnpayIpn(ipnQuery(payment.reference, payment.amountVnd - 1)),
      ).toMatchObject({ RspCode: "04" });
      expect(await statuses(t, ids)).toEqual(["submitted"]);
      expect((await t.services.payments.getForEntrant(t.alice, payment.reference))?.state).toBe(
        "pending",
      );
    });

    it("marks a declined payment failed and frees its entries", async () => {
      const { payment, ids } = await vnpayPayment(1);
      const declined = ipnQuery(payment.reference, payment.amountVnd, {
        vnp_ResponseCode: "24",
        vnp_TransactionStatus: "02",
      });
      expect(await t.services.payments.vnpayIpn(declined)).toMatchObject({ RspCode: "00" });
      expect((await t.services.payments.getForEntrant(t.alice, payment.reference))?.state).toBe(
        "failed",
      );
      expect(await statuses(t, ids)).toEqual(["submitted"]);
      const again = await created(t, ids, "vnpay");
      expect(again.payment.state).toBe("pending");
    });

    /** Moves the clock past the payment's expiry and runs the expiry job. */
    async function expire(payment: { expiresAt: string; reference: string }) {
      t.now = new Date(Date.parse(payment.expiresAt) + 1000);
      await t.services.payments.expireDue();
      expect((await t.services.payments.getForEntrant(t.alice, payment.reference))?.state).toBe(
        "expired",
      );
    }

    const notes = async (paymentId: string) =>
      t.db.kysely
        .selectFrom("payment_events")
        .select(["from_state", "to_state", "reason", "detail"])
        .where("payment_id", "=", paymentId)
        .whereRef("from_state", "=", "to_state")
        .execute();

    it("pays an expired card payment VNPay reports charged late, once, when its entries are free", async () => {
      const errors: { obj: object; msg: string }[] = [];
      const services = createServices(t.db, t.config, {
        onContentChange: () => {},
        clock: () => t.now,
        logger: {
          error: (obj: object, msg: string) => void errors.push({ obj, msg }),
          warn: () => {},
          info: () => {},
        },
      });
      const { payment, ids } = await vnpayPayment(2);
      await expire(payment);
      expect(await statuses(t, ids)).toEqual(["submitted", "submitted"]);
      const mailsBefore = await mailCount(t, "alice@example.vn", "paymentConfirmed");
      const late = ipnQuery(payment.reference, payment.amountVnd, {
        vnp_TransactionNo: "14100777",
      });
      expect(await services.payments.vnpayIpn(late)).toEqual({
        RspCode: "00",
        Message: "Confirm Success",
      });
      expect(await statuses(t, ids)).toEqual(["paid", "paid"]);
      const view = await t.services.payments.getForStaff(payment.id);
      expect(view).toMatchObject({
        state: "paid",
        gatewayTransaction: "14100777",
        attention: null,
      });
      expect(view?.events.at(-1)).toMatchObject({
        from: "expired",
        to: "paid",
        actorRole: "vnpay",
        reason: "VNPay reported the card charged after the payment was expired",
      });
      expect(await mailCount(t, "alice@example.vn", "paymentConfirmed")).toBe(mailsBefore + 1);
      expect(errors).toEqual([
        {
          obj: expect.objectContaining({ reference: payment.reference, state: "expired" }),
          msg: "VNPay reports a card payment taken after the payment ended: paid late",
        },
      ]);
      // The entries are held again: no second payment for them.
      expect(
        await t.services.payments.create(t.alice, { entryIds: ids, method: "vietqr" }, CLIENT),
      ).toMatchObject({ ok: false, status: 409 });
      // A replay of the now paid success is a duplicate: 02, nothing twice.
      expect(await services.payments.vnpayIpn(late)).toMatchObject({ RspCode: "02" });
      expect(await paidEvents(payment.id)).toBe(1);
      expect(await mailCount(t, "alice@example.vn", "paymentConfirmed")).toBe(mailsBefore + 1);
      expect(errors).toHaveLength(1);

      // A payment VNPay first declined and then reports charged is paid the same way.
      const { payment: declined, ids: declinedIds } = await vnpayPayment(1);
      await services.payments.vnpayIpn(
        ipnQuery(declined.reference, declined.amountVnd, {
          vnp_ResponseCode: "24",
          vnp_TransactionStatus: "02",
        }),
      );
      expect(
        await services.payments.vnpayIpn(ipnQuery(declined.reference, declined.amountVnd)),
      ).toMatchObject({ RspCode: "00" });
      expect(await statuses(t, declinedIds)).toEqual(["paid"]);
    });

    it("notes late money whose entries went elsewhere for finance, touching nothing else", async () => {
      const { payment, ids } = await vnpayPayment(2);
      await expire(payment);
      // One entry is now in a new transfer, the other withdrawn.
      const other = await created(t, [ids[0]!]);
      expect(await t.entries.withdraw(t.alice, ids[1]!)).toMatchObject({ ok: true });
      const late = ipnQuery(payment.reference, payment.amountVnd, {
        vnp_TransactionNo: "14100888",
      });
      expect(await t.services.payments.vnpayIpn(late)).toEqual({
        RspCode: "00",
        Message: "Confirm Success",
      });
      // Recorded once, however often VNPay sends it.
      expect(await t.services.payments.vnpayIpn(late)).toMatchObject({ RspCode: "00" });
      expect(await notes(payment.id)).toHaveLength(1);
      expect(await statuses(t, ids)).toEqual(["submitted", "withdrawn"]);
      const otherNow = await t.services.payments.getForStaff(other.payment.id);
      expect(otherNow).toMatchObject({ state: "pending", attention: null });
      expect(otherNow?.events).toHaveLength(1);
      const view = await t.services.payments.getForStaff(payment.id);
      const codes = (
        await t.db.kysely
          .selectFrom("entries")
          .select("code")
          .where("id", "in", ids)
          .orderBy("code")
          .execute()
      ).map((r) => r.code);
      expect(view).toMatchObject({
        state: "expired",
        attention: { kind: "lateCapture", transactionNo: "14100888", blockedEntryCodes: codes },
      });
      // The staff list finds it: the count, the filter and the row's flag.
      const listed = await t.services.payments.list(parsePaymentListQuery(new URLSearchParams()));
      expect(listed.attentionCount).toBeGreaterThanOrEqual(1);
      expect(listed.rows.find((r) => r.id === payment.id)?.needsAttention).toBe(true);
      expect(listed.rows.find((r) => r.id === other.payment.id)?.needsAttention).toBe(false);
      const only = await t.services.payments.list(
        parsePaymentListQuery(new URLSearchParams({ attention: "open" })),
      );
      expect(only.rows.map((r) => r.id)).toContain(payment.id);
      expect(only.rows.every((r) => r.needsAttention)).toBe(true);
      expect(only.total).toBe(listed.attentionCount);
    });

    it("holds a payment VNPay reports charged but suspected (07): entries kept, noted, not expired", async () => {
      const { payment, ids } = await vnpayPayment(1);
      const suspect = ipnQuery(payment.reference, payment.amountVnd, {
        vnp_ResponseCode: "07",
        vnp_TransactionStatus: "07",
      });
      expect(await t.services.payments.vnpayIpn(suspect)).toEqual({
        RspCode: "00",
        Message: "Confirm Success",
      });
      expect(await t.services.payments.vnpayIpn(suspect)).toMatchObject({ RspCode: "00" });
      expect(await notes(payment.id)).toHaveLength(1);
      expect(await statuses(t, ids)).toEqual(["submitted"]);
      // Not free to pay again, and past its time it still holds them.
      expect(
        await t.services.payments.create(t.alice, { entryIds: ids, method: "vietqr" }, CLIENT),
      ).toMatchObject({ ok: false, status: 409 });
      t.now = new Date(Date.parse(payment.expiresAt) + 1000);
      await t.services.payments.expireDue();
      expect(
        await t.services.payments.create(t.alice, { entryIds: ids, method: "vietqr" }, CLIENT),
      ).toMatchObject({ ok: false, status: 409 });
      const held = await t.services.payments.getForStaff(payment.id);
      expect(held).toMatchObject({ state: "pending", attention: { kind: "heldForReview" } });
      const listed = await t.services.payments.list(
        parsePaymentListQuery(new URLSearchParams({ attention: "open" })),
      );
      expect(listed.rows.map((r) => r.id)).toContain(payment.id);
      // Finance confirms it once VNPay clears it: paid, no longer listed.
      const confirmed = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: held!.stateVersion,
      });
      expect(confirmed).toMatchObject({ ok: true });
      expect(await statuses(t, ids)).toEqual(["paid"]);
      expect(await t.services.payments.getForStaff(payment.id)).toMatchObject({
        state: "paid",
        attention: null,
      });
    });

    it("turns 50 simultaneous copies of the IPN into exactly one payment", async () => {
      const { payment, ids } = await vnpayPayment(2);
      const query = ipnQuery(payment.reference, payment.amountVnd);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.services.payments.vnpayIpn({ ...query })),
      );
      expect(answers.filter((a) => a.RspCode === "00")).toHaveLength(1);
      expect(answers.filter((a) => a.RspCode === "02")).toHaveLength(49);
      expect(await paidEvents(payment.id)).toBe(1);
      for (const id of ids) {
        const history = await t.entries.statusHistory(id);
        expect(history.filter((h) => h.to === "paid")).toHaveLength(1);
      }
    });

    it("shows the return page's result without changing anything", async () => {
      const { payment } = await vnpayPayment(1);
      const params = {
        vnp_TxnRef: payment.reference,
        vnp_ResponseCode: "00",
        vnp_Amount: String(payment.amountVnd * 100),
      };
      const query = { ...params, vnp_SecureHash: vnpaySign(TEST_VNPAY.hashSecret, params) };
      const shown = await t.services.payments.vnpayReturn(t.alice, query);
      expect(shown).toMatchObject({
        signatureValid: true,
        responseCode: "00",
        payment: { state: "pending" },
      });
      expect((await t.services.payments.vnpayReturn(t.bob, query)).payment).toBeNull();
      expect(
        (await t.services.payments.vnpayReturn(t.alice, { ...query, vnp_ResponseCode: "24" }))
          .signatureValid,
      ).toBe(false);
    });
  });
});
