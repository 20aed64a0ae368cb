import { useTranslation } from "../../i18n/use-translation";
import {
  auditActionLabelKey,
  auditTypeLabelKey,
  exportFilterValueKey,
  summaryPairs,
} from "../../../core/audit-summary";
import { parseListQuery } from "../../../core/list-query";
import { formatDate, formatVietnamDateTime, formatVnd } from "../../../core/dates";
import { entryStatusLabelKey, isEntryStatus } from "../../../core/entry-status";
import { AdminPage } from "../../features/back-office/page";
import { backOfficeMeta } from "../../features/back-office/meta";
import { DataTable, ListToolbar, type DataColumn } from "../../features/back-office/table";
import "../../features/back-office/audit-summary.css";
import { requireStaff } from "../../lib/session.server";
import { useLang } from "../../lib/site";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = backOfficeMeta("adminPlatform.audit.title");

/** `/quan-tri/nhat-ky`: every back-office write, newest first (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "audit");
  const { audit } = context.services;
  const types = await audit.targetTypes();
  const query = parseListQuery(new URL(request.url).searchParams, {
    sorts: ["time"] as const,
    defaultDir: "desc" as const,
    defaultPageSize: 50,
    filters: { type: types },
  });
  const list = await audit.list({
    page: query.page,
    pageSize: query.pageSize,
    search: query.q,
    ...(query.filters.type ? { targetType: query.filters.type } : {}),
  });
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  return {
    types,
    query,
    result: { ...list, pageCount, page: Math.min(list.page, pageCount) },
  };
}

type Row = Route.ComponentProps["loaderData"]["result"]["items"][number];

/** A stored instant (ISO, UTC): shown as DD/MM/YYYY HH:mm in Vietnam time. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** A stored day (an export's date filter): shown as DD/MM/YYYY. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Summary fields that hold a status: an entry's, a round's or an article's, by the action. */
const STATUS_FIELDS = new Set(["from", "to", "status", "state"]);
/** Summary fields whose codes have a label elsewhere in the catalogue: `field → key prefix`. */
const CODE_LABELS: Record<string, string> = {
  prize: "winners.prize",
  method: "judgingAdmin.method",
  role: "admin.roles",
  roles: "admin.roles",
  lang: "adminPlatform.audit.values.languages",
  kind: "adminPlatform.audit.values",
};

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, types, result } = loaderData;
  const lang = useLang();
  // A row written before its action or kind had a label still reads, as its code.
  const actionLabel = (action: string) => t(auditActionLabelKey(action), { defaultValue: action });
  const typeLabel = (type: string) => t(auditTypeLabelKey(type), { defaultValue: type });
  // A summary's field by its label (nested ones as "Filter › Status"), or its code when unlabelled.
  const fieldLabel = (key: string) =>
    key
      .split(".")
      .filter((part) => part !== "filters")
      .map((part) =>
        // Counts by status ("moved.winner") are labelled by the status's name.
        isEntryStatus(part)
          ? t(entryStatusLabelKey(part))
          : t(`adminPlatform.audit.fields.${part}`, { defaultValue: part }),
      )
      .join(" › ");
  // One item of a value in the reader's terms: a date, a status, a prize, a role, an amount, an
  // export's filter as its page names it.
  const itemText = (action: string, key: string, value: string) => {
    const field = key.split(".").at(-1) ?? "";
    const filterKey = exportFilterValueKey(action, key, value);
    if (filterKey) return t(filterKey, { defaultValue: value });
    if (ISO_INSTANT.test(value)) return formatVietnamDateTime(value);
    if (ISO_DAY.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(value, lang);
    if (value === "true" || value === "false") {
      return t(`adminPlatform.audit.values.${value === "true" ? "yes" : "no"}`);
    }
    if (STATUS_FIELDS.has(field)) {
      if (action.startsWith("round.") || field === "state") {
        return t(`judgingAdmin.state.${value}`, { defaultValue: value });
      }
      if (action.startsWith("news."))
        return t(`adminNews.status.${value}`, { defaultValue: value });
      if (isEntryStatus(value)) return t(entryStatusLabelKey(value));
    }
    const prefix = CODE_LABELS[field];
    if (prefix) return t(`${prefix}.${value}`, { defaultValue: value });
    if (/Vnd$/.test(field) && /^-?\d+$/.test(value)) return formatVnd(Number(value), lang);
    return field === "format" ? value.toUpperCase() : value;
  };
  const valueText = (action: string, key: string, parts: string[]) =>
    parts.map((part) => itemText(action, key, part)).join(", ");
  const columns: DataColumn<Row>[] = [
    {
      key: "time",
      header: t("adminPlatform.audit.columns.time"),
      cell: (row) => <time dateTime={row.createdAt}>{formatVietnamDateTime(row.createdAt)}</time>,
    },
    {
      key: "actor",
      header: t("adminPlatform.audit.columns.actor"),
      cell: (row) => row.actorEmail || "—",
    },
    {
      key: "action",
      header: t("adminPlatform.audit.columns.action"),
      rowHeader: true,
      cell: (row) => <span title={row.action}>{actionLabel(row.action)}</span>,
    },
    {
      key: "target",
      header: t("adminPlatform.audit.columns.target"),
      cell: (row) => {
        const name = row.targetName ?? (row.targetId ? `#${row.targetId}` : "");
        return name ? `${typeLabel(row.targetType)} ${name}` : typeLabel(row.targetType);
      },
    },
    {
      key: "summary",
      header: t("adminPlatform.audit.columns.summary"),
      className: "audit-summary",
      cell: (row) => {
        const pairs = summaryPairs(row.summary);
        if (pairs.length === 0) return "—";
        return (
          <dl className="audit-summary__pairs">
            {pairs.map((pair, i) => (
              <div key={`${pair.key}-${i}`}>
                <dt title={pair.key}>{fieldLabel(pair.key)}</dt>
                <dd>{valueText(row.action, pair.key, pair.parts)}</dd>
              </div>
            ))}
          </dl>
        );
      },
    },
    { key: "ip", header: t("adminPlatform.audit.columns.ip"), cell: (row) => row.ip || "—" },
  ];
  return (
    <AdminPage
      title={t("adminPlatform.audit.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("adminPlatform.audit.title") },
      ]}
      lead={t("adminPlatform.audit.lead")}
    >
      <ListToolbar
        searchLabel={t("adminPlatform.audit.search")}
        filters={[
          {
            name: "type",
            label: t("adminPlatform.audit.type"),
            options: types.map((type) => ({ value: type, label: typeLabel(type) })),
          },
        ]}
        values={{ q: query.q, pageSize: query.pageSize, type: query.filters.type ?? "" }}
      />
      <DataTable
        caption={t("adminPlatform.audit.title")}
        columns={columns}
        result={result}
        rowKey={(row) => row.id}
        sort={query.sort}
        dir={query.dir}
      />
    </AdminPage>
  );
}
