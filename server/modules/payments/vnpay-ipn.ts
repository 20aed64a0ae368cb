import { acceptsAttention, isEndedUnpaid, type PaymentState } from "../../../core/payment-state";
import type { PaymentsContext } from "./context";
import { settlePayment } from "./settle";
import type { PaymentActor } from "./types";
import { holdForReview, settleLateCapture } from "./vnpay-attention";
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
 * VNPay's documented answers that the card was charged but the payment is in doubt: response
 * "07" (money taken, transaction suspected of fraud or unusual), transaction status "07" (the
 * same) or "04" (reversed: the bank took the money, VNPay did not complete it). Finance decides.
 */
function moneyHeld(query: Readonly<Record<string, string>>): boolean {
  return (
    query.vnp_ResponseCode === "07" ||
    query.vnp_TransactionStatus === "07" ||
    query.vnp_TransactionStatus === "04"
  );
}

/**
 * VNPay's server tells us how a payment went (IPN). In order: the signature (97), the order
 * by vnp_TxnRef (01), the amount × 100 (04). Then the result for a pending payment: response and
 * transaction status "00" → paid (its entries paid, the confirmation email queued); money taken
 * but held (`moneyHeld`) → a note for finance, the payment keeps its entries and does not
 * expire; anything else → failed. A success (or held money) for a payment that had ended
 * unpaid (expired, cancelled, failed) pays it when its entries are still free, else notes it
 * for finance to refund (`settleLateCapture`): 00 either way. A paid or refunded payment, or a
 * failure report for an ended one, answers 02 and changes nothing. Idempotent: the state change
 * happens once in settlePayment, however many copies of the IPN arrive at the same time (every
 * copy after the first answers 02), and a note is written once.
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
    const held = !success && moneyHeld(query);
    const detail = {
      responseCode: query.vnp_ResponseCode ?? null,
      transactionStatus: query.vnp_TransactionStatus ?? null,
      transactionNo: query.vnp_TransactionNo ?? null,
      bankCode: query.vnp_BankCode ?? null,
      payDate: query.vnp_PayDate ?? null,
    };
    // Read again when the payment ended between the read above and the settlement (expiry).
    const ended = async (state: string): Promise<IpnAnswer> => {
      if ((success || held) && isEndedUnpaid(state as PaymentState)) {
        // The card was charged for a payment that had ended without its money: pay it when
        // nothing else took its entries, else tell finance; the log says so for operations too.
        const outcome = success
          ? await settleLateCapture(ctx, row.id, VNPAY, {
              amountVnd: amount,
              transactionNo: query.vnp_TransactionNo ?? null,
              detail,
            })
          : (await holdForReview(ctx, row.id, VNPAY, detail)).recorded
            ? "noted"
            : "repeat";
        if (outcome === "notEnded") return { RspCode: "02", Message: "Order already confirmed" };
        if (outcome !== "repeat") {
          ctx.deps.logger?.error(
            {
              reference: query.vnp_TxnRef,
              state,
              amountVnd: amount,
              transactionNo: query.vnp_TransactionNo ?? null,
              outcome,
            },
            outcome === "paid"
              ? "VNPay reports a card payment taken after the payment ended: paid late"
              : "VNPay reports a card payment taken for a payment no longer pending: needs finance",
          );
        }
        return { RspCode: "00", Message: "Confirm Success" };
      }
      return { RspCode: "02", Message: "Order already confirmed" };
    };
    if (row.state !== "pending") return await ended(row.state);
    if (held) {
      const { state } = await holdForReview(ctx, row.id, VNPAY, detail);
      // Paid by another copy in the meantime: nothing held here.
      if (state === null || !acceptsAttention(state)) {
        return { RspCode: "02", Message: "Order already confirmed" };
      }
      return { RspCode: "00", Message: "Confirm Success" };
    }
    crashPoint("before-settle");
    const result = await settlePayment(ctx, row.id, {
      to: success ? "paid" : "failed",
      actor: VNPAY,
      reason: success ? "" : `VNPay ${query.vnp_ResponseCode ?? ""}`.trim(),
      expectedAmountVnd: amount,
      ...(query.vnp_TransactionNo ? { gatewayTransaction: query.vnp_TransactionNo } : {}),
      detail,
    });
    crashPoint("after-settle");
    if (!result.ok) {
      if (result.reason === "notAllowed" && result.state) return await ended(result.state);
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
