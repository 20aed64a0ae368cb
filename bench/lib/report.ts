import type { BenchReport, Table } from "./types";

/** A plain-text table: first column left-aligned, the others right-aligned (they are figures). */
export function formatTable(table: Table): string {
  const cells = [table.columns, ...table.rows.map((row) => row.map(String))];
  const widths = table.columns.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    "│ " +
    widths
      .map((width, column) => {
        const cell = row[column] ?? "";
        return column === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join(" │ ") +
    " │";
  const rule = (left: string, middle: string, right: string) =>
    left + widths.map((width) => "─".repeat(width + 2)).join(middle) + right;
  const out: string[] = [];
  if (table.title) out.push(table.title);
  out.push(rule("┌", "┬", "┐"), line(table.columns), rule("├", "┼", "┤"));
  for (const row of cells.slice(1)) out.push(line(row));
  out.push(rule("└", "┴", "┘"));
  return out.join("\n");
}

export function formatReport(report: BenchReport): string {
  const out = ["", report.title, "=".repeat(report.title.length), ""];
  for (const table of report.tables) out.push(formatTable(table), "");
  for (const note of report.notes) out.push(note);
  return out.join("\n");
}

export function fixed(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? "n/a"
    : value.toFixed(digits);
}

/** Rounds for the JSON result so it stays readable. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
