import { useTranslation } from "../i18n/use-translation";
import { readingPageHandle } from "../hydration/on-interaction";
import { langOfPath } from "../../core/languages";
import { ComingSoon } from "../components/coming-soon";
import { SectionHeading } from "../components/section-heading";
import { RichText } from "../features/content/rich-text";
import { contentStylesheet } from "../features/content/stylesheet";
import { fallbackLang } from "../lib/fallback-lang";
import { pageMeta } from "../lib/meta";
import { bodyDescription } from "../../core/meta-description";
import type { Route } from "./+types/award-introduction";

/** A reading page: it hydrates at the first interaction (hydration/on-interaction.ts). */
export const handle = readingPageHandle;

export const links: Route.LinksFunction = () => [contentStylesheet];

/** `/gioi-thieu-giai-thuong`: the editable introduction page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = langOfPath(new URL(request.url).pathname);
  return { page: await context.services.content.page("award-introduction", lang) };
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.data?.page;
  // No summary: the start of the page's own text, not the site's default description.
  const description = page ? page.summary.trim() || bodyDescription(page.body) : "";
  return pageMeta(args, {
    titleKey: "sections.awardIntroduction",
    ...(description ? { description } : {}),
  });
};

export default function AwardIntroductionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  if (!page) return <ComingSoon section={t("sections.awardIntroduction")} />;
  return (
    <div className="container page content-page">
      <SectionHeading level={1} title={t("sections.awardIntroduction")} />
      <article className="article">
        <p className="lead" {...fallbackLang(page.inVi, "title")}>
          <strong>{page.title}</strong>
        </p>
        <p className="lead" {...fallbackLang(page.inVi, "summary")}>
          {page.summary}
        </p>
        <RichText blocks={page.body} {...fallbackLang(page.inVi, "body")} />
      </article>
    </div>
  );
}
