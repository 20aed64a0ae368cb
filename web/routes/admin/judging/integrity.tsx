import { useTranslation } from "../../../i18n/use-translation";
import { formatVietnamDateTime } from "../../../../core/dates";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { StatusBadge } from "../../../features/back-office/status-badge";
import { JudgingNav } from "../../../features/judging-admin/judging-nav";
import { judgingPage } from "../../../features/judging-admin/season.server";
import type { Route } from "./+types/integrity";

export const meta: Route.MetaFunction = backOfficeMeta("judgingAdmin.integrity.title");

/** `/quan-tri/cham-giai/nhat-ky-diem`: walks the score log's hash chain now and says where it breaks. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { season } = await judgingPage(request, context);
  return { season, report: await context.services.judging.verify() };
}

export default function AdminScoreLogCheck({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { season, report } = loaderData;
  const problem = { hash: "problemHash", link: "problemLink", gap: "problemGap" } as const;
  return (
    <AdminPage
      title={t("judgingAdmin.integrity.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("judgingAdmin.title"), to: `/quan-tri/cham-giai?year=${season.year}` },
        { label: t("judgingAdmin.integrity.title") },
      ]}
      lead={t("judgingAdmin.integrity.lead")}
    >
      <JudgingNav year={season.year} />
      <p role="status" data-testid="chain-state">
        {report.intact ? (
          <StatusBadge tone="success">{t("judgingAdmin.integrity.intact")}</StatusBadge>
        ) : (
          <StatusBadge tone="danger">{t("judgingAdmin.integrity.broken")}</StatusBadge>
        )}
      </p>
      <dl className="facts">
        <dt>{t("judgingAdmin.integrity.records")}</dt>
        <dd>{report.records}</dd>
        <dt>{t("judgingAdmin.integrity.lastHash")}</dt>
        <dd>
          <code>{report.lastHash}</code>
        </dd>
        <dt>{t("judgingAdmin.integrity.checkedAt")}</dt>
        <dd>{formatVietnamDateTime(report.checkedAt)}</dd>
      </dl>
      {report.breaks.length > 0 ? (
        <>
          <h2>{t("judgingAdmin.integrity.breaks")}</h2>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("judgingAdmin.integrity.seq")}</th>
                  <th scope="col">{t("judgingAdmin.integrity.problem")}</th>
                </tr>
              </thead>
              <tbody>
                {report.breaks.map((b) => (
                  <tr key={`${b.seq}-${b.problem}`}>
                    <th scope="row">{b.seq}</th>
                    <td>{t(`judgingAdmin.integrity.${problem[b.problem]}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {report.mismatches.length > 0 ? (
        <>
          <h2>{t("judgingAdmin.integrity.mismatches")}</h2>
          <p>{t("judgingAdmin.integrity.mismatchesLead")}</p>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("judgingAdmin.integrity.round")}</th>
                  <th scope="col">{t("judgingAdmin.integrity.entry")}</th>
                  <th scope="col">{t("judgingAdmin.integrity.judge")}</th>
                </tr>
              </thead>
              <tbody>
                {report.mismatches.map((m) => (
                  <tr key={`${m.roundId}-${m.entryId}-${m.judgeId}`}>
                    <td>{m.roundId}</td>
                    <td>{m.entryId}</td>
                    <td>{m.judgeId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <p className="tree-node__meta">{t("judgingAdmin.integrity.command")}</p>
    </AdminPage>
  );
}
