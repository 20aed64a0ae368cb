import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { decodeStatementText, guessDelimiter, readStatementFile } from "./statement-file";

describe("reading a statement file", () => {
  it("finds the delimiter from the table, not from a title line above it", () => {
    const table = "Ngày giao dịch;Số tiền ghi có;Nội dung\n02/12/2026;2.000.000;VXP26ZZZZZZ, ck\n";
    expect(guessDelimiter(`SAO KE TAI KHOAN, CN HA NOI\n${table}`)).toBe(";");
    expect(guessDelimiter('Ngày,Số tiền,Nội dung\n02/12/2026,"1.000.000",a; b\n')).toBe(",");
    expect(guessDelimiter("Ngày\tSố tiền\tNội dung\n02/12/2026\t1000000\tck\n")).toBe("\t");
  });

  it("reads a semicolon table under a title line", async () => {
    const file = Buffer.from(
      "SAO KE TAI KHOAN\nNgày giao dịch;Số tiền ghi có;Nội dung;Số tham chiếu\n" +
        "02/12/2026;2.000.000;VXP26ZZZZZZ test;FT101\n",
    );
    expect(await readStatementFile(file)).toEqual({
      headers: ["Ngày giao dịch", "Số tiền ghi có", "Nội dung", "Số tham chiếu"],
      rows: [
        {
          number: 3,
          cells: {
            "Ngày giao dịch": "02/12/2026",
            "Số tiền ghi có": "2.000.000",
            "Nội dung": "VXP26ZZZZZZ test",
            "Số tham chiếu": "FT101",
          },
        },
      ],
    });
  });

  it("decodes UTF-8 and UTF-16 with their BOM, and refuses other bytes", async () => {
    const text = "Ngày giao dịch,Số tiền ghi có,Nội dung";
    expect(decodeStatementText(Buffer.from(`\uFEFF${text}`))).toBe(text);
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    expect(decodeStatementText(le)).toBe(text);
    const be = Buffer.from(le.subarray(2)).swap16();
    expect(decodeStatementText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(text);
    // Windows-1258: "Ngày" with "à" as one byte 0xE0.
    const legacy = Buffer.from([0x4e, 0x67, 0xe0, 0x79, 0x2c, 0x61, 0x2c, 0x62, 0x0a]);
    expect(decodeStatementText(legacy)).toBeNull();
    expect(await readStatementFile(legacy)).toEqual({ problem: "fileNotUtf8" });
    expect(await readStatementFile(Buffer.from("%PDF-1.7"))).toEqual({ problem: "fileType" });
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0xff]);
    expect(await readStatementFile(xls)).toEqual({ problem: "fileType" });
  });

  it("takes a merged title above an XLSX table for a title, not for the header row", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sao kê");
    sheet.addRow(["NGÂN HÀNG TMCP NGOẠI THƯƠNG VIỆT NAM"]);
    sheet.mergeCells("A1:D1");
    sheet.addRow([
      "Ngày giao dịch",
      { richText: [{ text: "Số tiền " }, { font: { bold: true }, text: "ghi có" }] },
      "Nội dung",
      "Số tham chiếu",
    ]);
    sheet.addRow(["02/12/2026", 2_000_000, "VXP26ZZZZZZ", "FT1"]);
    const table = await readStatementFile(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(table).toEqual({
      headers: ["Ngày giao dịch", "Số tiền ghi có", "Nội dung", "Số tham chiếu"],
      rows: [
        {
          number: 3,
          cells: {
            "Ngày giao dịch": "02/12/2026",
            "Số tiền ghi có": 2_000_000,
            "Nội dung": "VXP26ZZZZZZ",
            "Số tham chiếu": "FT1",
          },
        },
      ],
    });
  });
});
