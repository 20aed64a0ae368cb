import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/registration";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { titleKey: "sections.registration" });

export default function RegistrationPage() {
  const { t } = useTranslation();
  return <ComingSoon section={t("sections.registration")} />;
}
