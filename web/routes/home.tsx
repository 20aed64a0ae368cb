import { useTranslation } from "../i18n/use-translation";
import { readingPageHandle } from "../hydration/on-interaction";
import { Link } from "react-router";
import { formatMoment } from "../../core/dates";
import { langOfPath } from "../../core/languages";
import { PATHS } from "../../core/paths";
import { SectionHeading } from "../components/section-heading";
import { JuryCard, NewsCard, WinnerCard } from "../features/content/cards";
import { HomeSection } from "../features/content/home-section";
import { KeyDates } from "../features/content/key-dates";
import { contentStylesheet } from "../features/content/stylesheet";
import { dropNulls } from "../lib/compact-data";
import { pageMeta } from "../lib/meta";
import { useLang, useLocalizedPath, useSite } from "../lib/site";
import type { Route } from "./+types/home";

/** A reading page: it hydrates at the first interaction (hydration/on-interaction.ts). */
export const handle = readingPageHandle;

export const links: Route.LinksFunction = () => [contentStylesheet];

/** The season's key dates, then highlights: latest news, the jury, last year's winners. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = langOfPath(new URL(request.url).pathname);
  const { content, seasons } = context.services;
  const season = await seasons.current();
  const [news, jury, winners, keyDates] = await Promise.all([
    content.latestNews(lang, 3),
    content.jury(null, lang, 4),
    content.winners({ year: season ? season.year - 1 : null, pageSize: 6 }, lang),
    season ? seasons.keyDates(season.year) : { dates: [], now: new Date().toISOString() },
  ]);
  // What the home page's compact cards show, without empty fields (home page HTML < 30 KB).
  return {
    keyDates,
    news: news.map(dropNulls),
    // The jury cards are compact: no bio.
    jury: {
      year: jury.year,
      members: jury.members.map(({ bio: _bio, ...member }) => dropNulls(member)),
    },
    // The winner cards name the category only: the group would not fit the compact card.
    winners: {
      year: winners.year,
      items: winners.items.map(({ group: _group, categoryCode: _code, ...winner }) =>
        dropNulls(winner),
      ),
    },
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, {});

const TRACK_CARDS = [
  { key: "vanXuan", path: "/van-xuan" },
  { key: "vanXuanClassic", path: "/van-xuan-classic" },
  { key: "vanXuanStars", path: "/van-xuan-stars" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
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
          <h1 id="hero-title">
            {season ? t("home.heroTitle", { year: season.year }) : t("site.name")}
          </h1>
          <p>{t("home.heroLead")}</p>
          {submission?.state === "open" ? (
            <p className="hero__deadline">
              {t(submission.late ? "submit.openLateUntil" : "submit.openUntil", {
                date: formatMoment(submission.closesAt, lang, "end"),
              })}
            </p>
          ) : null}
        </div>
      </section>
      <KeyDates dates={loaderData.keyDates.dates} now={loaderData.keyDates.now} />
      <section className="container award-categories" aria-labelledby="award-categories-heading">
        <SectionHeading
          id="award-categories-heading"
          title={t("home.categoriesHeading")}
          icon="/icons/award.svg"
        />
        <ul className="track-cards">
          {TRACK_CARDS.map(({ key, path }) => {
            const title = t(`home.tracks.${key}.title`);
            return (
              <li key={key} className="track-card">
                <h3>{title}</h3>
                <p>{t(`home.tracks.${key}.description`)}</p>
                <Link
                  to={to(path)}
                  className="button button--secondary"
                  aria-label={t("home.trackDetails", { track: title })}
                  // The header's menu links the same page and carries its route discovery.
                  discover="none"
                >
                  {t("common.viewDetails")}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      {loaderData.news.length > 0 ? (
        <HomeSection
          id="home-news-heading"
          title={t("news.homeHeading")}
          gridClass="news-grid"
          more={{ to: to(PATHS.news), label: t("news.viewAll") }}
          alt
        >
          {loaderData.news.map((article) => (
            <NewsCard key={article.id} article={article} headingLevel={3} />
          ))}
        </HomeSection>
      ) : null}
      {loaderData.jury.year && loaderData.jury.members.length > 0 ? (
        <HomeSection
          id="home-jury-heading"
          title={t("jury.homeHeading", { year: loaderData.jury.year })}
          gridClass="jury-grid"
          more={{ to: to(`${PATHS.jury}?year=${loaderData.jury.year}`), label: t("jury.viewAll") }}
        >
          {loaderData.jury.members.map((member) => (
            <JuryCard key={member.id} member={member} headingLevel={3} compact />
          ))}
        </HomeSection>
      ) : null}
      {loaderData.winners.year && loaderData.winners.items.length > 0 ? (
        <HomeSection
          id="home-winners-heading"
          title={t("winners.homeHeading", { year: loaderData.winners.year })}
          gridClass="winners-grid"
          more={{
            to: to(`${PATHS.winners}?year=${loaderData.winners.year}`),
            label: t("winners.viewAll"),
          }}
          alt
        >
          {loaderData.winners.items.map((winner) => (
            <WinnerCard key={winner.id} winner={winner} headingLevel={3} />
          ))}
        </HomeSection>
      ) : null}
    </>
  );
}
