import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/award-introduction";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { titleKey: "sections.awardIntroduction" });

export default function AwardIntroductionPage() {
  const { t } = useTranslation();
  return <ComingSoon section={t("sections.awardIntroduction")} />;
}
