import type ExcelJS from "exceljs";

/**
 * exceljs, loaded on the first export or statement read: it is ~11 MB of resident memory that
 * a server nobody exports from never needs.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import("exceljs")).default;
}

/** A column of an export: its heading (already in the reader's language) and width in characters. */
export interface SheetColumn<Row> {
  header: string;
  width?: number;
  value: (row: Row) => string | number | Date | null;
}

export type SheetFormat = "csv" | "xlsx";

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The UTF-8 byte-order mark: without it Excel reads a CSV as the local code page and breaks Vietnamese. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

async function workbookOf<Row>(
  sheetName: string,
  columns: SheetColumn<Row>[],
  rows: Iterable<Row>,
) {
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  workbook.creator = "Vạn Xuân Awards";
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((column, i) => ({
    header: column.header,
    key: String(i),
    width: column.width ?? 18,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(columns.map((column) => column.value(row) ?? ""));
  }
  return workbook;
}

/**
 * Rows as a spreadsheet file, written by exceljs: XLSX, or CSV (RFC 4180 quoting, UTF-8 with
 * a BOM so Excel keeps Vietnamese text intact). Dates are passed as text already formatted
 * for the reader (DD/MM/YYYY), so both formats show the same thing.
 */
export async function writeSheet<Row>(
  format: SheetFormat,
  sheetName: string,
  columns: SheetColumn<Row>[],
  rows: Iterable<Row>,
): Promise<Buffer> {
  const workbook = await workbookOf(sheetName, columns, rows);
  if (format === "xlsx") return Buffer.from(await workbook.xlsx.writeBuffer());
  const csv = await workbook.csv.writeBuffer({ formatterOptions: { quoteColumns: true } });
  return Buffer.concat([BOM, Buffer.from(csv)]);
}

/** A download name safe in a Content-Disposition header: ASCII, with the date of the export. */
export function exportFileName(stem: string, format: SheetFormat, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  return `${stem.replace(/[^a-z0-9-]+/gi, "-")}-${day}.${format}`;
}
