import { useTranslation } from "../../../../i18n/use-translation";
import { Link } from "react-router";
import { formatDate, formatVietnamDateTime } from "../../../../../core/dates";
import { NEWS_STATUSES, parseNewsListQuery, type NewsStatus } from "../../../../../core/news-admin";
import { AdminPage } from "../../../../features/back-office/page";
import { DataTable, ListToolbar, type DataColumn } from "../../../../features/back-office/table";
import { FlashMessage } from "../../../../features/back-office/flash";
import { StatusBadge, type StatusTone } from "../../../../features/back-office/status-badge";
import "../../../../features/content-editing/news-form.css";
import { pageMeta } from "../../../../lib/meta";
import { requireStaff } from "../../../../lib/session.server";
import { useLang, useLocalizedPath } from "../../../../lib/site";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminNews.title" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/tin-tuc`: every article, searched, filtered, sorted and paged on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const query = parseNewsListQuery(new URL(request.url).searchParams);
  const list = await context.services.news.list(query);
  return { list, query };
}

const NEWS_STATUS_TONE: Record<NewsStatus, StatusTone> = {
  draft: "neutral",
  scheduled: "info",
  published: "success",
};

type NewsAdminRow = Route.ComponentProps["loaderData"]["list"]["items"][number];

export default function AdminNews({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  const { list, query } = loaderData;
  const columns: DataColumn<NewsAdminRow>[] = [
    {
      key: "title",
      header: t("adminNews.columns.title"),
      sortable: true,
      rowHeader: true,
      cell: (row) => (
        <>
          <Link to={to(`/quan-tri/noi-dung/tin-tuc/${row.id}`)}>{row.titleVi}</Link>
          {row.titleEn ? (
            <span className="admin-news__en muted" lang="en">
              {row.titleEn}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: "status",
      header: t("adminNews.columns.status"),
      sortable: true,
      cell: (row) => (
        <StatusBadge tone={NEWS_STATUS_TONE[row.status]}>
          {t(`adminNews.status.${row.status}`)}
        </StatusBadge>
      ),
    },
    {
      key: "published",
      header: t("adminNews.columns.published"),
      sortable: true,
      cell: (row) =>
        row.publishedAt ? (
          <time dateTime={row.publishedAt}>
            {/* A scheduled article goes out at an hour, which is worth seeing in the list. */}
            {row.status === "scheduled"
              ? formatVietnamDateTime(row.publishedAt)
              : formatDate(row.publishedAt, lang)}
          </time>
        ) : (
          "—"
        ),
    },
    {
      key: "updated",
      header: t("adminNews.columns.updated"),
      sortable: true,
      cell: (row) => <time dateTime={row.updatedAt}>{formatDate(row.updatedAt, lang)}</time>,
    },
  ];
  return (
    <AdminPage
      title={t("adminNews.title")}
      breadcrumbs={[
        { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
        { label: t("adminNews.title") },
      ]}
      actions={
        <Link to={to("/quan-tri/noi-dung/tin-tuc/moi")} className="button button--primary">
          {t("adminNews.create")}
        </Link>
      }
    >
      <FlashMessage />
      <ListToolbar
        searchLabel={t("adminNews.search")}
        filters={[
          {
            name: "status",
            label: t("adminNews.columns.status"),
            options: NEWS_STATUSES.map((status) => ({
              value: status,
              label: t(`adminNews.status.${status}`),
            })),
          },
        ]}
        values={{
          q: query.q,
          status: query.filters.status,
          sort: query.sort,
          dir: query.dir,
          pageSize: query.pageSize,
        }}
      />
      <DataTable
        caption={t("adminNews.title")}
        columns={columns}
        result={list}
        rowKey={(row) => row.id}
        sort={query.sort}
        dir={query.dir}
        empty={t("adminNews.empty")}
      />
    </AdminPage>
  );
}
