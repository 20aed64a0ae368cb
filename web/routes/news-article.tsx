import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { formatDate } from "../../core/dates";
import { langOfPath, localizePath } from "../../core/languages";
import { PATHS } from "../../core/paths";
import { articleSegment, parseArticleSegment } from "../../core/slug";
import { SectionHeading } from "../components/section-heading";
import { articlePath, NewsCard } from "../features/content/cards";
import { RichText } from "../features/content/rich-text";
import { ShareLinks } from "../features/content/share-links";
import "../features/content/content.css";
import { pageMeta } from "../lib/meta";
import { useLang, useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/news-article";

/**
 * `/tin-tuc-cuoc-thi/{slug}-{id}`: the id finds the article; any other slug redirects to its
 * own. An article that does not exist (or is not published) sends the visitor to the news
 * list, as unknown paths go home (seed §2).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langOfPath(url.pathname);
  const segment = parseArticleSegment(params.id);
  const article = segment ? await context.services.content.article(segment.id, lang) : null;
  if (!article) throw redirect(localizePath(PATHS.news, lang));
  const canonical = articleSegment(article.slug, article.id);
  if (params.id !== canonical) {
    throw redirect(localizePath(articlePath(article), lang) + url.search, 301);
  }
  const related = await context.services.content.related(article.id, lang);
  return {
    article,
    related,
    shareUrl: `${context.publicUrl}${localizePath(articlePath(article), lang)}`,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.data?.article;
  if (!article) return pageMeta(args, { titleKey: "sections.newsArticle" });
  return pageMeta(args, {
    title: article.title,
    description: article.summary,
    type: "article",
    image: article.coverImage,
    publishedTime: article.publishedAt,
    paths: {
      vi: articlePath({ slug: article.slugs.vi, id: article.id }),
      en: articlePath({ slug: article.slugs.en, id: article.id }),
    },
  });
};

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  const { article, related, shareUrl } = loaderData;
  return (
    <div className="container page article-page">
      <p className="article-page__back">
        <Link to={to(PATHS.news)}>{t("news.backToList")}</Link>
      </p>
      <article className="article">
        <SectionHeading level={1} title={article.title} />
        <p className="article__date muted">
          {t("news.publishedOn", { date: formatDate(article.publishedAt, lang) })}
        </p>
        {article.coverImage ? (
          <img
            className="article__cover"
            src={article.coverImage}
            alt=""
            width={800}
            height={450}
            decoding="async"
          />
        ) : null}
        <RichText blocks={article.body} />
      </article>
      <ShareLinks url={shareUrl} />
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
