import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import { useLocalizedPath } from "../lib/site";
import { SectionHeading } from "./section-heading";

/** The state of a section whose page a later release fills: its name, a message, a way home. */
export function ComingSoon({ section, body }: { section: string; body?: string }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <div className="container page coming-soon">
      <SectionHeading level={1} title={section} />
      <div className="coming-soon__card" role="status">
        <p className="coming-soon__badge">{t("comingSoon.title")}</p>
        <p>{body ?? t("comingSoon.body", { section })}</p>
        <Link to={to("/")} className="button button--secondary">
          {t("common.backHome")}
        </Link>
      </div>
    </div>
  );
}
