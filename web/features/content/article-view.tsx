import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { NewsArticle, NewsSummary } from "../../../core/content";
import { formatDate } from "../../../core/dates";
import { PATHS } from "../../../core/paths";
import { SectionHeading } from "../../components/section-heading";
import { fallbackLang } from "../../lib/fallback-lang";
import { useLang, useLocalizedPath } from "../../lib/site";
import { NewsCard } from "./cards";
import { ContentImage } from "./content-image";
import { RichText } from "./rich-text";
import { ShareLinks } from "./share-links";

/** A news article as visitors read it (the public page and the staff preview share it). */
export function ArticleView({
  article,
  related,
  shareUrl,
}: {
  article: NewsArticle;
  related: NewsSummary[];
  shareUrl: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  return (
    <div className="container page article-page">
      <p className="article-page__back">
        <Link to={to(PATHS.news)}>{t("news.backToList")}</Link>
      </p>
      <article className="article">
        <SectionHeading level={1} title={article.title} {...fallbackLang(article.inVi, "title")} />
        <p className="article__date muted">
          {t("news.publishedOn", { date: formatDate(article.publishedAt, lang) })}
        </p>
        {/* The page's main picture: loaded first, drawn at most 760 px wide. */}
        <ContentImage
          image={article.coverImageData}
          src={article.coverImage}
          className="article__cover"
          alt=""
          sizes="(min-width: 50rem) 760px, 100vw"
          width={800}
          height={450}
          priority
        />
        <RichText blocks={article.body} {...fallbackLang(article.inVi, "body")} />
      </article>
      {shareUrl ? <ShareLinks url={shareUrl} /> : null}
      {related.length > 0 ? (
        <section className="related" aria-labelledby="related-heading">
          <SectionHeading id="related-heading" title={t("news.related")} />
          <ul className="news-grid">
            {related.map((item) => (
              <NewsCard key={item.id} article={item} headingLevel={3} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
