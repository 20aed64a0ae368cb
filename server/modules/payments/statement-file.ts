import { parse } from "csv-parse/sync";
import { loadExcelJs } from "../exports/spreadsheet";

/** A statement file's table: its header row and the rows under it, cells as text or dates/numbers. */
export interface StatementTable {
  headers: string[];
  rows: Record<string, unknown>[];
}

const isXlsx = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b; // "PK": a zip

/**
 * Reads a bank statement: XLSX (the first worksheet) or CSV (comma or semicolon, UTF-8 with
 * or without BOM). Banks put a title block above the table: the header row is the first row
 * with at least three filled cells. Null when the file is neither.
 */
export async function readStatementFile(bytes: Uint8Array): Promise<StatementTable | null> {
  let grid: unknown[][];
  try {
    if (isXlsx(bytes)) {
      const { Workbook } = await loadExcelJs();
      const workbook = new Workbook();
      await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) return null;
      grid = [];
      sheet.eachRow({ includeEmpty: false }, (row) => {
        const values = (row.values as unknown[]).slice(1);
        grid.push(
          values.map((v) =>
            v && typeof v === "object" && !(v instanceof Date) && "text" in v
              ? String((v as { text: unknown }).text)
              : v && typeof v === "object" && !(v instanceof Date) && "result" in v
                ? (v as { result: unknown }).result
                : v,
          ),
        );
      });
    } else {
      const text = Buffer.from(bytes)
        .toString("utf8")
        .replace(/^\uFEFF/, "");
      const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
      const delimiter =
        (firstLine.match(/;/g) ?? []).length > (firstLine.match(/,/g) ?? []).length ? ";" : ",";
      grid = parse(text, {
        delimiter,
        relax_column_count: true,
        skip_empty_lines: true,
        bom: true,
      });
    }
  } catch {
    return null;
  }
  const headerIndex = grid.findIndex(
    (row) =>
      row.filter((cell) => cell !== null && cell !== undefined && String(cell).trim() !== "")
        .length >= 3,
  );
  if (headerIndex < 0) return null;
  const headers = grid[headerIndex]!.map((cell) => String(cell ?? "").trim());
  const rows = grid
    .slice(headerIndex + 1)
    .map((row) =>
      Object.fromEntries(
        headers.map((h, i) => [h, typeof row[i] === "string" ? (row[i] as string).trim() : row[i]]),
      ),
    );
  return { headers, rows };
}
