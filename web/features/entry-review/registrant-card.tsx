import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatBytes } from "../../../core/bytes";
import { localeOf } from "../../../core/languages";
import { RegistrantIdentityFacts } from "../back-office/registrant-facts";
import { useLang, useLocalizedPath } from "../../lib/site";
import { DocumentFile } from "./entry-files";
import type { ReviewRegistrant } from "./types";

/** Who entered: the registrant's profile, the business licence and a link to their page. */
export function RegistrantCard({ registrant }: { registrant: ReviewRegistrant | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  if (!registrant) {
    return (
      <section className="panel admin-panel" aria-labelledby="review-registrant">
        <h2 id="review-registrant">{t("entryReview.registrant.heading")}</h2>
        <p>{t("entryReview.registrant.none")}</p>
      </section>
    );
  }
  const r = registrant;
  const enterprise = r.type === "enterprise";
  const licence = r.licence;
  return (
    <section className="panel admin-panel" aria-labelledby="review-registrant">
      <h2 id="review-registrant">{t("entryReview.registrant.heading")}</h2>
      <dl className="facts">
        <RegistrantIdentityFacts registrant={r} verification />
      </dl>
      {enterprise ? (
        <>
          <h3>{t("entryReview.registrant.licence")}</h3>
          {licence ? (
            licence.mime.startsWith("image/") ? (
              <figure className="entry-review__licence">
                <img src={licence.url} alt={t("entryReview.registrant.licence")} loading="lazy" />
                <figcaption>
                  <a href={licence.url} target="_blank" rel="noreferrer">
                    {t("entryReview.registrant.viewLicence")}
                  </a>
                </figcaption>
              </figure>
            ) : (
              <DocumentFile
                file={{ name: "giay-phep-kinh-doanh.pdf", mime: licence.mime, url: licence.url }}
                label={t("entryReview.registrant.licence")}
                size={formatBytes(licence.bytes, localeOf(lang))}
              />
            )
          ) : (
            <p>{t("entryReview.registrant.noLicence")}</p>
          )}
        </>
      ) : null}
      <p>
        <Link to={to(`/quan-tri/thi-sinh/${r.id}`)}>{t("entryReview.registrant.open")}</Link>
      </p>
    </section>
  );
}
