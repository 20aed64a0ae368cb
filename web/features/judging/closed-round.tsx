import { Link } from "react-router";
import { pickLang } from "../../../core/languages";
import { SectionHeading } from "../../components/section-heading";
import { useTranslation } from "../../i18n/use-translation";
import { useLang, useLocalizedPath, useSite } from "../../lib/site";

/**
 * What a judge sees of a round of theirs that has closed for scoring (a bookmark, an entry left
 * open while the round closed): its name, that no score can be given or changed any more, and
 * where to go — the organisers' contact, the rounds still open.
 */
export function ClosedRound({ round }: { round: { name: { vi: string; en: string } } }) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  const { contactEmail } = useSite().chrome;
  return (
    <div className="container page">
      <SectionHeading
        level={1}
        title={t("judging.portal.closed.title", { round: pickLang(round.name, lang) })}
      />
      <p>{t("judging.portal.closed.lead")}</p>
      <p>
        {t("judging.portal.closed.contact")} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
      <p>
        <Link to={to("/giam-khao")}>{t("judging.portal.list.backToRounds")}</Link>
      </p>
    </div>
  );
}
