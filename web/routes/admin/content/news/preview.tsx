import { useTranslation } from "../../../../i18n/use-translation";
import { Link } from "react-router";
import { langOfPath } from "../../../../../core/languages";
import { ArticleView } from "../../../../features/content/article-view";
import { contentStylesheet } from "../../../../features/content/stylesheet";
import { StatusBadge } from "../../../../features/back-office/status-badge";
import { pageMeta } from "../../../../lib/meta";
import { requireStaff } from "../../../../lib/session.server";
import { useLocalizedPath } from "../../../../lib/site";
import type { Route } from "./+types/preview";

export const links: Route.LinksFunction = () => [contentStylesheet];

/**
 * `/quan-tri/noi-dung/tin-tuc/{id}/xem-truoc` (and `/en/…`): any article — draft, scheduled
 * or published — rendered exactly as the public page renders it, for staff of the content
 * section only; never indexed, never cached.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  const lang = langOfPath(new URL(request.url).pathname);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const preview = await context.services.news.preview(id, lang);
  if (!preview) throw new Response("Not found", { status: 404 });
  // Covers from the media library render responsive, as on the public page.
  const covers = await context.services.media.resolveMany(
    [preview.article, ...preview.related].map((a) => ({ src: a.coverImage })),
  );
  const cover = (i: number) => (covers[i]?.srcset ? covers[i] : null);
  return {
    ...preview,
    article: { ...preview.article, coverImageData: cover(0) },
    related: preview.related.map((a, i) => ({ ...a, coverImageData: cover(i + 1) })),
    id,
  };
}

export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "no-store",
});

export const meta: Route.MetaFunction = (args) => {
  const article = args.data?.article;
  return [
    ...pageMeta(args, {
      ...(article
        ? { title: article.title, description: article.summary, image: article.coverImage }
        : { titleKey: "adminNews.previewTitle" }),
      type: "article",
    }),
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export default function AdminNewsPreview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { article, related, status, id } = loaderData;
  return (
    <>
      <div
        className="container preview-banner"
        role="note"
        aria-label={t("adminNews.previewTitle")}
      >
        <p>
          <strong>{t("adminNews.previewBanner")}</strong>{" "}
          <StatusBadge
            tone={status === "published" ? "success" : status === "scheduled" ? "info" : "neutral"}
          >
            {t(`adminNews.status.${status}`)}
          </StatusBadge>{" "}
          <Link to={to(`/quan-tri/noi-dung/tin-tuc/${id}`)}>{t("adminNews.backToEdit")}</Link>
        </p>
      </div>
      <ArticleView article={article} related={related} shareUrl={null} />
    </>
  );
}
