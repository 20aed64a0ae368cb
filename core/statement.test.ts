import { describe, expect, it } from "vitest";
import {
  matchStatementLine,
  parseStatementAmount,
  parseStatementDate,
  statementLineKey,
  statementMappingSchema,
  type MatchCandidate,
} from "./statement";

describe("statement amounts", () => {
  it("read the ways banks write whole đồng", () => {
    for (const text of [
      "1.500.000",
      "1,500,000",
      "1 500 000 VND",
      "+1500000",
      "1500000.00",
      "1.500.000 đ",
    ]) {
      expect(parseStatementAmount(text), text).toBe(1_500_000);
    }
    expect(parseStatementAmount(1_500_000)).toBe(1_500_000);
  });

  it("refuse debits, zero, fractions and text", () => {
    for (const value of ["-1500000", "0", "1500,5", "abc", "", 12.5, -3, null]) {
      expect(parseStatementAmount(value), String(value)).toBeNull();
    }
  });
});

describe("statement dates", () => {
  it("read DD/MM/YYYY, DD-MM-YYYY, YYYY-MM-DD and spreadsheet dates", () => {
    expect(parseStatementDate("02/09/2026")).toBe("2026-09-02");
    expect(parseStatementDate("2-9-2026 10:15:00")).toBe("2026-09-02");
    expect(parseStatementDate("2026-09-02")).toBe("2026-09-02");
    expect(parseStatementDate(new Date("2026-09-01T17:30:00Z"))).toBe("2026-09-02");
    expect(parseStatementDate("31/02/2026")).toBeNull();
    expect(parseStatementDate("hôm qua")).toBeNull();
  });
});

describe("matching a line", () => {
  const payments = new Map<string, MatchCandidate>([
    ["VXP26K7M3QZ", { id: "p1", reference: "VXP26K7M3QZ", amountVnd: 6_000_000, state: "pending" }],
    ["VXP26AAAAAA", { id: "p2", reference: "VXP26AAAAAA", amountVnd: 3_000_000, state: "paid" }],
  ]);

  it("pays a pending payment named in the memo with the exact amount", () => {
    expect(
      matchStatementLine(
        { memo: "MBVCB.123.vxp26k7m3qz VX26TV0042", amountVnd: 6_000_000 },
        payments,
      ),
    ).toEqual({
      outcome: "matched",
      paymentId: "p1",
      reference: "VXP26K7M3QZ",
    });
  });

  it("leaves a different amount, a settled payment or two references to a person", () => {
    expect(
      matchStatementLine({ memo: "VXP26K7M3QZ", amountVnd: 5_000_000 }, payments),
    ).toMatchObject({ outcome: "partial", paymentId: "p1" });
    expect(
      matchStatementLine({ memo: "VXP26AAAAAA", amountVnd: 3_000_000 }, payments),
    ).toMatchObject({ outcome: "partial", paymentId: "p2" });
    expect(
      matchStatementLine({ memo: "VXP26K7M3QZ VXP26AAAAAA", amountVnd: 9_000_000 }, payments),
    ).toMatchObject({ outcome: "partial" });
    expect(matchStatementLine({ memo: "VXP26ZZZZZZ", amountVnd: 1 }, payments)).toEqual({
      outcome: "partial",
      paymentId: null,
      reference: "VXP26ZZZZZZ",
    });
  });

  it("calls a memo without a reference unknown", () => {
    expect(matchStatementLine({ memo: "chuyen tien hoc phi", amountVnd: 100 }, payments)).toEqual({
      outcome: "unknown",
    });
  });

  it("keys a line by date, amount, memo and bank reference, ignoring case and spacing", () => {
    const a = { bookedOn: "2026-09-02", amountVnd: 1, memo: "vxp26k7m3qz  ck", bankRef: "FT1" };
    expect(statementLineKey(a)).toBe(statementLineKey({ ...a, memo: "VXP26K7M3QZ CK" }));
    expect(statementLineKey(a)).not.toBe(statementLineKey({ ...a, bankRef: "FT2" }));
  });

  it("needs the three columns named", () => {
    const result = statementMappingSchema.safeParse({
      dateColumn: "Ngày",
      amountColumn: "",
      memoColumn: "Nội dung",
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["amountColumn"],
      message: "paymentCore.statement.columnRequired",
    });
  });
});
