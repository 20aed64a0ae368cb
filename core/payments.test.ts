import { describe, expect, it } from "vitest";
import {
  checkoutSchema,
  parsePaymentListQuery,
  paymentListDateErrors,
  refundPaymentSchema,
} from "./payments";

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

  it("read the season the filter's select sends, and drop one that is no year", () => {
    expect(parsePaymentListQuery(new URLSearchParams("season=2027"))).toEqual({
      season: 2027,
      page: 1,
    });
    for (const season of ["", "20x7", "1999", "2027.5", "99999"]) {
      expect(parsePaymentListQuery(new URLSearchParams({ season })).season).toBeUndefined();
    }
  });

  it("refuse a date range that ends before it starts, and leave its end out of the list", () => {
    const reversed = new URLSearchParams("from=20/11/2026&to=01/11/2026");
    expect(paymentListDateErrors(reversed)).toEqual({
      to: "validation.dateRangeReversed",
    });
    expect(parsePaymentListQuery(reversed)).toEqual({ from: "2026-11-20", page: 1 });
    const oneDay = new URLSearchParams("from=01/11/2026&to=01/11/2026");
    expect(paymentListDateErrors(oneDay)).toEqual({});
    expect(parsePaymentListQuery(oneDay)).toMatchObject({ from: "2026-11-01", to: "2026-11-01" });
  });
});
