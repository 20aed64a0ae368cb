import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatDate } from "../../../core/dates";
import { pickLang, type Lang } from "../../../core/languages";
import type { LibraryEntry } from "../../../core/library";
import { EntryDocuments } from "./documents";
import { EntryGallery } from "./gallery";
import { useCameFrom } from "../../lib/location-trail";
import { libraryReturnPath } from "./paths";
import { EntryShare } from "./share";
import { EntryVideo } from "./video";
import { pickedLang } from "../../lib/fallback-lang";

const monthYear = (month: number | null, year: number | null) =>
  month && year ? `${String(month).padStart(2, "0")}/${year}` : year ? String(year) : "";

/** The description in the page's language, else the other one (with a note saying so). */
export function entryDescription(entry: LibraryEntry, lang: Lang) {
  const own = (lang === "en" ? entry.descriptionEn : entry.descriptionVi).trim();
  if (own) return { text: own, lang, fallback: false };
  const other: Lang = lang === "en" ? "vi" : "en";
  const text = (other === "en" ? entry.descriptionEn : entry.descriptionVi).trim();
  return { text, lang: other, fallback: text !== "" };
}

/**
 * A published entry (`/bai-thi/{id}`): title, prize, the work (images in a gallery with a
 * lightbox, the film, the idea article and slides), the facts, the description, the credits
 * and the share links.
 */
export function EntryView({
  entry,
  lang,
  shareUrl,
}: {
  entry: LibraryEntry;
  lang: Lang;
  shareUrl: string;
}) {
  const { t } = useTranslation();
  const description = entryDescription(entry, lang);
  const from = monthYear(entry.period.startMonth, entry.period.startYear);
  const to = monthYear(entry.period.endMonth, entry.period.endYear);
  const { companies, people } = entry.credits;
  // The server renders the library's own address; the app, the library page it came from.
  const back = libraryReturnPath(useCameFrom(), lang);
  return (
    <article className="container page entry-page">
      <p className="entry-page__back">
        <Link to={back}>{t("library.entry.back")}</Link>
      </p>
      <header className="entry-page__header">
        {entry.prize ? (
          <p className={`prize-badge prize-badge--${entry.prize}`}>
            {t(`winners.prize.${entry.prize}`)}
          </p>
        ) : null}
        <h1 className="entry-page__title">{entry.title}</h1>
        <p className="entry-page__brand">{entry.brand}</p>
      </header>

      <div className="entry-page__layout">
        <div className="entry-page__work">
          {entry.images.length > 0 ? (
            <section aria-labelledby="entry-images">
              <h2 id="entry-images" className="visually-hidden">
                {t("library.entry.images")}
              </h2>
              <EntryGallery images={entry.images} title={entry.title} />
            </section>
          ) : null}
          {entry.video ? (
            <section aria-labelledby="entry-video">
              <h2 id="entry-video">{t("library.entry.video")}</h2>
              <EntryVideo
                video={entry.video}
                title={entry.title}
                poster={entry.images[0] ?? null}
              />
            </section>
          ) : null}
          {description.text ? (
            <section aria-labelledby="entry-description">
              <h2 id="entry-description">{t("library.entry.description")}</h2>
              {description.fallback ? (
                <p className="entry-page__note">
                  {t(
                    lang === "en"
                      ? "library.entry.descriptionInVi"
                      : "library.entry.descriptionInEn",
                  )}
                </p>
              ) : null}
              <div className="entry-page__description" lang={description.lang}>
                {description.text.split(/\n{2,}/).map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
              </div>
            </section>
          ) : null}
          {entry.documents.length > 0 ? (
            <section aria-labelledby="entry-documents">
              <h2 id="entry-documents">{t("library.entry.documents")}</h2>
              <EntryDocuments documents={entry.documents} code={entry.code} />
            </section>
          ) : null}
        </div>

        <aside className="entry-page__aside" aria-labelledby="entry-facts">
          <h2 id="entry-facts">{t("library.entry.details")}</h2>
          <dl className="entry-facts">
            <dt>{t("library.entry.code")}</dt>
            <dd>{entry.code}</dd>
            <dt>{t("library.entry.season")}</dt>
            <dd {...pickedLang(entry.season, lang)}>{pickLang(entry.season, lang)}</dd>
            <dt>{t("library.entry.track")}</dt>
            <dd {...pickedLang(entry.track, lang)}>{pickLang(entry.track, lang)}</dd>
            <dt>{t("library.entry.group")}</dt>
            <dd {...pickedLang(entry.group, lang)}>{pickLang(entry.group, lang)}</dd>
            <dt>{t("library.entry.category")}</dt>
            <dd {...pickedLang(entry.category, lang)}>{pickLang(entry.category, lang)}</dd>
            {from || to ? (
              <>
                <dt>{t("library.entry.period")}</dt>
                <dd>{[from, to].filter(Boolean).join(" – ")}</dd>
              </>
            ) : null}
            <dt>{t("library.entry.publishedAt")}</dt>
            <dd>
              <time dateTime={entry.publishedAt}>{formatDate(entry.publishedAt, lang)}</time>
            </dd>
          </dl>
          {companies.length > 0 || people.length > 0 ? (
            <section aria-labelledby="entry-credits" className="entry-credits">
              <h2 id="entry-credits">{t("library.entry.credits")}</h2>
              {companies.length > 0 ? (
                <>
                  <h3>{t("library.entry.companies")}</h3>
                  <ul>
                    {companies.map((c, i) => (
                      <li key={i}>
                        <span className="entry-credits__name">{c.name}</span>
                        {c.role ? <span className="entry-credits__role">{c.role}</span> : null}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {people.length > 0 ? (
                <>
                  <h3>{t("library.entry.people")}</h3>
                  <ul>
                    {people.map((p, i) => (
                      <li key={i}>
                        <span className="entry-credits__name">{p.name}</span>
                        {p.role ? <span className="entry-credits__role">{p.role}</span> : null}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </section>
          ) : null}
          <EntryShare url={shareUrl} title={entry.title} />
        </aside>
      </div>
    </article>
  );
}
