import { useTranslation } from "../i18n/use-translation";
import { readingPageHandle } from "../hydration/on-interaction";
import { langOfPath } from "../../core/languages";
import { SectionHeading } from "../components/section-heading";
import { NewsCard } from "../features/content/cards";
import { Pagination } from "../features/content/pagination";
import { contentStylesheet } from "../features/content/stylesheet";
import { pageMeta } from "../lib/meta";
import { parsePage } from "../features/content/query";
import type { Route } from "./+types/news";

/** A reading page: it hydrates at the first interaction (hydration/on-interaction.ts). */
export const handle = readingPageHandle;

export const links: Route.LinksFunction = () => [contentStylesheet];

/** `/tin-tuc-cuoc-thi?page=`: published news, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langOfPath(url.pathname);
  return context.services.content.news(lang, parsePage(url.searchParams.get("page")));
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    titleKey: "sections.news",
    descriptionKey: "news.description",
    // The page as shown (never past the last), without what else the address carried.
    query: (args.data?.page ?? 1) > 1 ? `?page=${args.data?.page}` : "",
  });

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, page, pageCount, total } = loaderData;
  return (
    <div className="container page news-page">
      <SectionHeading level={1} title={t("sections.news")} />
      {items.length === 0 ? (
        <p role="status">{t("news.empty")}</p>
      ) : (
        <>
          <ul className="news-grid">
            {items.map((article, index) => (
              <NewsCard key={article.id} article={article} priority={index === 0} />
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} total={total} />
        </>
      )}
    </div>
  );
}
