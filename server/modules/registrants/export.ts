import { catalogText } from "../../../core/i18n/lookup";
import type { Lang } from "../../../core/languages";
import { refusal, type Refusal } from "../../../core/refusal";
import {
  REGISTRANT_EXPORT_MAX_ROWS,
  type ExportFormat,
  type RegistrantListQuery,
} from "../../../core/registrants-admin";
import {
  DAY_FORMAT,
  exportFileName,
  SHEET_CONTENT_TYPES,
  sheetDay,
  writeSheet,
  type SheetColumn,
} from "../exports/spreadsheet";
import type { Actor } from "../audit/service";
import { exportSummary } from "../exports/export-summary";
import type { RegistrantsContext } from "./context";
import { orderedBy } from "../admin/list-query";
import {
  entriesCount,
  filteredRegistrants,
  REGISTRANT_SORT_COLUMNS,
  REGISTRANT_TEXT_SORTS,
} from "./queries";

export interface ExportedSheet {
  ok: true;
  body: Buffer;
  fileName: string;
  contentType: string;
}

interface ExportRow {
  type: string;
  full_name: string;
  company_name: string | null;
  email: string;
  emailVerified: number | boolean;
  phone: string;
  address: string;
  tax_code: string | null;
  business_registration_number: string | null;
  entries_count: number | string;
  created_at: string;
}

/** More registrants match than one file holds (`maxRows`): nothing was written. */
export type ExportTooLarge = Refusal & { maxRows: number };

/**
 * Every registrant the table's filter and search select (all pages, in the table's order) as
 * CSV or XLSX, headings and values in the staff member's language, dates DD/MM/YYYY. When more
 * than `maxRows` match, no file is written: a file holding only the first rows would pass for
 * the whole list. The refusal asks for a narrower filter.
 */
export async function exportRegistrants(
  ctx: RegistrantsContext,
  actor: Actor,
  query: RegistrantListQuery,
  format: ExportFormat,
  lang: Lang,
  { maxRows = REGISTRANT_EXPORT_MAX_ROWS }: { maxRows?: number } = {},
): Promise<ExportedSheet | ExportTooLarge> {
  const text = (key: string) => catalogText(lang, key) ?? key;
  const rows: ExportRow[] = await orderedBy(
    filteredRegistrants(ctx.db, query).select([
      "r.type",
      "r.full_name",
      "r.company_name",
      "u.email",
      "u.emailVerified",
      "r.phone",
      "r.address",
      "r.tax_code",
      "r.business_registration_number",
      "r.created_at",
      entriesCount(query.season).as("entries_count"),
    ]),
    REGISTRANT_SORT_COLUMNS[query.sort],
    query.dir,
    { text: REGISTRANT_TEXT_SORTS.includes(query.sort), tieBreaker: "r.user_id" },
  )
    // One more than a file holds: whether any were left out.
    .limit(maxRows + 1)
    .execute();
  if (rows.length > maxRows) {
    return { ...refusal(422, "registrantsAdmin.export.tooMany"), maxRows };
  }
  const columns: SheetColumn<ExportRow>[] = [
    { header: text("registrantsAdmin.columns.name"), width: 28, value: (r) => r.full_name },
    {
      header: text("registrantsAdmin.columns.type"),
      width: 14,
      value: (r) => text(`registration.fields.type.${r.type}`),
    },
    {
      header: text("registrantsAdmin.columns.company"),
      width: 32,
      value: (r) => r.company_name ?? "",
    },
    { header: text("registrantsAdmin.columns.email"), width: 30, value: (r) => r.email },
    {
      header: text("registrantsAdmin.columns.emailVerified"),
      width: 12,
      value: (r) => text(Number(r.emailVerified) ? "registrantsAdmin.yes" : "registrantsAdmin.no"),
    },
    {
      header: text("registrantsAdmin.columns.phone"),
      width: 16,
      text: true,
      value: (r) => r.phone,
    },
    { header: text("registrantsAdmin.columns.address"), width: 36, value: (r) => r.address },
    {
      header: text("registrantsAdmin.columns.taxCode"),
      width: 16,
      text: true,
      value: (r) => r.tax_code ?? "",
    },
    {
      header: text("registrantsAdmin.columns.businessRegistrationNumber"),
      width: 18,
      text: true,
      value: (r) => r.business_registration_number ?? "",
    },
    {
      header: text("registrantsAdmin.columns.entries"),
      width: 10,
      value: (r) => Number(r.entries_count),
    },
    {
      header: text("registrantsAdmin.columns.registered"),
      width: 14,
      // The day in Vietnam: a date cell in XLSX, DD/MM/YYYY in CSV.
      numFmt: DAY_FORMAT,
      value: (r) => sheetDay(r.created_at),
    },
  ];
  const body = await writeSheet(format, text("registrantsAdmin.export.sheet"), columns, rows);
  await ctx.audit?.record(
    actor,
    "registrants.export",
    { type: "user" },
    exportSummary(format, rows.length, query),
  );
  return {
    ok: true,
    body,
    fileName: exportFileName(
      query.season ? `registrants-${query.season}` : "registrants",
      format,
      ctx.clock(),
    ),
    contentType: SHEET_CONTENT_TYPES[format],
  };
}
