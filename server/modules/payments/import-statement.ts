import { createHash } from "node:crypto";
import { formatDay } from "../../../core/dates";
import { fieldRefusal, refusal, type Outcome, type Refusal } from "../../../core/refusal";
import {
  isStatementSummaryRow,
  matchStatementLine,
  parseStatementAmount,
  parseStatementDirection,
  lineBookedAfter,
  parseStatementDate,
  statementColumnOf,
  STATEMENT_MAPPING_KEYS,
  statementLineKeys,
  statementMappingSchema,
  STATEMENT_MAX_BYTES,
  type CreditRowNotImported,
  type MatchCandidate,
  type StatementLine,
  type StatementMapping,
  unmappedDirectionColumn,
} from "../../../core/statement";
import { extractReferences } from "../../../core/payment-reference";
import { isLapsedPayment } from "../../../core/payment-state";
import { sendQueuedSoon } from "../mail/send-queued";
import type { PaymentsContext, Q } from "./context";
import { settleWithin } from "./settle";
import type { StaffActor } from "./staff-move";
import { readStatementFile } from "./statement-file";

export interface ImportSummary {
  importId: number;
  /** Credit lines read from the file. */
  total: number;
  /** Lines seen in an earlier import: skipped. */
  alreadyImported: number;
  matched: number;
  partial: number;
  /** Of the partial lines, those naming a payment cancelled or expired before the money came. */
  lapsed: number;
  unknown: number;
  /** Credit rows of the file left out because their date could not be read: for a person. */
  notImported: CreditRowNotImported[];
}

/** No credit row of the file had a readable date: nothing was imported; the rows are listed. */
export type NoReadableDates = Refusal & { notImported: CreditRowNotImported[] };

/** Columns of the mapping the file does not have, with the ones it has (its header row). */
export type ColumnsNotFound = Refusal & { foundColumns: string[] };

/**
 * The file has a direction column (its header `directionColumnFound`) the mapping leaves out:
 * its amounts include debits, which would be read as credits. Nothing was imported.
 */
export type DirectionColumnUnmapped = Refusal & { directionColumnFound: string };

/** A line dated after today: the date column was misread; `futureDay` is its date, DD/MM/YYYY. */
export type DateInFuture = Refusal & { futureDay: string };

/** A cell as the file has it, trimmed ("" when empty). */
const cellText = (cell: unknown) =>
  cell === null || cell === undefined ? "" : String(cell).trim();

/** The mapping the last import used (site_settings "statementColumns"), or null. */
export async function rememberedMapping(ctx: PaymentsContext): Promise<StatementMapping | null> {
  const row = await ctx.db.kysely
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", "statementColumns")
    .executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = statementMappingSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function rememberMapping(ctx: PaymentsContext, mapping: StatementMapping) {
  const value = JSON.stringify(mapping);
  const at = ctx.now();
  await ctx.db.kysely
    .insertInto("site_settings")
    .values({ key: "statementColumns", value, updated_at: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: at }))
    .execute();
}

/**
 * Finance imports the bank's statement. Each credit line is read with the column mapping,
 * remembered by its fingerprint (the same line imported again — the same file twice, or an
 * overlapping one — is skipped: nothing changes; identical lines of one file are each their
 * own transfer, see statementLineKey), then matched: a line naming one pending
 * payment with its exact amount pays it (through settlePayment, actor "statement"); partial
 * and unknown lines wait for a person on the statements page. With a direction column, only
 * rows it reads as credit are lines; debit rows are skipped like debits, and a row whose
 * direction cannot be read is not imported but listed, as is a credit row whose date cannot be
 * read (its row number in the audit entry); when no row is left to import, nothing is. The
 * mapping is remembered. A mapping naming columns the file lacks is refused with the columns
 * the file has; a mapping naming no direction column for a file that has one with debits
 * (see unmappedDirectionColumn) is refused with its name; a file with a line dated after today
 * is refused whole (its dates were misread).
 */
export async function importStatement(
  ctx: PaymentsContext,
  actor: StaffActor,
  input: { fileName: string; bytes: Uint8Array; mapping: unknown },
): Promise<
  | Outcome<{ summary: ImportSummary }>
  | ColumnsNotFound
  | DirectionColumnUnmapped
  | DateInFuture
  | NoReadableDates
> {
  const mapping = statementMappingSchema.safeParse(input.mapping);
  if (!mapping.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of mapping.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return fieldRefusal(fieldErrors);
  }
  if (input.bytes.length === 0) return fieldRefusal({ file: "paymentCore.statement.fileMissing" });
  if (input.bytes.length > STATEMENT_MAX_BYTES) {
    return fieldRefusal({ file: "paymentCore.statement.fileTooLarge" }, 413);
  }
  const table = await readStatementFile(input.bytes);
  if ("problem" in table) return fieldRefusal({ file: `paymentCore.statement.${table.problem}` });
  const columns = mapping.data;
  const mappingKeys = STATEMENT_MAPPING_KEYS;
  // The file's own header for each column the mapping names (see statementColumnOf).
  const header = Object.fromEntries(
    mappingKeys.map((key) => [key, statementColumnOf(table.headers, columns[key]) ?? ""]),
  ) as Record<(typeof mappingKeys)[number], string>;
  const missing = mappingKeys.filter((key) => columns[key] !== "" && header[key] === "");
  if (missing.length > 0) {
    return {
      ...fieldRefusal(
        Object.fromEntries(missing.map((key) => [key, "paymentCore.statement.columnNotFound"])),
      ),
      formError: "paymentCore.statement.columnsAre",
      foundColumns: table.headers.filter((header) => header !== ""),
    };
  }
  if (!header.directionColumn) {
    // One amount column for money in and out, its direction in a column left unnamed: the
    // debits would pay payments. Nothing is read until the column is named.
    const found = unmappedDirectionColumn(
      table,
      header.amountColumn,
      mappingKeys.map((key) => header[key]).filter((h) => h !== ""),
    );
    if (found !== undefined) {
      return {
        ...fieldRefusal({ directionColumn: "paymentCore.statement.directionColumnUnmapped" }),
        directionColumnFound: found,
      };
    }
  }
  const lines: StatementLine[] = [];
  const notImported: CreditRowNotImported[] = [];
  for (const { number, cells } of table.rows) {
    const amountVnd = parseStatementAmount(cells[header.amountColumn]);
    // Debits, totals and blank rows are not transfers to us.
    if (amountVnd === null) continue;
    const memo = String(cells[header.memoColumn] ?? "").slice(0, 500);
    const dateCell = cells[header.dateColumn];
    const dateText = cellText(dateCell);
    if (header.directionColumn) {
      // One amount column for both ways: the direction cell says whether the money came in.
      const directionText = cellText(cells[header.directionColumn]);
      const direction = parseStatementDirection(directionText);
      if (direction === "debit") continue;
      if (direction === null) {
        // The totals row under the table has an amount and no direction.
        if (directionText === "" && isStatementSummaryRow(Object.values(cells))) continue;
        notImported.push({
          row: number,
          amountVnd,
          memo,
          dateText: dateText.slice(0, 100),
          directionText: directionText.slice(0, 100),
          reason: directionText === "" ? "directionMissing" : "directionUnreadable",
        });
        continue;
      }
    }
    const bookedOn = parseStatementDate(dateCell);
    if (bookedOn === null) {
      // The totals row under the table ("Tổng cộng") has a credit amount and no date.
      if (dateText === "" && isStatementSummaryRow(Object.values(cells))) continue;
      notImported.push({
        row: number,
        amountVnd,
        memo,
        dateText: dateText.slice(0, 100),
        reason: dateText === "" ? "dateMissing" : "dateUnreadable",
      });
      continue;
    }
    lines.push({
      bookedOn,
      amountVnd,
      memo,
      bankRef: header.bankRefColumn ? String(cells[header.bankRefColumn] ?? "").slice(0, 100) : "",
    });
  }
  if (lines.length === 0 && notImported.length > 0) {
    // Each column whose cells kept rows out is the one to check.
    const fieldErrors: Record<string, string> = {};
    if (notImported.some((r) => r.reason.startsWith("date"))) {
      fieldErrors.dateColumn = "paymentCore.statement.noReadableDates";
    }
    if (notImported.some((r) => r.reason.startsWith("direction"))) {
      fieldErrors.directionColumn = "paymentCore.statement.noReadableDirections";
    }
    return { ...fieldRefusal(fieldErrors), notImported };
  }
  if (lines.length === 0) return refusal(400, "paymentCore.statement.noCredits");
  const future = lineBookedAfter(lines, ctx.clock());
  if (future) {
    return {
      ...fieldRefusal({ dateColumn: "paymentCore.statement.dateInFuture" }),
      futureDay: formatDay(future.bookedOn),
    };
  }
  await rememberMapping(ctx, columns);

  const references = [...new Set(lines.flatMap((l) => extractReferences(l.memo)))];
  const candidates = new Map<string, MatchCandidate>();
  if (references.length > 0) {
    const rows = await ctx.db.kysely
      .selectFrom("payments")
      .select(["id", "reference", "amount_vnd", "state"])
      .where("reference", "in", references)
      .execute();
    for (const r of rows) {
      candidates.set(r.reference, {
        id: r.id,
        reference: r.reference,
        amountVnd: Number(r.amount_vnd),
        state: r.state,
      });
    }
  }

  const at = ctx.now();
  const sha = createHash("sha256").update(input.bytes).digest("hex");
  const record = await ctx.db.kysely
    .insertInto("statement_imports")
    .values({
      file_name: input.fileName.slice(0, 200),
      file_sha256: sha,
      imported_by: actor.id,
      imported_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const importId = Number(record.id);
  const summary: ImportSummary = {
    importId,
    total: lines.length,
    alreadyImported: 0,
    matched: 0,
    partial: 0,
    lapsed: 0,
    unknown: 0,
    notImported,
  };
  const keys = statementLineKeys(lines);
  let queued = false;
  for (const [index, line] of lines.entries()) {
    const fingerprint = createHash("sha256").update(keys[index]!).digest("hex");
    const match = matchStatementLine(line, candidates);
    const insertLine = (q: Q) =>
      q
        .insertInto("statement_lines")
        .values({
          import_id: importId,
          fingerprint,
          booked_on: line.bookedOn,
          amount_vnd: line.amountVnd,
          memo: line.memo,
          bank_ref: line.bankRef,
          outcome: match.outcome,
          payment_id: match.outcome === "unknown" ? null : match.paymentId,
        })
        .onConflict((oc) => oc.column("fingerprint").doNothing())
        .returning("id")
        .executeTakeFirst();
    if (match.outcome === "matched") {
      // The line and the payment it pays in one transaction: a failure between the two would
      // leave a line marked paid, skipped by every later import, and a payment still pending.
      const settled = await ctx.db.kysely.transaction().execute(async (trx) => {
        const inserted = await insertLine(trx);
        if (!inserted) return "alreadyImported" as const;
        const { result, queued: emailQueued } = await settleWithin(ctx, trx, match.paymentId, {
          to: "paid",
          actor: { userId: actor.id, kind: "statement", role: "statement", name: actor.name },
          reason: `${input.fileName} · ${formatDay(line.bookedOn)}`,
          expectedAmountVnd: line.amountVnd,
          gatewayTransaction: line.bankRef || `statement:${inserted.id}`,
          detail: { importId, lineId: Number(inserted.id), memo: line.memo },
        });
        if (result.ok && result.changed) {
          queued ||= emailQueued;
          return "matched" as const;
        }
        await trx
          .updateTable("statement_lines")
          .set({ outcome: "partial" })
          .where("id", "=", Number(inserted.id))
          .execute();
        return "partial" as const;
      });
      summary[settled]++;
      // The same reference twice in one file: the second line is for a person to look at.
      if (settled === "matched") {
        candidates.set(match.reference, { ...candidates.get(match.reference)!, state: "paid" });
      }
      continue;
    }
    if (!(await insertLine(ctx.db.kysely))) {
      summary.alreadyImported++;
      continue;
    }
    if (match.outcome === "partial") {
      summary.partial++;
      const named = candidates.get(match.reference);
      if (named && named.id === match.paymentId && isLapsedPayment(named.state)) summary.lapsed++;
    } else summary.unknown++;
  }
  if (queued) sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
  await ctx.db.kysely
    .updateTable("statement_imports")
    .set({
      lines_total: summary.total,
      lines_new: summary.total - summary.alreadyImported,
      lines_matched: summary.matched,
    })
    .where("id", "=", importId)
    .execute();
  const { notImported: _rows, ...counts } = summary;
  await ctx.deps.audit?.record(
    actor,
    "payment.statement",
    { type: "payment" },
    {
      ...counts,
      fileName: input.fileName,
      ...(notImported.length > 0 ? { notImportedRows: notImported.map((r) => r.row) } : {}),
    },
  );
  return { ok: true, summary };
}
