import { describe, expect, it } from "vitest";
import {
  amountDifference,
  isStatementSummaryRow,
  lineBookedAfter,
  matchStatementLine,
  parseStatementAmount,
  parseStatementDate,
  parseStatementDirection,
  resolveStatementLineSchema,
  resolveStatementLineSchemaFor,
  statementColumnOf,
  statementLineKey,
  statementLineKeys,
  statementMappingSchema,
  unmappedDirectionColumn,
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

  it("read grouped thousands with zero decimals, either way round", () => {
    for (const text of ["2,000,000.00", "2.000.000,00", "2 000 000,00 VND", "2,000.00"]) {
      expect(parseStatementAmount(text), text).toBe(text.startsWith("2,000.") ? 2_000 : 2_000_000);
    }
  });

  it("refuse debits, zero, fractions and text", () => {
    for (const value of [
      "-1500000",
      "0",
      "1500,5",
      "abc",
      "",
      12.5,
      -3,
      null,
      "2,000,000.50",
      "2.000.000,05",
      "2.000.000.00",
      "2,000,000,00",
      "2,000,000.000",
    ]) {
      expect(parseStatementAmount(value), String(value)).toBeNull();
    }
  });

  it("never read a signed column's debit as a credit, however the minus is written", () => {
    for (const value of [
      "-1.500.000",
      "- 1.500.000",
      "-1,500,000.00",
      "−1.500.000",
      "(1.500.000)",
      "1.500.000-",
      "-1500000 VND",
      "+-1500000",
      -1_500_000,
    ]) {
      expect(parseStatementAmount(value), String(value)).toBeNull();
    }
  });
});

describe("statement directions", () => {
  it("read the ways banks mark a credit, with or without marks, in any case and spacing", () => {
    for (const text of [
      "C",
      "c",
      " C ",
      "CR",
      "cr",
      "Cr.",
      "Có",
      "CÓ",
      "có",
      "Co",
      "CO",
      "Có".normalize("NFD"),
      "Ghi có",
      "GHI CÓ",
      "ghi  co",
      " Ghi\u00a0Có ",
      "Credit",
      "Tiền vào",
    ]) {
      expect(parseStatementDirection(text), JSON.stringify(text)).toBe("credit");
    }
  });

  it("read the ways banks mark a debit, with or without marks, in any case and spacing", () => {
    for (const text of [
      "D",
      "d",
      " D",
      "DR",
      "dr",
      "Nợ",
      "NỢ",
      "nợ",
      "No",
      "NO",
      "Nợ".normalize("NFD"),
      "Ghi nợ",
      "GHI NỢ",
      "ghi no",
      "\tGhi Nợ\n",
      "Debit",
      "Tiền ra",
    ]) {
      expect(parseStatementDirection(text), JSON.stringify(text)).toBe("debit");
    }
  });

  it("guess nothing from anything else", () => {
    for (const value of [
      "",
      "  ",
      "X",
      "Có/Nợ",
      "C/D",
      "Chuyển khoản",
      "+",
      "-",
      "CD",
      "Ghi",
      1,
      null,
      undefined,
      true,
    ]) {
      expect(parseStatementDirection(value), String(value)).toBeNull();
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

  it("keys identical lines of one file by their occurrence, the first as before", () => {
    const line = { bookedOn: "2026-12-02", amountVnd: 1_000_000, memo: "VXP26ESY6RK", bankRef: "" };
    const other = { ...line, amountVnd: 500_000 };
    const keys = statementLineKeys([line, other, { ...line }, { ...line, memo: "vxp26esy6rk" }]);
    expect(new Set(keys).size).toBe(4);
    expect(keys[0]).toBe(statementLineKey(line));
    expect(keys[1]).toBe(statementLineKey(other));
    // The same file read again gives the same keys: its nth identical line is the nth stored.
    expect(statementLineKeys([line, other, line, line])).toEqual(keys);
    expect(statementLineKeys([line])).toEqual(keys.slice(0, 1));
  });

  it("leaves the direction column out unless named, and keeps it when named", () => {
    const three = { dateColumn: "Ngày", amountColumn: "Số tiền", memoColumn: "Nội dung" };
    expect(statementMappingSchema.parse(three)).toMatchObject({ directionColumn: "" });
    expect(
      statementMappingSchema.parse({ ...three, directionColumn: "  Nợ/Có " }).directionColumn,
    ).toBe("Nợ/Có");
    expect(
      statementMappingSchema.safeParse({ ...three, directionColumn: "x".repeat(101) }).error
        ?.issues[0],
    ).toMatchObject({ path: ["directionColumn"], message: "validation.tooLong" });
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

describe("settling a line by hand", () => {
  const pay = { action: "pay", reference: "VXP26BCCPYR", note: "" };

  it("needs a note when the line pays another amount than the payment's", () => {
    const short = { lineAmountVnd: 1_500_000, paymentAmountVnd: 2_000_000 };
    expect(amountDifference(short)).toBe(-500_000);
    expect(resolveStatementLineSchemaFor(short).safeParse(pay).error?.issues[0]).toMatchObject({
      path: ["note"],
      message: "paymentCore.statement.noteRequiredForDifference",
    });
    expect(
      resolveStatementLineSchemaFor(short).safeParse({ ...pay, note: "Bù tiền mặt" }).success,
    ).toBe(true);
    const over = { lineAmountVnd: 2_500_000, paymentAmountVnd: 2_000_000 };
    expect(resolveStatementLineSchemaFor(over).safeParse({ ...pay, note: " " }).success).toBe(
      false,
    );
  });

  it("needs no note for the exact amount, nor when the payment is not known yet", () => {
    for (const paymentAmountVnd of [2_000_000, null]) {
      const amounts = { lineAmountVnd: 2_000_000, paymentAmountVnd };
      expect(resolveStatementLineSchemaFor(amounts).safeParse(pay).success).toBe(true);
    }
  });

  it("writes the reason in the page's language, Vietnamese when it is not one", () => {
    expect(resolveStatementLineSchema.parse({ ...pay, lang: "en" })).toMatchObject({ lang: "en" });
    expect(resolveStatementLineSchema.parse({ ...pay, lang: "fr" })).toMatchObject({ lang: "vi" });
    expect(resolveStatementLineSchema.parse(pay)).toMatchObject({ lang: "vi" });
  });
});

describe("lines booked after today", () => {
  const line = (bookedOn: string) => ({ bookedOn, amountVnd: 1, memo: "", bankRef: "" });

  it("finds the first line dated after today there, and none when all are today or before", () => {
    const evening = new Date("2026-12-04T18:00:00Z"); // 01:00 on 05/12 in Hanoi
    expect(lineBookedAfter([line("2026-12-01"), line("2026-12-05")], evening)).toBeUndefined();
    expect(
      lineBookedAfter([line("2026-12-01"), line("2026-12-06"), line("2027-01-01")], evening),
    ).toEqual(line("2026-12-06"));
  });
});

describe("a statement's columns and rows", () => {
  const headers = [
    "STT",
    "Ngày giao dịch".normalize("NFD"),
    "Số tiền\nghi có",
    "Nội dung",
    "Nội  Dung",
  ];

  it("finds the column staff named, however the file spells the same name", () => {
    expect(statementColumnOf(headers, "Ngày giao dịch")).toBe(headers[1]);
    expect(statementColumnOf(headers, "số tiền ghi có")).toBe(headers[2]);
    expect(statementColumnOf(headers, "Ngay giao dich")).toBe(headers[1]);
    // The same spelling wins over one that only differs in spacing or case.
    expect(statementColumnOf(headers, "Nội  Dung")).toBe("Nội dung");
    expect(statementColumnOf(headers, "Số tham chiếu")).toBeUndefined();
    expect(statementColumnOf(headers, "")).toBeUndefined();
  });

  it("tells the totals and balance rows under the table from transfers", () => {
    for (const label of [
      "Tổng cộng",
      "TỔNG CỘNG:",
      "Cộng phát sinh / Total",
      "Số dư cuối kỳ",
      "Tong cong",
    ]) {
      expect(isStatementSummaryRow(["", label, "3.000.000"]), label).toBe(true);
    }
    for (const memo of [
      "Cong ty ABC chuyen tien",
      "Tống Văn Hải chuyển tiền",
      "VXP26ABCDEF tong",
    ]) {
      expect(isStatementSummaryRow(["", "3.000.000", memo]), memo).toBe(false);
    }
  });
});

describe("a direction column the mapping leaves out", () => {
  const headers = ["Ngày giao dịch", "Số tiền", "Nợ/Có", "Nội dung", "Số tham chiếu"];
  const tableOf = (rows: unknown[][], columns: readonly string[] = headers) => ({
    headers: [...columns],
    rows: rows.map((row) => ({
      cells: Object.fromEntries(columns.map((header, i) => [header, row[i]])),
    })),
  });
  const mapped = ["Ngày giao dịch", "Số tiền", "Nội dung", "Số tham chiếu"];

  it("is found when its cells all read as directions and a row with an amount is a debit", () => {
    const table = tableOf([
      ["01/09/2026", "1.500.000", "C", "VXP26AAAAAA", "FT1"],
      ["01/09/2026", "1.500.000", "Nợ", "VXP26BBBBBB hoan tien", "FT2"],
      ["01/09/2026", "20.000", "", "phi", "FT3"],
      ["", "3.020.000", "", "Tổng cộng", ""],
    ]);
    expect(unmappedDirectionColumn(table, "Số tiền", mapped)).toBe("Nợ/Có");
  });

  it("is found with debits only, written in any of the ways banks write them", () => {
    const table = tableOf([
      ["01/09/2026", "1.500.000", "DR", "VXP26AAAAAA", "FT1"],
      ["01/09/2026", "700.000", "ghi no.", "chi", "FT2"],
    ]);
    expect(unmappedDirectionColumn(table, "Số tiền", mapped)).toBe("Nợ/Có");
  });

  it("is not found when no row with an amount is a debit", () => {
    // Two amount columns: the debit rows have no credit amount, so the credit column holds credits only.
    const columns = ["Ngày", "Ghi nợ", "Ghi có", "Nợ/Có", "Nội dung"];
    const table = tableOf(
      [
        ["01/09/2026", "", "1.500.000", "C", "VXP26AAAAAA"],
        ["01/09/2026", "200.000", "", "D", "phi"],
      ],
      columns,
    );
    expect(unmappedDirectionColumn(table, "Ghi có", ["Ngày", "Ghi có", "Nội dung"])).toBe(
      undefined,
    );
    const creditsOnly = tableOf([["01/09/2026", "1.500.000", "CR", "VXP26AAAAAA", "FT1"]]);
    expect(unmappedDirectionColumn(creditsOnly, "Số tiền", mapped)).toBe(undefined);
  });

  it("is not found when a filled cell reads as something else, or the column is mapped", () => {
    const table = tableOf([
      ["01/09/2026", "1.500.000", "D", "VXP26AAAAAA", "FT1"],
      ["01/09/2026", "1.500.000", "Chuyển khoản", "VXP26BBBBBB", "FT2"],
    ]);
    expect(unmappedDirectionColumn(table, "Số tiền", mapped)).toBe(undefined);
    const debit = tableOf([["01/09/2026", "1.500.000", "D", "VXP26AAAAAA", "FT1"]]);
    expect(unmappedDirectionColumn(debit, "Số tiền", [...mapped, "Nợ/Có"])).toBe(undefined);
    // A column of numbers or an empty column says nothing about direction.
    const numbers = tableOf([["01/09/2026", "1.500.000", 1, "VXP26AAAAAA", "FT1"]]);
    expect(unmappedDirectionColumn(numbers, "Số tiền", mapped)).toBe(undefined);
    const empty = tableOf([["01/09/2026", "1.500.000", "", "VXP26AAAAAA", "FT1"]]);
    expect(unmappedDirectionColumn(empty, "Số tiền", mapped)).toBe(undefined);
  });

  it("is not offered when the column has no header to name it by", () => {
    const columns = ["Ngày giao dịch", "Số tiền", "", "Nội dung"];
    const table = tableOf([["01/09/2026", "1.500.000", "D", "VXP26AAAAAA"]], columns);
    expect(unmappedDirectionColumn(table, "Số tiền", mapped)).toBe(undefined);
  });
});
