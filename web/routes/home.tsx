import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../core/dates";
import { SectionHeading } from "../components/section-heading";
import { pageMeta } from "../lib/meta";
import { useLang, useLocalizedPath, useSite } from "../lib/site";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args, {});

const TRACK_CARDS = [
  { key: "vanXuan", path: "/van-xuan" },
  { key: "vanXuanClassic", path: "/van-xuan-classic" },
  { key: "vanXuanStars", path: "/van-xuan-stars" },
] as const;

export default function Home() {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  const { chrome } = useSite();
  const season = chrome.season;
  const submission = season?.submission;

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <h1 id="hero-title" className="hero__title">
            {season ? t("home.heroTitle", { year: season.year }) : t("site.name")}
          </h1>
          <p className="hero__lead">{t("home.heroLead")}</p>
          {submission?.state === "open" ? (
            <p className="hero__deadline">
              {t("submit.openUntil", { date: formatDate(submission.closesAt, lang) })}
            </p>
          ) : null}
        </div>
      </section>
      <section className="container award-categories" aria-labelledby="award-categories-heading">
        <SectionHeading
          id="award-categories-heading"
          title={t("home.categoriesHeading")}
          icon="/icons/award.png"
        />
        <ul className="track-cards">
          {TRACK_CARDS.map(({ key, path }) => {
            const title = t(`home.tracks.${key}.title`);
            return (
              <li key={key} className={`track-card track-card--${key}`} data-track={key}>
                <h3 className="track-card__title">{title}</h3>
                <p className="track-card__description">{t(`home.tracks.${key}.description`)}</p>
                <Link
                  to={to(path)}
                  className="button button--secondary"
                  aria-label={t("home.trackDetails", { track: title })}
                >
                  {t("common.viewDetails")}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
