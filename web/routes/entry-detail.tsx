import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/entry-detail";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { titleKey: "sections.entryDetail" });

export default function EntryDetailPage() {
  const { t } = useTranslation();
  return <ComingSoon section={t("sections.entryDetail")} />;
}
