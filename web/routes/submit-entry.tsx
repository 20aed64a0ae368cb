import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/submit-entry";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { titleKey: "sections.submitEntry" });

export default function SubmitEntryPage() {
  const { t } = useTranslation();
  return <ComingSoon section={t("sections.submitEntry")} />;
}
