import { describe, expect, it } from "vitest";
import {
  canMovePayment,
  entrantMayCancel,
  isLapsedPayment,
  isLivePayment,
  isPaymentMethod,
  isPaymentState,
  PAYMENT_STATES,
  paymentMoveNeedsReason,
} from "./payment-state";

describe("payment states", () => {
  it("moves pending to paid, failed, expired or cancelled, and paid only to refunded", () => {
    const allowed = PAYMENT_STATES.flatMap((from) =>
      PAYMENT_STATES.filter((to) => canMovePayment(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      "pending→paid",
      "pending→failed",
      "pending→expired",
      "pending→cancelled",
      "paid→refunded",
    ]);
  });

  it("keeps entries only in pending and paid payments", () => {
    expect(PAYMENT_STATES.filter(isLivePayment)).toEqual(["pending", "paid"]);
  });

  it("lets the entrant cancel only a bank transfer still waiting for its money", () => {
    const may = PAYMENT_STATES.flatMap((state) =>
      (["vietqr", "vnpay"] as const)
        .filter((method) => entrantMayCancel({ state, method }))
        .map((method) => `${state}/${method}`),
    );
    expect(may).toEqual(["pending/vietqr"]);
  });

  it("asks a reason for a refund", () => {
    expect(PAYMENT_STATES.filter(paymentMoveNeedsReason)).toEqual(["refunded"]);
  });

  it("calls lapsed only a payment that ended before any money came", () => {
    expect(PAYMENT_STATES.filter(isLapsedPayment)).toEqual(["expired", "cancelled"]);
  });

  it("recognises states and methods and nothing else", () => {
    expect(isPaymentState("paid")).toBe(true);
    expect(isPaymentState("PAID")).toBe(false);
    expect(isPaymentMethod("vietqr")).toBe(true);
    expect(isPaymentMethod("cash")).toBe(false);
  });
});
