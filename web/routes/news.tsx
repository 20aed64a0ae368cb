import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/news";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { titleKey: "sections.news" });

export default function NewsPage() {
  const { t } = useTranslation();
  return <ComingSoon section={t("sections.news")} />;
}
