export type { EntryListRow } from "../../../core/entry-admin-list";
import { sql, type SelectQueryBuilder, type SqlBool } from "kysely";
import {
  ALL_STATUSES,
  completenessOf,
  type EntryListQuery,
  type EntryListRow,
  type EntryListSort,
  type PaymentState,
  type RegistrantType,
} from "../../../core/entry-admin-list";
import { entryLocksAt, type EntryLock } from "../../../core/entry-lock";
import type { EntryStatus } from "../../../core/entry-status";
import type { Lang } from "../../../core/languages";
import type { ListPage } from "../../../core/list-query";
import { lateSubmissionsFrom, submittedAfterDeadline } from "../../../core/submission-window";
import type { Db } from "../../db/database";
import { listPage, orderedBy } from "../admin/list-query";
import { windowOf } from "../entries/refusals";
import { entryRows, findSeasonByYear, searchCondition } from "./queries";

export type EntryList = ListPage<EntryListRow> & { seasonYear: number; seasonFound: boolean };

/** The column behind each sort key (core/entry-admin-list.ts ENTRY_LIST_SORTS). */
/** The sorts on text, in Vietnamese alphabetical order. */
const TEXT_SORTS: readonly EntryListSort[] = ["title", "brand", "registrant"];

const SORT_COLUMNS: Record<EntryListSort, string> = {
  updated: "x.updated_at",
  submitted: "x.submitted_key",
  code: "x.code_key",
  title: "x.campaign_name",
  brand: "x.brand_name",
  track: "x.track_key",
  group: "x.group_key",
  category: "x.category_key",
  registrant: "x.registrant_name",
  type: "x.type_key",
  status: "x.status_rank",
  payment: "x.payment_rank",
  completeness: "x.missing_count",
};

type Raw = Awaited<ReturnType<ReturnType<typeof entryRows>["execute"]>>[number];

type SeasonRow = NonNullable<Awaited<ReturnType<typeof findSeasonByYear>>>;

/**
 * A row as the table shows it. `now` decides when an entry sent back for changes locks: the
 * later of its due date and the season's window once that has opened, as the entrant is told.
 */
function toRow(raw: Raw, season: SeasonRow, now: Date): EntryListRow {
  const ref = (id: number | null, name: string | null) =>
    id === null || id === undefined ? null : { id: Number(id), name: name ?? "" };
  return {
    id: raw.id,
    code: raw.code,
    status: raw.status as EntryStatus,
    statusVersion: Number(raw.status_version),
    title: raw.campaign_name,
    brand: raw.brand_name,
    descriptionVi: raw.description_vi,
    descriptionEn: raw.description_en,
    track: ref(raw.track_id, raw.track_name),
    group: ref(raw.group_id, raw.group_name),
    category:
      raw.category_id === null
        ? null
        : {
            id: Number(raw.category_id),
            code: raw.category_code ?? "",
            name: raw.category_name ?? "",
          },
    registrant: {
      type: (raw.registrant_type as RegistrantType | null) ?? null,
      name: raw.registrant_name,
      email: raw.email,
      phone: raw.phone,
      taxCode: raw.tax_code,
    },
    payment: raw.payment_state as PaymentState,
    completeness: completenessOf(Number(raw.missing_count)),
    submittedAt: raw.submitted_at,
    submittedLate: submittedAfterDeadline(raw.submitted_at, windowOf(season)),
    updatedAt: raw.updated_at,
    // A due date left from an earlier request for changes means nothing in another status.
    changesDueAt: raw.status === "needs_changes" ? raw.changes_due_at : null,
    editableUntil: editableUntilOf(raw, season, now),
  };
}

function editableUntilOf(raw: Raw, season: SeasonRow, now: Date): EntryLock | null {
  if (raw.status !== "needs_changes" || !raw.changes_due_at) return null;
  return entryLocksAt(
    { status: "needs_changes", changesDueAt: raw.changes_due_at },
    windowOf(season),
    now,
  );
}

/** The filtered rows of a season as a query to page or to export (no ORDER BY yet). */
export function filteredEntries(
  db: Db,
  season: SeasonRow,
  lang: Lang,
  query: Omit<EntryListQuery, "sort" | "dir" | "page" | "pageSize">,
  ids?: readonly string[],
) {
  const k = db.kysely;
  let q = k.selectFrom(entryRows(k, Number(season.id), lang).as("x"));
  // A selection is exactly the rows that were ticked, whatever the filter says now.
  if (ids) return q.where("x.id", "in", ids.length > 0 ? [...ids] : [""]);
  const byRef = (idColumn: string, slugColumn: string, value: string | null) => {
    if (value === null) return;
    q = /^\d+$/.test(value)
      ? q.where(sql<SqlBool>`${sql.ref(idColumn)} = ${Number(value)}`)
      : q.where(sql<SqlBool>`${sql.ref(slugColumn)} = ${value}`);
  };
  byRef("x.track_id", "x.track_slug", query.track);
  byRef("x.group_id", "x.group_slug", query.group);
  byRef("x.category_id", "x.category_slug", query.category);
  const { status, payment, type, submitted } = query.filters;
  if (status === undefined) q = q.where("x.status", "<>", "draft");
  else if (status !== ALL_STATUSES) q = q.where("x.status", "=", status);
  if (payment) q = q.where("x.payment_state", "=", payment);
  if (type) q = q.where("x.registrant_type", "=", type as RegistrantType);
  if (submitted) {
    // The rows' `submittedLate` as SQL: submission times are stored as `toISOString` writes
    // them, so they compare as text with the deadline written the same way.
    const lateFrom = lateSubmissionsFrom(windowOf(season));
    q = q.where("x.submitted_at", "is not", null);
    if (submitted === "late") {
      q =
        lateFrom === null
          ? q.where(sql<SqlBool>`1 = 0`)
          : q.where("x.submitted_at", ">=", lateFrom);
    } else if (lateFrom !== null) {
      q = q.where("x.submitted_at", "<", lateFrom);
    }
  }
  if (query.q.trim()) q = q.where(searchCondition(query.q));
  return q;
}

/**
 * One page of the entries table of the season `seasonYear`: filtered, searched (marks
 * ignored both ways), sorted on any column with the id as tie-breaker, and counted. Two
 * statements, whatever the page size. An unknown season lists nothing.
 */
export async function listEntries(
  db: Db,
  input: { query: EntryListQuery; seasonYear: number; lang: Lang; now: Date },
): Promise<EntryList> {
  const season = await findSeasonByYear(db.kysely, input.seasonYear);
  if (!season) {
    return {
      items: [],
      total: 0,
      page: 1,
      pageSize: input.query.pageSize,
      pageCount: 1,
      seasonYear: input.seasonYear,
      seasonFound: false,
    };
  }
  const base = filteredEntries(db, season, input.lang, input.query);
  const page = await listPage(base as SelectQueryBuilder<never, never, object>, input.query, {
    sortColumns: SORT_COLUMNS,
    textSorts: TEXT_SORTS,
    tieBreaker: "x.id",
    select: (qb) => (qb as unknown as typeof base).selectAll("x") as never,
  });
  return {
    ...page,
    items: (page.items as Raw[]).map((raw) => toRow(raw, season, input.now)),
    seasonYear: input.seasonYear,
    seasonFound: true,
  };
}

/** Every row of the filter (or of the `ids` among it), in the table's order, for the export. */
export async function allEntries(
  db: Db,
  input: {
    query: EntryListQuery;
    seasonYear: number;
    lang: Lang;
    now: Date;
    ids?: readonly string[];
  },
): Promise<EntryListRow[]> {
  const season = await findSeasonByYear(db.kysely, input.seasonYear);
  if (!season) return [];
  const rows = await orderedBy(
    filteredEntries(db, season, input.lang, input.query, input.ids).selectAll("x"),
    SORT_COLUMNS[input.query.sort],
    input.query.dir,
    { text: TEXT_SORTS.includes(input.query.sort), tieBreaker: "x.id" },
  ).execute();
  return (rows as Raw[]).map((raw) => toRow(raw, season, input.now));
}
