import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { withPublicUrl } from "../../public-url";
import { mailCount, newestMail } from "../entries/lifecycle-testbed";
import { createServices } from "../../services";
import {
  CLIENT,
  created,
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

    it("tells staff through the log of a card taken for a payment that had expired", async () => {
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
      const [entry] = await submittedEntries(t, 1);
      const made = await services.payments.create(
        t.alice,
        { entryIds: [entry!.id], method: "vnpay" },
        CLIENT,
      );
      if (!made.ok) throw new Error("create refused");
      const { payment } = made;
      t.now = new Date(Date.parse(payment.expiresAt) + 1000);
      expect(await services.payments.expireDue()).toBeGreaterThanOrEqual(1);
      const late = ipnQuery(payment.reference, payment.amountVnd);
      expect(await services.payments.vnpayIpn(late)).toMatchObject({ RspCode: "02" });
      expect(errors).toEqual([
        {
          obj: expect.objectContaining({ reference: payment.reference, state: "expired" }),
          msg: "VNPay reports a card payment taken for a payment no longer pending",
        },
      ]);
      // A replay of a payment that was paid is no news.
      const { payment: paid, ids } = await vnpayPayment(1);
      await services.payments.vnpayIpn(ipnQuery(paid.reference, paid.amountVnd));
      await services.payments.vnpayIpn(ipnQuery(paid.reference, paid.amountVnd));
      expect(await statuses(t, ids)).toEqual(["paid"]);
      expect(errors).toHaveLength(1);
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
