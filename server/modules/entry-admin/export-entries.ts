import {
  catalogueOptionOf,
  withinSeasonCatalogue,
  type EntryFilterOptions,
  type EntryListQuery,
} from "../../../core/entry-admin-list";
import { entryStatusLabelKey } from "../../../core/entry-status";
import type { Lang } from "../../../core/languages";
import type { Db } from "../../db/database";
import type { Actor } from "../audit/service";
import { exportSummary, type ExportAudit } from "../exports/export-summary";
import {
  DAY_FORMAT,
  exportFileName,
  SHEET_CONTENT_TYPES,
  sheetDay,
  writeSheet,
  type SheetColumn,
  type SheetFormat,
} from "../exports/spreadsheet";
import { entryFilterOptions } from "./filter-options";
import { allEntries, type EntryListRow } from "./list-entries";
import { catalogueText as text } from "../exports/catalogue-text";

/** Every column of the table, then the registrant's contact details and the descriptions. */
function columnsFor(lang: Lang): SheetColumn<EntryListRow>[] {
  const h = (key: string) => text(lang, `entryAdmin.columns.${key}`);
  return [
    { header: h("code"), width: 16, value: (r) => r.code },
    { header: h("title"), width: 36, value: (r) => r.title },
    { header: h("brand"), width: 24, value: (r) => r.brand },
    { header: h("track"), width: 22, value: (r) => r.track?.name ?? "" },
    { header: h("group"), width: 22, value: (r) => r.group?.name ?? "" },
    { header: h("category"), width: 28, value: (r) => r.category?.name ?? "" },
    { header: h("registrant"), width: 28, value: (r) => r.registrant.name },
    {
      header: h("type"),
      width: 14,
      value: (r) => (r.registrant.type ? text(lang, `entryAdmin.type.${r.registrant.type}`) : ""),
    },
    { header: h("status"), width: 18, value: (r) => text(lang, entryStatusLabelKey(r.status)) },
    {
      header: h("payment"),
      width: 16,
      value: (r) => text(lang, `entryAdmin.payment.${r.payment}`),
    },
    {
      header: h("completeness"),
      width: 12,
      // "9/13", not the 13th of September.
      text: true,
      value: (r) => `${r.completeness.present}/${r.completeness.total}`,
    },
    // Days in Vietnam: date cells in XLSX (they sort and filter as dates), DD/MM/YYYY in CSV.
    {
      header: h("submitted"),
      width: 14,
      numFmt: DAY_FORMAT,
      value: (r) => sheetDay(r.submittedAt),
    },
    // After the season's submission deadline; blank for an entry never submitted.
    {
      header: h("submittedLate"),
      width: 12,
      value: (r) =>
        r.submittedAt === null
          ? ""
          : text(lang, r.submittedLate ? "entryAdmin.export.yes" : "entryAdmin.export.no"),
    },
    { header: h("updated"), width: 14, numFmt: DAY_FORMAT, value: (r) => sheetDay(r.updatedAt) },
    {
      header: h("changesDue"),
      width: 14,
      numFmt: DAY_FORMAT,
      value: (r) => sheetDay(r.changesDueAt),
    },
    // When the entrant's editing really ends: the due date, or the deadline when that is later.
    {
      header: h("editableUntil"),
      width: 14,
      numFmt: DAY_FORMAT,
      value: (r) => sheetDay(r.editableUntil?.at ?? null),
    },
    { header: h("email"), width: 28, value: (r) => r.registrant.email },
    { header: h("phone"), width: 16, text: true, value: (r) => r.registrant.phone },
    { header: h("taxCode"), width: 16, text: true, value: (r) => r.registrant.taxCode },
    { header: h("descriptionVi"), width: 60, value: (r) => r.descriptionVi },
    { header: h("descriptionEn"), width: 60, value: (r) => r.descriptionEn },
  ];
}

/**
 * The entries of the filter (every page of it), or only the selected `ids`, as a CSV or XLSX
 * download with headings and values in the staff member's language and days as DD/MM/YYYY
 * (date cells in XLSX).
 * The download is audited: who, the filter, how many rows.
 */
export async function exportEntries(
  db: Db,
  audit: ExportAudit | undefined,
  actor: Actor,
  input: {
    query: EntryListQuery;
    seasonYear: number;
    lang: Lang;
    format: SheetFormat;
    ids?: readonly string[];
    now: Date;
  },
): Promise<{ body: Buffer; contentType: string; fileName: string; rows: number }> {
  // The table's own rule: a track, group or category of another season is no filter at all.
  const options = await entryFilterOptions(db, input);
  const query = withinSeasonCatalogue(input.query, options);
  const rows = await allEntries(db, { ...input, query });
  const body = await writeSheet(
    input.format,
    `${text(input.lang, "entryAdmin.export.sheet")} ${input.seasonYear}`,
    columnsFor(input.lang),
    rows,
  );
  await audit?.record(
    actor,
    "entries.export",
    { type: "entry" },
    // The season is named once, resolved (the filter's own may be empty: the current one); a
    // track, group or category by its name, as the filters show it, not its id.
    exportSummary(
      input.format,
      rows.length,
      { ...query, season: null, ...catalogueNames(query, options) },
      {
        season: input.seasonYear,
        ...(input.ids ? { selected: input.ids.length } : {}),
      },
    ),
  );
  return {
    body,
    contentType: SHEET_CONTENT_TYPES[input.format],
    fileName: exportFileName(`entries-${input.seasonYear}`, input.format, input.now),
    rows: rows.length,
  };
}

/** The query's track, group and category by their names in the export's language. */
function catalogueNames(
  query: EntryListQuery,
  options: Pick<EntryFilterOptions, "tracks" | "groups" | "categories">,
): Partial<Record<"track" | "group" | "category", string>> {
  const names = {
    track: catalogueOptionOf(query.track, options.tracks)?.name,
    group: catalogueOptionOf(query.group, options.groups)?.name,
    category: catalogueOptionOf(query.category, options.categories)?.name,
  };
  return Object.fromEntries(Object.entries(names).filter(([, name]) => name !== undefined));
}
