import { useTranslation } from "../i18n/use-translation";
import { readingPageHandle } from "../hydration/on-interaction";
import { data } from "react-router";
import { formatVnd } from "../../core/dates";
import { bodyDescription } from "../../core/meta-description";
import { langOfPath, pickLang, stripLangPrefix } from "../../core/languages";
import { isTrackSlug } from "../../core/paths";
import { SectionHeading } from "../components/section-heading";
import { RichText } from "../features/content/rich-text";
import { contentStylesheet } from "../features/content/stylesheet";
import { fallbackLang, pickedLang } from "../lib/fallback-lang";
import { pageMeta } from "../lib/meta";
import { useLang } from "../lib/site";
import type { Route } from "./+types/track";

/** A reading page: it hydrates at the first interaction (hydration/on-interaction.ts). */
export const handle = readingPageHandle;

export const links: Route.LinksFunction = () => [contentStylesheet];

/** `/van-xuan`, `/van-xuan-classic`, `/van-xuan-stars`: the track's groups and categories this season. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const slug = stripLangPrefix(pathname).replace(/^\/+|\/+$/g, "");
  if (!isTrackSlug(slug)) throw data(null, { status: 404 });
  const season = await context.services.seasons.current();
  const tree = season ? await context.services.seasons.categoryTree(season.year) : [];
  const track = tree.find((t) => t.slug === slug) ?? null;
  const content = await context.services.content.page(`track:${slug}`, langOfPath(pathname));
  return { slug, year: season?.year ?? null, track, content };
}

export const meta: Route.MetaFunction = (args) => {
  const track = args.data?.track;
  const content = args.data?.content;
  const lang = args.location.pathname.startsWith("/en") ? "en" : "vi";
  // The page's summary, else the start of its text, else the track's tagline.
  const description = track
    ? (content ? content.summary.trim() || bodyDescription(content.body) : "") ||
      pickLang(track.tagline, lang).trim()
    : "";
  return pageMeta(
    args,
    track
      ? { title: pickLang(track.name, lang), ...(description ? { description } : {}) }
      : { titleKey: "nav.prizeStructure" },
  );
};

export default function TrackPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { track, year, content } = loaderData;
  if (!track) {
    return (
      <div className="container page">
        <SectionHeading level={1} title={t("nav.prizeStructure")} />
        <p role="status">{t("track.empty")}</p>
      </div>
    );
  }
  return (
    <div className="container page track-page">
      <SectionHeading level={1} title={pickLang(track.name, lang)} />
      {year ? <p className="muted">{t("track.season", { year })}</p> : null}
      <p className="lead" {...pickedLang(track.tagline, lang)}>
        {pickLang(track.tagline, lang)}
      </p>
      {content ? (
        <section className="track-content" aria-labelledby="track-content-heading">
          <h2 id="track-content-heading" className="category-group__title">
            {t("content.trackAbout")}
          </h2>
          <p {...fallbackLang(content.inVi, "summary")}>{content.summary}</p>
          <RichText
            blocks={content.body}
            headingLevel={3}
            {...fallbackLang(content.inVi, "body")}
          />
        </section>
      ) : null}
      {track.groups.map((group) => (
        <section
          key={group.slug}
          className="category-group"
          aria-labelledby={`group-${group.slug}`}
        >
          <h2
            id={`group-${group.slug}`}
            className="category-group__title"
            {...pickedLang(group.name, lang)}
          >
            {pickLang(group.name, lang)}
          </h2>
          <ul className="category-list">
            {group.categories.map((category) => (
              <li key={category.slug} className="category-card">
                <h3 className="category-card__title" {...pickedLang(category.name, lang)}>
                  {pickLang(category.name, lang)}
                </h3>
                <p {...pickedLang(category.description, lang)}>
                  {pickLang(category.description, lang)}
                </p>
                <dl className="category-card__facts">
                  <div>
                    <dt>{t("track.fee")}</dt>
                    <dd>{formatVnd(category.feeVnd, lang)}</dd>
                  </div>
                  <div>
                    <dt>{t("track.eligibility")}</dt>
                    <dd>
                      {category.allowIndividual && category.allowEnterprise
                        ? t("track.eligibleBoth")
                        : category.allowEnterprise
                          ? t("track.eligibleEnterprise")
                          : t("track.eligibleIndividual")}
                    </dd>
                  </div>
                  {category.videoRequired ? (
                    <div>
                      <dt className="visually-hidden">{t("track.videoRequired")}</dt>
                      <dd className="badge">{t("track.videoRequired")}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
