import type { PaymentsContext } from "./context";
import { settlePayment } from "./settle";
import type { PaymentActor } from "./types";
import { verifyVnpayQuery } from "./vnpay";

/** What VNPay expects back from the IPN (its documented RspCode values). */
export interface IpnAnswer {
  RspCode: "00" | "01" | "02" | "04" | "97" | "99";
  Message: string;
}

const VNPAY: PaymentActor = { userId: null, kind: "vnpay", role: "vnpay", name: "VNPay" };

/**
 * A test hook: the crash test (vnpay-ipn-crash.test.ts) sets VX_TEST_CRASH_IN_IPN to kill the
 * process at this point of an IPN, to prove a crash loses nothing and pays nothing twice.
 * Nothing else sets it; the configuration does not know it.
 */
function crashPoint(point: "before-settle" | "after-settle"): void {
  if (process.env.VX_TEST_CRASH_IN_IPN === point) process.kill(process.pid, "SIGKILL");
}

/**
 * VNPay's server tells us how a payment went (IPN). In order: the signature (97), the order
 * by vnp_TxnRef (01), the amount × 100 (04), a payment no longer pending (02 — a replay or a
 * payment already settled otherwise: nothing changes). Then the result: response and
 * transaction status "00" → paid (its entries paid, the confirmation email queued), anything else
 * → failed. Idempotent: the state change happens once in settlePayment, however many copies
 * of the IPN arrive at the same time; every copy after the first answers 02.
 */
export async function vnpayIpn(
  ctx: PaymentsContext,
  query: Readonly<Record<string, string>>,
): Promise<IpnAnswer> {
  try {
    const config = ctx.deps.vnpay;
    if (!config || !verifyVnpayQuery(config, query)) {
      return { RspCode: "97", Message: "Invalid signature" };
    }
    if (query.vnp_TmnCode !== config.tmnCode) return { RspCode: "01", Message: "Order not found" };
    const row = await ctx.db.kysely
      .selectFrom("payments")
      .select(["id", "state", "amount_vnd", "method"])
      .where("gateway_ref", "=", String(query.vnp_TxnRef ?? ""))
      .executeTakeFirst();
    if (!row || row.method !== "vnpay") return { RspCode: "01", Message: "Order not found" };
    const amount = Number(row.amount_vnd);
    if (!/^\d+$/.test(query.vnp_Amount ?? "") || Number(query.vnp_Amount) !== amount * 100) {
      return { RspCode: "04", Message: "Invalid amount" };
    }
    const success = query.vnp_ResponseCode === "00" && query.vnp_TransactionStatus === "00";
    if (row.state !== "pending") {
      // The gateway took the money for a payment that already ended without it (expired after
      // VNPay's window, or failed): nothing pays it here, so staff must hear of it to refund
      // the card or confirm the entries by hand.
      if (success && row.state !== "paid") {
        ctx.deps.logger?.error(
          {
            reference: query.vnp_TxnRef,
            state: row.state,
            amountVnd: amount,
            transactionNo: query.vnp_TransactionNo ?? null,
          },
          "VNPay reports a card payment taken for a payment no longer pending",
        );
      }
      return { RspCode: "02", Message: "Order already confirmed" };
    }
    crashPoint("before-settle");
    const result = await settlePayment(ctx, row.id, {
      to: success ? "paid" : "failed",
      actor: VNPAY,
      reason: success ? "" : `VNPay ${query.vnp_ResponseCode ?? ""}`.trim(),
      expectedAmountVnd: amount,
      ...(query.vnp_TransactionNo ? { gatewayTransaction: query.vnp_TransactionNo } : {}),
      detail: {
        responseCode: query.vnp_ResponseCode ?? null,
        transactionStatus: query.vnp_TransactionStatus ?? null,
        transactionNo: query.vnp_TransactionNo ?? null,
        bankCode: query.vnp_BankCode ?? null,
        payDate: query.vnp_PayDate ?? null,
      },
    });
    crashPoint("after-settle");
    if (!result.ok) {
      return result.reason === "amountMismatch"
        ? { RspCode: "04", Message: "Invalid amount" }
        : { RspCode: "02", Message: "Order already confirmed" };
    }
    if (!result.changed) return { RspCode: "02", Message: "Order already confirmed" };
    return { RspCode: "00", Message: "Confirm Success" };
  } catch (error) {
    ctx.deps.logger?.error({ err: error }, "VNPay IPN failed");
    return { RspCode: "99", Message: "Unknown error" };
  }
}
