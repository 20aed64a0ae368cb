import { z } from "zod";
import { dayInVietnam } from "./dates";
import { DEFAULT_LANG, LANGUAGES } from "./languages";
import { extractReferences } from "./payment-reference";
import { foldForSearch } from "./search-text";

/**
 * Bank statements (PRODUCT §5): finance staff import the bank's export (CSV or XLSX) and the
 * server matches its credit lines to pending transfers by the payment reference in the memo
 * and the amount. Banks name their columns differently, so staff say which column is which;
 * the mapping is remembered for next time.
 */

const column = z
  .string()
  .trim()
  .min(1, { message: "paymentCore.statement.columnRequired" })
  .max(100, { message: "validation.tooLong" });

export const statementMappingSchema = z.object({
  dateColumn: column,
  amountColumn: column,
  memoColumn: column,
  /** The bank's own transaction number: optional, helps tell two identical lines apart. */
  bankRefColumn: z.string().trim().max(100, { message: "validation.tooLong" }).default(""),
  /**
   * The column saying which way the money went ("Nợ/Có", "Loại giao dịch"), for banks that
   * export one amount column for both: when named, only rows it reads as credit are transfers
   * to us (see parseStatementDirection). Empty: the amount column holds credits only.
   */
  directionColumn: z.string().trim().max(100, { message: "validation.tooLong" }).default(""),
});
export type StatementMapping = z.infer<typeof statementMappingSchema>;

/** The mapping's columns, in the form's order. */
export const STATEMENT_MAPPING_KEYS = [
  "dateColumn",
  "amountColumn",
  "memoColumn",
  "bankRefColumn",
  "directionColumn",
] as const satisfies readonly (keyof StatementMapping)[];

/** What Vietnamese banks' exports usually call the columns (a first guess for the form). */
export const DEFAULT_STATEMENT_MAPPING: StatementMapping = {
  dateColumn: "Ngày giao dịch",
  amountColumn: "Số tiền ghi có",
  memoColumn: "Nội dung",
  bankRefColumn: "Số tham chiếu",
  directionColumn: "",
};

/**
 * The header of a file that a mapping's column name means, or undefined. Staff type the name they
 * see, which may not be the file's bytes: a file saved on a Mac spells "à" as "a" plus a mark, a
 * header may break over two lines in its cell or differ in case, or the name is typed without
 * marks. The same spelling wins over one that only folds the same.
 */
export function statementColumnOf(headers: readonly string[], name: string): string | undefined {
  const tidy = (text: string) => text.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
  const wanted = tidy(name);
  if (wanted === "") return undefined;
  return (
    headers.find((header) => tidy(header) === wanted) ??
    headers.find((header) => foldForSearch(header) === foldForSearch(name))
  );
}

/** What banks write in the totals and balance rows under a statement's table (folded, see foldForSearch). */
const SUMMARY_LABELS = new Set([
  "tong",
  "tong cong",
  "tong so",
  "tong so tien",
  "tong phat sinh",
  "cong",
  "cong phat sinh",
  "so du",
  "so du dau ky",
  "so du cuoi ky",
  "total",
  "totals",
  "grand total",
  "subtotal",
  "sub total",
  "opening balance",
  "closing balance",
  "ending balance",
]);

/**
 * A row under the table that sums it up ("Tổng cộng", "Cộng phát sinh / Total", "Số dư cuối
 * kỳ"): a cell holding only such a label. Its amount is the sum of the lines, not a transfer.
 */
export function isStatementSummaryRow(cells: Iterable<unknown>): boolean {
  for (const cell of cells) {
    if (typeof cell !== "string" || cell.trim() === "") continue;
    const parts = foldForSearch(cell)
      .split("/")
      .map((part) => part.replace(/[:.]+$/, "").trim());
    if (parts.every((part) => SUMMARY_LABELS.has(part))) return true;
  }
  return false;
}

/** How banks write a credit and a debit in a direction column, folded (see foldForSearch). */
const DIRECTION_WORDS: ReadonlyMap<string, StatementDirection> = new Map([
  ...["c", "cr", "co", "ghi co", "credit", "tien vao"].map((w) => [w, "credit"] as const),
  ...["d", "dr", "no", "ghi no", "debit", "tien ra"].map((w) => [w, "debit"] as const),
]);

export type StatementDirection = "credit" | "debit";

/**
 * Which way a row's money went, from its direction cell: "C", "CR", "Có", "Ghi có", "Credit" (and
 * the same without marks, in any case, with stray spaces or a final dot) are credits; "D", "DR",
 * "Nợ", "Ghi nợ", "Debit" are debits. Null for anything else, empty included: a value not read
 * is never guessed to be a credit, as that would pay a payment with money that went out.
 */
export function parseStatementDirection(value: unknown): StatementDirection | null {
  if (typeof value !== "string") return null;
  const word = foldForSearch(value).replace(/\.+$/, "").trim();
  return DIRECTION_WORDS.get(word) ?? null;
}

/**
 * A column of the file that says which way each row's money went, when the mapping names no
 * direction column: the first header, other than the columns the mapping names, whose filled
 * cells all read as a direction (see parseStatementDirection) with at least one debit on a row
 * whose amount column reads as an amount. Such a file's amount column carries money out as well
 * as in, and reading it without the direction would take its debits for credits: the import is
 * refused until the column is named. Totals rows under the table are left out; a column without
 * a header cannot be named, so it is not offered. Undefined when the file has no such column.
 */
export function unmappedDirectionColumn(
  table: { headers: readonly string[]; rows: readonly { cells: Record<string, unknown> }[] },
  amountHeader: string,
  mappedHeaders: readonly string[],
): string | undefined {
  const rows = table.rows.filter(({ cells }) => !isStatementSummaryRow(Object.values(cells)));
  const candidates = [...new Set(table.headers)].filter(
    (header) => header.trim() !== "" && !mappedHeaders.includes(header),
  );
  return candidates.find((header) => {
    let debitWithAmount = false;
    for (const { cells } of rows) {
      const cell = cells[header];
      if (cell === null || cell === undefined || String(cell).trim() === "") continue;
      const direction = parseStatementDirection(cell);
      if (direction === null) return false;
      if (direction === "debit" && parseStatementAmount(cells[amountHeader]) !== null) {
        debitWithAmount = true;
      }
    }
    return debitWithAmount;
  });
}

/** The largest statement a page takes (a season's transfers fit many times over). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The largest statement upload still read to its end, to be refused with the columns typed kept:
 * a form sent without JavaScript has its column names after the file, so a file over
 * STATEMENT_MAX_BYTES (a year's export, say) is read through, never stored. The request's body
 * limit (server/action-bodies.ts) cuts off anything larger.
 */
export const STATEMENT_UPLOAD_MAX_BYTES = 4 * STATEMENT_MAX_BYTES;

/**
 * A credit amount as banks write it, in whole đồng: "1.500.000", "1,500,000", "1 500 000 VND",
 * "+1500000", "1500000.00", "1,500,000.00", "1.500.000,00", or a spreadsheet number. Null for
 * debits, zero, fractions of a đồng (VND has no cents: only ".00" is read) and anything unreadable.
 * A signed amount column's debits ("-1.500.000", "(1.500.000)", "1.500.000-", a negative
 * number) are never read as credits: only digits, separators and a leading "+" are.
 */
export function parseStatementAmount(value: unknown): number | null {
  if (typeof value === "number") {
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  }
  if (typeof value !== "string") return null;
  const text = value.replace(/\s|VND|VNĐ|đ|₫/gi, "").replace(/^\+/, "");
  let digits: string | null = null;
  // Grouped thousands and two decimals, the decimal mark the other one: "1,500,000.00", "1.500.000,00".
  const groupedWithDecimals = /^(\d{1,3}([.,])\d{3}(?:\2\d{3})*)(?!\2)[.,](\d{2})$/.exec(text);
  if (groupedWithDecimals) {
    digits = groupedWithDecimals[3] === "00" ? groupedWithDecimals[1]!.replace(/[.,]/g, "") : null;
  } else if (/^\d{1,3}([.,])\d{3}(?:\1\d{3})*$/.test(text)) {
    // Grouped thousands, one mark throughout: "2,000,000.000" is not two billion.
    digits = text.replace(/[.,]/g, "");
  } else if (/^\d+([.,]0{1,2})?$/.test(text)) digits = text.replace(/[.,]0{1,2}$/, "");
  if (digits === null) return null;
  const amount = Number(digits);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/**
 * A booking date as banks write it (DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY, YYYY-MM-DD, with a
 * time or not, or a spreadsheet date) as YYYY-MM-DD; null for anything else or a day that does
 * not exist. The statements page's hint (paymentAdmin.statements.dateColumnHint) lists these.
 */
export function parseStatementDate(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    // Spreadsheet dates are calendar days: read them in Vietnam time.
    return dayInVietnam(value);
  }
  if (typeof value !== "string") return null;
  const text = value.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(\s|T|$)/.exec(text);
  if (match) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{4})-(\d{2})-(\d{2})(\s|T|$)/.exec(text))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * The first line booked after today in Vietnam, or undefined. No bank books a credit in the
 * future: such a date means the date column or its format was misread (a month/day export read
 * as day/month), and matching the file's lines would pay payments on a wrong reading.
 */
export function lineBookedAfter(
  lines: readonly StatementLine[],
  now: Date,
): StatementLine | undefined {
  const today = dayInVietnam(now);
  return lines.find((line) => line.bookedOn > today);
}

/** A credit line of a statement, read with the mapping. */
export interface StatementLine {
  bookedOn: string;
  amountVnd: number;
  memo: string;
  bankRef: string;
}

/**
 * A row with an amount that was not imported: a line's booking date is part of what identifies
 * it across imports and of what a payment's history says, and a row whose direction cell reads
 * as neither credit nor debit may be money that went out, so such a row is not stored but told,
 * for finance to fix the file or settle it by hand.
 */
export interface CreditRowNotImported {
  /** The row's number in the file, as a spreadsheet shows it. */
  row: number;
  amountVnd: number;
  memo: string;
  /** The date cell as the file has it ("" when empty). */
  dateText: string;
  /** The direction cell as the file has it, when the mapping names a direction column. */
  directionText?: string;
  reason: "dateMissing" | "dateUnreadable" | "directionMissing" | "directionUnreadable";
}

/** A payment a line may pay. */
export interface MatchCandidate {
  id: string;
  reference: string;
  amountVnd: number;
  state: string;
}

export type LineMatch =
  /** One pending payment, the exact amount: it is paid. */
  | { outcome: "matched"; paymentId: string; reference: string }
  /** A reference is there, but the amount differs or the payment is not pending: a person decides. */
  | { outcome: "partial"; paymentId: string | null; reference: string }
  /** No reference of ours in the memo. */
  | { outcome: "unknown" };

/** What a line pays, from the references in its memo and the payments they name. */
export function matchStatementLine(
  line: Pick<StatementLine, "memo" | "amountVnd">,
  payments: ReadonlyMap<string, MatchCandidate>,
): LineMatch {
  const references = extractReferences(line.memo);
  if (references.length === 0) return { outcome: "unknown" };
  const known = references.map((r) => payments.get(r)).filter((p) => p !== undefined);
  if (known.length === 1 && references.length === 1) {
    const payment = known[0]!;
    if (payment.state === "pending" && payment.amountVnd === line.amountVnd) {
      return { outcome: "matched", paymentId: payment.id, reference: payment.reference };
    }
    return { outcome: "partial", paymentId: payment.id, reference: payment.reference };
  }
  // Several references (one transfer for two payments) or none we know: a person decides.
  return { outcome: "partial", paymentId: known[0]?.id ?? null, reference: references[0]! };
}

/**
 * What identifies a line across imports: the same line in an overlapping statement is the same.
 * Identical lines in one file (an entrant who paid twice, the same memo and amount, no bank
 * reference) are different transfers: the nth of them is keyed by its occurrence, so importing
 * the file again finds the nth one stored. The first occurrence keeps the plain key, as lines
 * imported before occurrences were counted have it.
 */
export function statementLineKey(line: StatementLine, occurrence = 1): string {
  const memo = line.memo.toUpperCase().replace(/\s+/g, " ").trim();
  const key = [line.bookedOn, line.amountVnd, memo, line.bankRef.trim()].join("|");
  return occurrence > 1 ? `${key}|#${occurrence}` : key;
}

/** The keys of a file's lines, in order, identical lines numbered by their occurrence. */
export function statementLineKeys(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = statementLineKey(line);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return statementLineKey(line, occurrence);
  });
}

/** A person settles a statement line: it pays a payment, or it is set aside with a note. */
export const resolveStatementLineSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("pay"),
    reference: z
      .string()
      .trim()
      .min(1, { message: "paymentCore.statement.referenceRequired" })
      .max(20),
    note: z.string().trim().max(500, { message: "validation.tooLong" }).default(""),
    /** The language of the page: the payment's history says in it where the payment came from. */
    lang: z.enum(LANGUAGES).catch(DEFAULT_LANG),
  }),
  z.object({
    action: z.literal("ignore"),
    note: z
      .string()
      .trim()
      .min(1, { message: "paymentCore.statement.noteRequired" })
      .max(500, { message: "validation.tooLong" }),
  }),
]);

/** The amounts a resolution is checked against: the line's, and the named payment's if known. */
export interface LineAmounts {
  lineAmountVnd: number;
  paymentAmountVnd: number | null;
}

/**
 * The resolution of a line paying a payment of another amount (a short or an over-payment)
 * needs a note saying why it is accepted: the same check in the browser and on the server.
 */
export function resolveStatementLineSchemaFor(amounts: LineAmounts) {
  return resolveStatementLineSchema.superRefine((value, ctx) => {
    if (value.action === "pay" && amountDifference(amounts) !== 0 && value.note === "") {
      ctx.addIssue({
        code: "custom",
        path: ["note"],
        message: "paymentCore.statement.noteRequiredForDifference",
      });
    }
  });
}

/** The line's amount minus the payment's (negative: paid short), 0 when equal or unknown. */
export function amountDifference({ lineAmountVnd, paymentAmountVnd }: LineAmounts): number {
  return paymentAmountVnd === null ? 0 : lineAmountVnd - paymentAmountVnd;
}
