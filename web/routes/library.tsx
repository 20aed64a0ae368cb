import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/library";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { titleKey: "sections.library" });

export default function LibraryPage() {
  const { t } = useTranslation();
  return <ComingSoon section={t("sections.library")} />;
}
