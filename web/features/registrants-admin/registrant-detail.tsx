import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatBytes } from "../../../core/bytes";
import { formatDate } from "../../../core/dates";
import { entryStatusLabelKey, type EntryStatus } from "../../../core/entry-status";
import { localeOf, pickLang, type Bilingual } from "../../../core/languages";
import type { RegistrantType } from "../../../core/registration";
import { EmailVerifiedBadge, RegistrantIdentityFacts } from "../back-office/registrant-facts";
import { StatusBadge } from "../back-office/status-badge";
import { useLang, useLocalizedPath } from "../../lib/site";

/** A registrant as the page shows it (the loader signed the licence link). */
export interface RegistrantPageData {
  id: string;
  type: RegistrantType;
  fullName: string;
  phone: string;
  address: string;
  personalId: string | null;
  companyName: string | null;
  businessRegistrationNumber: string | null;
  taxCode: string | null;
  email: string;
  emailVerified: boolean;
  active: boolean;
  lang: string;
  registeredAt: string;
  licence: { mime: string; bytes: number; url: string | null } | null;
  entries: {
    id: string;
    code: string | null;
    title: string;
    brandName: string;
    status: EntryStatus;
    seasonYear: number;
    category: Bilingual | null;
    updatedAt: string;
  }[];
}

/** Profile, account state and licence of a registrant. */
export function RegistrantProfile({ registrant }: { registrant: RegistrantPageData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const r = registrant;
  const enterprise = r.type === "enterprise";
  return (
    <section className="panel admin-panel" aria-labelledby="registrant-profile">
      <h2 id="registrant-profile">{t("registrantsAdmin.detail.profile")}</h2>
      <dl className="facts">
        <RegistrantIdentityFacts registrant={r} />
        <dt>{t("registrantsAdmin.columns.registered")}</dt>
        <dd>{formatDate(r.registeredAt, lang)}</dd>
        {enterprise ? (
          <>
            <dt>{t("entryReview.registrant.licence")}</dt>
            <dd>
              {r.licence?.url ? (
                <a href={r.licence.url} target="_blank" rel="noreferrer">
                  {t("entryReview.registrant.downloadLicence")} (
                  {formatBytes(r.licence.bytes, localeOf(lang))})
                </a>
              ) : (
                t("entryReview.registrant.noLicence")
              )}
            </dd>
          </>
        ) : null}
      </dl>
      <h3>{t("registrantsAdmin.detail.account")}</h3>
      <p>
        <EmailVerifiedBadge verified={r.emailVerified} />{" "}
        <StatusBadge tone={r.active ? "success" : "danger"}>
          {t(r.active ? "registrantsAdmin.detail.active" : "registrantsAdmin.detail.inactive")}
        </StatusBadge>
      </p>
      <p>
        {t("registrantsAdmin.detail.language")}: {t(`language.${r.lang === "en" ? "en" : "vi"}`)}
      </p>
    </section>
  );
}

/** The registrant's entries, each linking to the staff entry page. */
export function RegistrantEntries({ registrant }: { registrant: RegistrantPageData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  return (
    <section className="panel admin-panel" aria-labelledby="registrant-entries">
      <h2 id="registrant-entries">{t("registrantsAdmin.detail.entries")}</h2>
      {registrant.entries.length === 0 ? (
        <p className="empty-state">{t("registrantsAdmin.detail.noEntries")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">
              {t("registrantsAdmin.detail.entriesCaption", { name: registrant.fullName })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("entryReview.fields.code")}</th>
                <th scope="col">{t("entryReview.fields.campaign")}</th>
                <th scope="col">{t("entryReview.fields.season")}</th>
                <th scope="col">{t("entryReview.fields.category")}</th>
                <th scope="col">{t("entryReview.status")}</th>
                <th scope="col">{t("entryReview.fields.updated")}</th>
              </tr>
            </thead>
            <tbody>
              {registrant.entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">
                    <Link to={to(`/quan-tri/bai-du-thi/${entry.id}`)}>
                      {entry.code ?? t("entryReview.noCode")}
                    </Link>
                  </th>
                  <td>{entry.title || t("entryReview.untitled")}</td>
                  <td>{entry.seasonYear}</td>
                  <td>{entry.category ? pickLang(entry.category, lang) : "—"}</td>
                  <td>
                    <StatusBadge>{t(entryStatusLabelKey(entry.status))}</StatusBadge>
                  </td>
                  <td>{formatDate(entry.updatedAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{t("registrantsAdmin.detail.payments")}</h3>
      <p>{t("registrantsAdmin.detail.paymentsSoon")}</p>
    </section>
  );
}
