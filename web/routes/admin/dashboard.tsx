import { useTranslation } from "../../i18n/use-translation";
import { parseSeasonParam } from "../../../core/dashboard";
import { canOpenSection, seesMoney } from "../../../core/roles";
import { AdminPage } from "../../features/back-office/page";
import { backOfficeMeta } from "../../features/back-office/meta";
import { DashboardView, SeasonPicker } from "../../features/dashboard/dashboard-view";
import { requireStaff } from "../../lib/session.server";
import { useLang } from "../../lib/site";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = backOfficeMeta("admin.sections.dashboard");

/**
 * `/quan-tri` (every staff role): the figures of the current season, or of `?season=YEAR`.
 * A season that does not exist falls back to the current one. Every role sees the counts and
 * the judging progress (its rounds link to their pages only for roles that open judging); the
 * money (estimated fees, recorded payments) is read and sent only for roles that see money.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, "dashboard");
  const { dashboard, seasons } = context.services;
  const years = await dashboard.years();
  const asked = parseSeasonParam(new URL(request.url).searchParams.get("season"));
  const current = (await seasons.current())?.year ?? null;
  const year =
    asked !== null && years.includes(asked)
      ? asked
      : current !== null && years.includes(current)
        ? current
        : (years[0] ?? null);
  const money = seesMoney(user.role);
  const [figures, payments] =
    year === null
      ? [null, null]
      : await Promise.all([
          dashboard.figures(year, { money }),
          money ? context.services.payments.totalsOfYear(year) : null,
        ]);
  return { years, year, figures, payments, linkRounds: canOpenSection(user.role, "judging") };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { years, year, figures, payments, linkRounds } = loaderData;
  return (
    <AdminPage
      title={t("admin.sections.dashboard")}
      lead={t("adminDashboard.lead")}
      actions={
        year !== null && years.length > 1 ? <SeasonPicker years={years} year={year} /> : null
      }
    >
      {!figures ? (
        <p className="empty-state" role="status">
          {t("adminDashboard.noSeason")}
        </p>
      ) : figures.total === 0 ? (
        <p className="empty-state" role="status">
          {t("adminDashboard.empty", { year: figures.season.year })}
        </p>
      ) : (
        <DashboardView figures={figures} payments={payments} lang={lang} linkRounds={linkRounds} />
      )}
    </AdminPage>
  );
}
