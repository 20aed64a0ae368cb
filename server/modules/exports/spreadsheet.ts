import { PassThrough } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type ExcelJS from "exceljs";
import { dayInVietnam, formatDate } from "../../../core/dates";

/**
 * exceljs, loaded on the first export or statement read: it is ~11 MB of resident memory that
 * a server nobody exports from never needs.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import("exceljs")).default;
}

/**
 * A column of an export: its heading (already in the reader's language), width in characters,
 * and the XLSX number format of its cells (`DAY_FORMAT`, `VND_FORMAT`).
 */
export interface SheetColumn<Row> {
  header: string;
  width?: number;
  numFmt?: string;
  /**
   * An identifier written in digits (a phone number, a tax code, an invoice number) or a count
   * such as "9/13": text, whatever it looks like. Excel reads a CSV cell of digits as a number,
   * dropping a leading 0 or "+" (0101234567 becomes 101234567), and "9/13" as a date, so the
   * CSV writes such a cell as ="0101234567"; the XLSX column is formatted as text.
   */
  text?: true;
  value: (row: Row) => string | number | Date | null;
}

/** How an XLSX shows a day (a `sheetDay`): as people here write it. */
export const DAY_FORMAT = "dd/mm/yyyy";
/** How an XLSX shows whole đồng: with thousands separators in the reader's own settings. */
export const VND_FORMAT = "#,##0";

/**
 * The Vietnam day of an instant as a spreadsheet date (midnight UTC of that day: a spreadsheet
 * date has no time zone), so a payment at 02:00 in Vietnam is on its Vietnamese day. A CSV
 * writes it as DD/MM/YYYY text.
 */
export function sheetDay(iso: string | null): Date | null {
  if (!iso) return null;
  const [day, month, year] = formatDate(iso, "vi").split("/");
  return new Date(`${year}-${month}-${day}T00:00:00.000Z`);
}

/** A `sheetDay` as DD/MM/YYYY text. */
function dayText(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

export type SheetFormat = "csv" | "xlsx";

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The UTF-8 byte-order mark: without it Excel reads a CSV as the local code page and breaks Vietnamese. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * A text cell of a CSV (`SheetColumn.text`): digits, with a "+" or not, or two numbers with a
 * slash, that Excel would turn into a number or a date, are written as a formula giving the
 * text itself; anything else goes through `csvSafe`.
 */
export function csvIdentifier(value: string): string {
  return /^(\+?\d+|\d+\/\d+)$/.test(value) ? `="${value}"` : csvSafe(value);
}

/**
 * A text cell a spreadsheet program would run as a formula when it opens a CSV (an entrant's
 * title "=HYPERLINK(…)"), kept as text by a leading apostrophe (OWASP's advice for CSV
 * injection). A signed number written as text ("+84987654321", "-5") is left as it is.
 */
export function csvSafe(value: string): string {
  const formula =
    /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s.,]+$/.test(value));
  return formula ? `'${value}` : value;
}

/**
 * A worksheet's name from a title staff wrote ("Vòng 1: Sơ khảo"): Excel refuses * ? : \ / [ ]
 * in it, an apostrophe at either end, and more than 31 characters.
 */
export function sheetTitle(title: string): string {
  const name = title
    .replace(/[*?:\\/[\]]+/g, " - ")
    .replace(/\s+/g, " ")
    .slice(0, 31)
    .replace(/^[\s'-]+|[\s'-]+$/g, "");
  return name || "Sheet1";
}

/** A CSV field's text: dates as DD/MM/YYYY, text that would run as a formula neutralised. */
function csvValue<Row>(column: SheetColumn<Row>, row: Row): string {
  const value = column.value(row) ?? "";
  if (value instanceof Date) return dayText(value);
  if (typeof value !== "string") return String(value);
  return column.text ? csvIdentifier(value) : csvSafe(value);
}

/**
 * The rows as CSV (csv-stringify: RFC 4180, every field quoted, empty ones too), made a line at
 * a time rather than from a model of every cell (a round's 60,000 score lines took 150 MB so).
 */
function csvText<Row>(columns: SheetColumn<Row>[], rows: Iterable<Row>): string {
  const lines = [columns.map((column) => column.header)];
  for (const row of rows) lines.push(columns.map((column) => csvValue(column, row)));
  return stringify(lines, {
    quoted: true,
    quoted_empty: true,
    record_delimiter: "unix",
    eof: false,
  });
}

/**
 * An XLSX written row by row by exceljs's streaming writer: each row is compressed into the
 * file as it is added, so memory holds the file's bytes, not a model of every cell (a round's
 * scores, 60,000 lines, took 600 MB the other way). Only the table of distinct strings stays.
 */
async function streamedXlsx<Row>(
  sheetName: string,
  columns: SheetColumn<Row>[],
  rows: Iterable<Row>,
): Promise<Buffer> {
  const { stream } = await loadExcelJs();
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on("end", resolve);
    out.on("error", reject);
  });
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: true,
  });
  workbook.creator = "Vạn Xuân Awards";
  const sheet = workbook.addWorksheet(sheetTitle(sheetName), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((column, i) => ({
    header: column.header,
    key: String(i),
    width: column.width ?? 18,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(columns.map((column) => column.value(row) ?? ""));
    columns.forEach((column, i) => {
      const numFmt = column.numFmt ?? (column.text ? "@" : undefined);
      if (numFmt) added.getCell(i + 1).numFmt = numFmt;
    });
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * Rows as a spreadsheet file, written by exceljs: XLSX, or CSV (RFC 4180 quoting, UTF-8 with
 * a BOM so Excel keeps Vietnamese text intact; text that would run as a formula is neutralised). Dates are passed as text already formatted
 * for the reader (DD/MM/YYYY), or as a `sheetDay`: a date cell in XLSX (shown by the column's
 * `numFmt`), DD/MM/YYYY text in CSV, so both formats show the same thing.
 */
export async function writeSheet<Row>(
  format: SheetFormat,
  sheetName: string,
  columns: SheetColumn<Row>[],
  rows: Iterable<Row>,
): Promise<Buffer> {
  if (format === "xlsx") return streamedXlsx(sheetName, columns, rows);
  return Buffer.concat([BOM, Buffer.from(csvText(columns, rows), "utf8")]);
}

/**
 * A download name safe in a Content-Disposition header: ASCII, with the day of the export in
 * Vietnam (an export at 6 a.m. there is not named after the day before).
 */
export function exportFileName(stem: string, format: SheetFormat, at: Date): string {
  const day = dayInVietnam(at);
  return `${stem.replace(/[^a-z0-9-]+/gi, "-")}-${day}.${format}`;
}
