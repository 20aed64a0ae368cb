import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
} from "@tanstack/react-table";
import { useEffect, useMemo, useRef, type Dispatch, type SetStateAction } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useLocation } from "react-router";
import { formatDate } from "../../../core/dates";
import { vietnamDay } from "../../../core/dashboard";
import {
  entryListSearch,
  type EntryListQuery,
  type EntryListRow,
  type EntryListSort,
} from "../../../core/entry-admin-list";
import { entryStatusLabelKey } from "../../../core/entry-status";
import type { ListPage } from "../../../core/list-query";
import { StatusBadge, type StatusTone } from "../back-office/status-badge";
import { useLang } from "../../lib/site";
import { useShowResults } from "../../lib/to-results";
import { localizePath, type Lang } from "../../../core/languages";
import type { TFunction } from "i18next";

const STATUS_TONE: Record<string, StatusTone> = {
  draft: "neutral",
  submitted: "info",
  paid: "info",
  accepted: "success",
  needs_changes: "warning",
  rejected: "danger",
  shortlisted: "success",
  winner: "success",
  finalist: "success",
  not_awarded: "neutral",
  withdrawn: "neutral",
};
const PAYMENT_TONE: Record<string, StatusTone> = {
  not_due: "neutral",
  due: "warning",
  paid: "success",
};

/** The value of a row's checkbox: `id:statusVersion`, so a stale selection is a conflict. */
export const selectedValue = (row: EntryListRow) => `${row.id}:${row.statusVersion}`;

function SelectAll({
  checked,
  indeterminate,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/**
 * The entries of one page in a TanStack table whose sorting, filtering and paging are the
 * server's (`manual*`): headers are links that change `?sort=&dir=`, with `aria-sort`. Each
 * row has a checkbox named `entries` (its value `id:statusVersion`), so the bulk form that
 * wraps the table posts the selection with or without JavaScript.
 */
export function EntriesTable({
  result,
  query,
  caption,
  selection,
  onSelectionChange,
  loading,
  today,
}: {
  result: ListPage<EntryListRow>;
  query: EntryListQuery;
  caption: string;
  selection: RowSelectionState;
  onSelectionChange: Dispatch<SetStateAction<RowSelectionState>>;
  loading: boolean;
  /** The server's day in Vietnam (`YYYY-MM-DD`): a request for changes due before it is overdue. */
  today: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  // Kept between renders: a cell's renderer is a component to React, so a new one each render
  // would rebuild every cell (and take the focus from the box just ticked).
  const columns = useMemo(() => entryColumns(t, lang, today), [t, lang, today]);
  // Another page from the pager below opens here, with the focus on the new rows.
  const { results } = useShowResults<HTMLTableElement>();

  const table = useReactTable({
    data: result.items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    pageCount: result.pageCount,
    enableRowSelection: true,
    enableSorting: false,
    state: {
      rowSelection: selection,
      sorting: [{ id: query.sort, desc: query.dir === "desc" }],
      pagination: { pageIndex: result.page - 1, pageSize: result.pageSize },
    },
    onRowSelectionChange: onSelectionChange,
  });

  const sortHref = (sort: EntryListSort) => {
    const dir = query.sort === sort && query.dir === "asc" ? "desc" : "asc";
    return `${location.pathname}?${entryListSearch(query, { sort, dir, page: "" })}`;
  };

  return (
    <div className="table-scroll entries-table">
      <table ref={results} className="table" tabIndex={-1} aria-busy={loading || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                if (id === "select") {
                  return (
                    <th key={header.id} scope="col" className="entries-table__select">
                      {label}
                    </th>
                  );
                }
                const active = query.sort === id;
                const nextDir = active && query.dir === "asc" ? "desc" : "asc";
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      active ? (query.dir === "asc" ? "ascending" : "descending") : undefined
                    }
                  >
                    <Link
                      className="data-table__sort"
                      to={sortHref(id as EntryListSort)}
                      preventScrollReset
                    >
                      {label}
                      <span aria-hidden="true" className="data-table__arrow">
                        {active ? (query.dir === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                      <span className="visually-hidden">
                        {t(nextDir === "asc" ? "adminKit.sortAsc" : "adminKit.sortDesc")}
                      </span>
                    </Link>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={row.getIsSelected() ? "entries-table__row--selected" : ""}>
              {row.getVisibleCells().map((cell) =>
                cell.column.id === "code" ? (
                  <th key={cell.id} scope="row">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </th>
                ) : (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table's columns in a language: the row's box, its code (a link), and what staff sort by. */
function entryColumns(t: TFunction, lang: Lang, today: string): ColumnDef<EntryListRow>[] {
  const day = (iso: string | null) => (iso ? formatDate(iso, lang) : "—");
  const codeOf = (row: EntryListRow) => row.code ?? t("entryAdmin.table.noCode");
  const to = (path: string) => localizePath(path, lang);
  return [
    {
      id: "select",
      header: ({ table }) => (
        <SelectAll
          label={t("entryAdmin.table.selectAll")}
          checked={table.getIsAllRowsSelected()}
          indeterminate={table.getIsSomeRowsSelected()}
          onChange={(checked) => table.toggleAllRowsSelected(checked)}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          name="entries"
          value={selectedValue(row.original)}
          aria-label={t("entryAdmin.table.selectRow", { code: codeOf(row.original) })}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    },
    {
      id: "code",
      header: t("entryAdmin.columns.code"),
      cell: ({ row }) => (
        <Link
          to={to(`/quan-tri/bai-du-thi/${row.original.id}`)}
          aria-label={t("entryAdmin.table.open", { code: codeOf(row.original) })}
        >
          {codeOf(row.original)}
        </Link>
      ),
    },
    {
      id: "title",
      header: t("entryAdmin.columns.title"),
      cell: ({ row }) => row.original.title || t("entryAdmin.table.untitled"),
    },
    { id: "brand", header: t("entryAdmin.columns.brand"), cell: ({ row }) => row.original.brand },
    {
      id: "track",
      header: t("entryAdmin.columns.track"),
      cell: ({ row }) => row.original.track?.name ?? "—",
    },
    {
      id: "group",
      header: t("entryAdmin.columns.group"),
      cell: ({ row }) => row.original.group?.name ?? "—",
    },
    {
      id: "category",
      header: t("entryAdmin.columns.category"),
      cell: ({ row }) => row.original.category?.name ?? "—",
    },
    {
      id: "registrant",
      header: t("entryAdmin.columns.registrant"),
      cell: ({ row }) => (
        <>
          {row.original.registrant.name}
          <br />
          <span className="entries-table__meta">{row.original.registrant.email}</span>
        </>
      ),
    },
    {
      id: "type",
      header: t("entryAdmin.columns.type"),
      cell: ({ row }) =>
        row.original.registrant.type ? t(`entryAdmin.type.${row.original.registrant.type}`) : "—",
    },
    {
      id: "status",
      header: t("entryAdmin.columns.status"),
      cell: ({ row }) => {
        const due = row.original.changesDueAt;
        // The entrant edits until the later of the due date and the season's deadline.
        const until = row.original.editableUntil;
        return (
          <>
            <StatusBadge tone={STATUS_TONE[row.original.status] ?? "neutral"}>
              {t(entryStatusLabelKey(row.original.status))}
            </StatusBadge>
            {due && until ? (
              <>
                <br />
                <span className="entries-table__meta">
                  {vietnamDay(until.at) < today
                    ? t("entryAdmin.table.changesOverdue", { date: day(due) })
                    : until.by === "window"
                      ? t("entryAdmin.table.changesUntilDeadline", { date: day(until.at) })
                      : t("entryAdmin.table.changesDue", { date: day(due) })}
                </span>
              </>
            ) : null}
          </>
        );
      },
    },
    {
      id: "payment",
      header: t("entryAdmin.columns.payment"),
      cell: ({ row }) => (
        <StatusBadge tone={PAYMENT_TONE[row.original.payment] ?? "neutral"}>
          {t(`entryAdmin.payment.${row.original.payment}`)}
        </StatusBadge>
      ),
    },
    {
      id: "completeness",
      header: t("entryAdmin.columns.completeness"),
      cell: ({ row }) => {
        const { present, total } = row.original.completeness;
        return (
          <span title={t("entryAdmin.table.completeness", { present, total })}>
            <span aria-hidden="true">
              {present}/{total}
            </span>
            <span className="visually-hidden">
              {t("entryAdmin.table.completeness", { present, total })}
            </span>
          </span>
        );
      },
    },
    {
      id: "submitted",
      header: t("entryAdmin.columns.submitted"),
      cell: ({ row }) =>
        row.original.submittedLate ? (
          <>
            {day(row.original.submittedAt)}
            <br />
            <StatusBadge tone="warning">{t("entryAdmin.timing.late")}</StatusBadge>
          </>
        ) : (
          day(row.original.submittedAt)
        ),
    },
    {
      id: "updated",
      header: t("entryAdmin.columns.updated"),
      cell: ({ row }) => day(row.original.updatedAt),
    },
  ];
}
