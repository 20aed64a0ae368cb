import { data, redirect } from "react-router";
import { readingPageHandle } from "../hydration/on-interaction";
import { langOfPath, localizePath } from "../../core/languages";
import { bodyDescription } from "../../core/meta-description";
import { OG_IMAGE, OG_PREFIX } from "../../core/social-image";
import { articleSegment, parseArticleSegment } from "../../core/slug";
import { NOT_IN_NEWS } from "../components/error-page";
import { ArticleView } from "../features/content/article-view";
import { contentStylesheet } from "../features/content/stylesheet";
import { articlePath } from "../features/content/cards";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/news-article";

/** A reading page: it hydrates at the first interaction (hydration/on-interaction.ts). */
export const handle = readingPageHandle;

export const links: Route.LinksFunction = () => [contentStylesheet];

/**
 * `/tin-tuc-cuoc-thi/{slug}-{id}`: the id finds the article; any other slug redirects to its
 * own (301). A slug alone — the article's current one, or one it had before an editor
 * changed it (slug history) — redirects too. An article that does not exist, is not published
 * yet or was taken down is a 404 page leading back to the news list, so an old link or a
 * crawler learns it is gone (a draft does not record whether it was ever public, hence no 410).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langOfPath(url.pathname);
  const { content, news } = context.services;
  const segment = parseArticleSegment(params.id);
  let article = segment ? await content.article(segment.id, lang) : null;
  if (!article) {
    const byOldSlug = await news.idForSlug(params.id, lang);
    article = byOldSlug === null ? null : await content.article(byOldSlug, lang);
  }
  if (!article) throw data(NOT_IN_NEWS, { status: 404 });
  const canonical = articleSegment(article.slug, article.id);
  if (params.id !== canonical) {
    throw redirect(localizePath(articlePath(article), lang) + url.search, 301);
  }
  const related = await content.related(article.id, lang);
  return {
    article,
    related,
    // Its address in each language (the slugs differ): hreflang and the language switcher.
    languagePaths: {
      vi: articlePath({ slug: article.slugs.vi, id: article.id }),
      en: articlePath({ slug: article.slugs.en, id: article.id }),
    },
    shareUrl: `${context.publicUrl}${localizePath(articlePath(article), lang)}`,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.data?.article;
  if (!article) return pageMeta(args, { titleKey: "sections.newsArticle" });
  return pageMeta(args, {
    title: article.title,
    // No summary: the start of the article's own text, not the site's default description.
    description: article.summary.trim() || bodyDescription(article.body),
    type: "article",
    image: article.shareImage,
    imageInfo: article.shareImage?.startsWith(OG_PREFIX) ? OG_IMAGE : undefined,
    publishedTime: article.publishedAt,
  });
};

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related, shareUrl } = loaderData;
  return <ArticleView article={article} related={related} shareUrl={shareUrl} />;
}
