import { parse } from "csv-parse/sync";
import { loadExcelJs } from "../exports/spreadsheet";

/** A statement file's table: its header row and the rows under it, cells as text or dates/numbers. */
export interface StatementTable {
  headers: string[];
  rows: StatementRow[];
}

/** A row under the header with at least one filled cell. */
export interface StatementRow {
  /** Its number in the file as a spreadsheet shows it (1 is the file's first row). */
  number: number;
  /** Its cells by their column's header. */
  cells: Record<string, unknown>;
}

const isXlsx = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b; // "PK": a zip

const startsWith = (bytes: Uint8Array, head: readonly number[]) =>
  head.every((byte, i) => bytes[i] === byte);

/**
 * Files banks also export that are not a table we read, by their first bytes: a PDF ("%PDF")
 * and an Excel 97–2003 workbook (.xls, an OLE2 compound file). Their bytes are not UTF-8, and
 * telling the person to change the encoding would send them the wrong way.
 */
const OTHER_FILE_TYPES: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
];

/**
 * Why a file could not be read: a kind of file other than CSV or XLSX, not a table at all, or
 * text in an encoding other than UTF-8.
 */
export type StatementFileProblem = "fileType" | "fileUnreadable" | "fileNotUtf8";

const DELIMITERS = [",", ";", "\t"] as const;

/**
 * The text of a CSV file: UTF-8 (with or without BOM) or UTF-16 with its BOM (Excel's
 * "Unicode text"). Null for bytes that are not valid UTF-8 (a Windows-1258 export, say):
 * guessing a legacy code page would put wrong letters in memos without anyone noticing.
 */
export function decodeStatementText(bytes: Uint8Array): string | null {
  let encoding = "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = "utf-16le";
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = "utf-16be";
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true })
      .decode(bytes)
      .replace(/^\uFEFF+/, "");
  } catch {
    return null;
  }
}

/**
 * The delimiter of a CSV text: the one giving the most of the first lines the same column count
 * (more than one column), so a title line above the table ("SAO KÊ TÀI KHOẢN") does not decide.
 */
export function guessDelimiter(text: string): (typeof DELIMITERS)[number] {
  const sample = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .slice(0, 20)
    .join("\n");
  let best: { delimiter: (typeof DELIMITERS)[number]; score: number } = {
    delimiter: ",",
    score: 0,
  };
  for (const delimiter of DELIMITERS) {
    let rows: string[][];
    try {
      rows = parse(sample, { delimiter, relax_column_count: true, relax_quotes: true });
    } catch {
      continue;
    }
    const counts = new Map<number, number>();
    for (const row of rows) {
      if (row.length > 1) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    }
    // The most lines sharing one column count; a tie goes to the wider table.
    let score = 0;
    for (const [columns, lines] of counts) score = Math.max(score, lines * 1000 + columns);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** A worksheet cell's value as a table cell: a hyperlink or rich text as its text, a formula as its result. */
function cellValue(v: unknown): unknown {
  if (!v || typeof v !== "object" || v instanceof Date) return v;
  if ("richText" in v) {
    return (v as { richText: { text: string }[] }).richText.map((part) => part.text).join("");
  }
  if ("text" in v) return String((v as { text: unknown }).text);
  if ("result" in v) return (v as { result: unknown }).result;
  return v;
}

/**
 * Reads a bank statement: XLSX (the first worksheet) or CSV (comma, semicolon or tab; UTF-8
 * with or without BOM, or UTF-16 with BOM). Banks put a title block above the table: the
 * header row is the first row with at least three filled cells. A problem when the file is
 * another kind (PDF, .xls), neither, or text in another encoding.
 */
export async function readStatementFile(
  bytes: Uint8Array,
): Promise<StatementTable | { problem: StatementFileProblem }> {
  const unreadable = { problem: "fileUnreadable" as const };
  if (OTHER_FILE_TYPES.some((head) => startsWith(bytes, head))) return { problem: "fileType" };
  let grid: unknown[][];
  // Each grid row's number in the file, for telling finance which row a problem is on.
  let numbers: number[];
  try {
    if (isXlsx(bytes)) {
      const { Workbook } = await loadExcelJs();
      const workbook = new Workbook();
      await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) return unreadable;
      grid = [];
      numbers = [];
      sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
        numbers.push(rowNumber);
        const values: unknown[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          // A merged cell (the bank's title across the table) has its value once, in its first
          // cell: exceljs repeats it in the others, which would make the title look like a header.
          if (cell.isMerged && cell.master.address !== cell.address) return;
          values[column - 1] = cellValue(cell.value);
        });
        grid.push(Array.from(values));
      });
    } else {
      const text = decodeStatementText(bytes);
      if (text === null) return { problem: "fileNotUtf8" };
      // Blank lines are kept (and left out below) so a record's index is its row in a
      // spreadsheet; a memo running over two lines is one row there too.
      grid = parse(text, { delimiter: guessDelimiter(text), relax_column_count: true });
      numbers = grid.map((_row, index) => index + 1);
    }
  } catch {
    return unreadable;
  }
  const filledCells = (row: unknown[]) =>
    row.filter((cell) => cell !== null && cell !== undefined && String(cell).trim() !== "").length;
  const headerIndex = grid.findIndex((row) => filledCells(row) >= 3);
  if (headerIndex < 0) return unreadable;
  const headers = grid[headerIndex]!.map((cell) => String(cell ?? "").trim());
  const rows: StatementRow[] = [];
  for (let index = headerIndex + 1; index < grid.length; index++) {
    const row = grid[index]!;
    if (filledCells(row) === 0) continue;
    rows.push({
      number: numbers[index]!,
      cells: Object.fromEntries(
        headers.map((h, i) => [h, typeof row[i] === "string" ? (row[i] as string).trim() : row[i]]),
      ),
    });
  }
  return { headers, rows };
}
