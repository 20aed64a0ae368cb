import { useTranslation } from "react-i18next";
import { stripLangPrefix } from "../../../core/languages";
import type { BackOfficeSection } from "../../../core/roles";
import { SectionHeading } from "../../components/section-heading";
import { requireStaff } from "../../lib/session.server";
import { ADMIN_SECTION_PATHS } from "./layout";
import type { Route } from "./+types/section";

/** A back-office section: its roles are checked here, on the server, whatever the navigation shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = stripLangPrefix(new URL(request.url).pathname).replace(/\/+$/, "") || "/";
  const section = (Object.entries(ADMIN_SECTION_PATHS).find(([, p]) => p === path)?.[0] ??
    "dashboard") as BackOfficeSection;
  await requireStaff(request, context, section);
  return { section };
}

export default function AdminSection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const title = t(`admin.sections.${loaderData.section}`);
  return (
    <section aria-labelledby="admin-section-heading">
      <SectionHeading level={1} id="admin-section-heading" title={title} />
      <p role="status">
        {loaderData.section === "dashboard"
          ? t("admin.dashboardLead")
          : t("admin.sectionSoon", { section: title })}
      </p>
    </section>
  );
}
