import { useTranslation } from "../../../i18n/use-translation";
import {
  parseRegistrantListQuery,
  REGISTRANT_EXPORT_MAX_ROWS,
} from "../../../../core/registrants-admin";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { DataTable, ListToolbar } from "../../../features/back-office/table";
import {
  ExportLinks,
  useRegistrantColumns,
  useRegistrantFilters,
} from "../../../features/registrants-admin/registrants-table";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = backOfficeMeta("registrantsAdmin.title");

/**
 * `/quan-tri/thi-sinh`: every registrant, searched (marks ignored), filtered by type and by the
 * season they have entries in, sorted and paged by the server; the URL keeps the state.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "registrants");
  const query = parseRegistrantListQuery(new URL(request.url).searchParams);
  const [result, seasons] = await Promise.all([
    context.services.registrants.list(query),
    context.services.seasonsAdmin.list(),
  ]);
  return { result, query, years: seasons.map((season) => season.year) };
}

export default function AdminRegistrants({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { result, query, years } = loaderData;
  const columns = useRegistrantColumns();
  const filters = useRegistrantFilters(years);
  return (
    <AdminPage
      title={t("registrantsAdmin.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("registrantsAdmin.title") },
      ]}
      lead={t("registrantsAdmin.lead")}
      actions={<ExportLinks tooMany={result.total > REGISTRANT_EXPORT_MAX_ROWS} />}
    >
      <ListToolbar
        searchLabel={t("registrantsAdmin.search")}
        filters={filters}
        values={{
          q: query.q,
          sort: query.sort,
          dir: query.dir,
          pageSize: query.pageSize,
          type: query.filters.type,
          season: query.season ?? undefined,
        }}
      />
      <DataTable
        caption={t("registrantsAdmin.caption")}
        columns={columns}
        result={result}
        rowKey={(row) => row.id}
        sort={query.sort}
        dir={query.dir}
        empty={t("registrantsAdmin.empty")}
      />
    </AdminPage>
  );
}
