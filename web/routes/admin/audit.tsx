import { useTranslation } from "../../i18n/use-translation";
import {
  auditActionLabelKey,
  auditTargetName,
  auditTypeLabelKey,
} from "../../../core/audit-summary";
import { parseListQuery } from "../../../core/list-query";
import { formatVietnamDateTime } from "../../../core/dates";
import { langOfPath } from "../../../core/languages";
import { AuditDetailList } from "../../features/back-office/audit-detail-list";
import { AdminPage } from "../../features/back-office/page";
import { backOfficeMeta } from "../../features/back-office/meta";
import { DataTable, ListToolbar, type DataColumn } from "../../features/back-office/table";
import { requireStaff } from "../../lib/session.server";
import { useLang } from "../../lib/site";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = backOfficeMeta("adminPlatform.audit.title");

/** `/quan-tri/nhat-ky`: every back-office write, newest first (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "audit");
  const { audit } = context.services;
  const types = await audit.targetTypes();
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, {
    sorts: ["time"] as const,
    defaultDir: "desc" as const,
    defaultPageSize: 50,
    filters: { type: types },
  });
  const list = await audit.list({
    page: query.page,
    pageSize: query.pageSize,
    search: query.q,
    // The search matches actions and kinds by their labels in the reader's language.
    lang: langOfPath(url.pathname),
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

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, types, result } = loaderData;
  const lang = useLang();
  // A row written before its action or kind had a label still reads, as its code.
  const actionLabel = (action: string) => t(auditActionLabelKey(action), { defaultValue: action });
  const typeLabel = (type: string) => t(auditTypeLabelKey(type), { defaultValue: type });
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
      cell: (row) => actionLabel(row.action),
    },
    {
      key: "target",
      header: t("adminPlatform.audit.columns.target"),
      cell: (row) => {
        // A tree node by the name and season its entry recorded (it may be renamed or gone).
        const name =
          row.targetName ??
          auditTargetName(row.targetType, row.summary) ??
          (row.targetId ? `#${row.targetId}` : "");
        return name ? `${typeLabel(row.targetType)} ${name}` : typeLabel(row.targetType);
      },
    },
    {
      key: "summary",
      header: t("adminPlatform.audit.columns.summary"),
      className: "audit-summary",
      cell: (row) => <AuditDetailList action={row.action} summary={row.summary} lang={lang} />,
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
