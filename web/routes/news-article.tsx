import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/news-article";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { titleKey: "sections.newsArticle" });

export default function NewsArticlePage() {
  const { t } = useTranslation();
  return <ComingSoon section={t("sections.newsArticle")} />;
}
