import { describe, expect, it } from "vitest";
import { checkoutSchema, parsePaymentListQuery, refundPaymentSchema } from "./payments";

describe("payment forms", () => {
  it("need at least one entry, no repeats, and a method", () => {
    expect(checkoutSchema.safeParse({ entryIds: ["a", "b"], method: "vietqr" }).success).toBe(true);
    const empty = checkoutSchema.safeParse({ entryIds: [], method: "vietqr" });
    expect(empty.error?.issues[0]?.message).toBe("paymentCore.validation.entriesRequired");
    expect(checkoutSchema.safeParse({ entryIds: ["a", "a"], method: "vietqr" }).success).toBe(
      false,
    );
    const noMethod = checkoutSchema.safeParse({ entryIds: ["a"], method: "cash" });
    expect(noMethod.error?.issues[0]?.message).toBe("paymentCore.validation.methodRequired");
  });

  it("ask a reason for a refund", () => {
    const result = refundPaymentSchema.safeParse({ stateVersion: "2", reason: "  " });
    expect(result.error?.issues[0]?.message).toBe("paymentCore.validation.reasonRequired");
  });

  it("read the list's URL, dropping what they do not know", () => {
    expect(
      parsePaymentListQuery(new URLSearchParams("state=paid&method=wire&from=2026-09-01&page=x")),
    ).toEqual({ state: "paid", from: "2026-09-01", page: 1 });
  });
});
