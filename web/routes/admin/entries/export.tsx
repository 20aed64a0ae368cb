import { useTranslation } from "react-i18next";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/export";

// Placeholder while the page is being built: the section's roles are already checked.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "entries");
  return null;
}

export default function Placeholder() {
  const { t } = useTranslation();
  return <h1>{t("admin.sections.entries")}</h1>;
}
