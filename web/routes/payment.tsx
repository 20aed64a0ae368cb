import { useTranslation } from "react-i18next";
import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/payment";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { titleKey: "sections.payment" });

export default function PaymentPage() {
  const { t } = useTranslation();
  return <ComingSoon section={t("sections.payment")} />;
}
