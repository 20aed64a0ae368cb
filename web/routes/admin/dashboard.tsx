import { useTranslation } from "react-i18next";
import { SectionHeading } from "../../components/section-heading";
import { requireStaff } from "../../lib/session.server";
import type { Route } from "./+types/dashboard";

// Placeholder while the dashboard is being built.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "dashboard");
  return null;
}

export default function AdminDashboard() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-section-heading">
      <SectionHeading level={1} id="admin-section-heading" title={t("admin.sections.dashboard")} />
      <p role="status">{t("admin.dashboardLead")}</p>
    </section>
  );
}
