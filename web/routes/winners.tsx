import { useTranslation } from "../i18n/use-translation";
import { readingPageHandle } from "../hydration/on-interaction";
import { langOfPath } from "../../core/languages";
import { PATHS } from "../../core/paths";
import { SectionHeading } from "../components/section-heading";
import { WinnerCard } from "../features/content/cards";
import { WinnersFilter } from "../features/content/winners-filter";
import { Pagination } from "../features/content/pagination";
import { dropUnknownYear, parsePage, requestedYear } from "../features/content/query";
import { YearSwitcher } from "../features/content/year-switcher";
import { contentStylesheet } from "../features/content/stylesheet";
import { pageMeta, yearQuery } from "../lib/meta";
import { useShowResults } from "../lib/to-results";
import type { Route } from "./+types/winners";

/** A reading page: it hydrates at the first interaction (hydration/on-interaction.ts). */
export const handle = readingPageHandle;

export const links: Route.LinksFunction = () => [contentStylesheet];

/**
 * `?year=&category=&category=&page=`: winners of a year, filtered by any of several
 * categories (seed §3 `categoriesSelected`), a page at a time; the URL holds all the state.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await context.services.content.winners(
    {
      year: requestedYear(url),
      categories: url.searchParams.getAll("category"),
      page: parsePage(url.searchParams.get("page")),
    },
    langOfPath(url.pathname),
  );
  dropUnknownYear(url, result.year);
  // No winners yet: the page is titled with last year.
  return { ...result, year: result.year ?? new Date().getUTCFullYear() - 1 };
}

export const meta: Route.MetaFunction = (args) => {
  // The state the page shows, as the loader read it: not what else the address carried (a
  // tracking tag, unknown categories, a page past the last).
  const shown = new URLSearchParams();
  for (const code of args.data?.selected ?? []) shown.append("category", code);
  if ((args.data?.page ?? 1) > 1) shown.set("page", String(args.data?.page));
  return pageMeta(args, {
    titleKey: "sections.winnersOfYear",
    descriptionKey: "winners.description",
    vars: { year: args.data?.year ?? "" },
    // The bare address shows a year too: one address per year, the one the sitemap lists
    // (when there is a year with content; without one, `?year=` would only redirect back).
    query: yearQuery(
      shown.toString(),
      args.data?.years.includes(args.data.year) ? args.data.year : undefined,
    ),
  });
};

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { year, years, items, categories, selected, page, pageCount, total } = loaderData;
  const { results } = useShowResults<HTMLParagraphElement>();
  return (
    <div className="container page winners-page">
      <SectionHeading level={1} title={t("sections.winnersOfYear", { year })} />
      <YearSwitcher path={PATHS.winners} years={years} current={year} />
      {categories.length > 0 ? (
        <WinnersFilter year={year} categories={categories} selected={selected} />
      ) : null}
      <p className="winners-total" aria-live="polite" tabIndex={-1} ref={results}>
        {t("winners.total", { count: total })}
      </p>
      {items.length === 0 ? (
        <p role="status">{t("winners.empty")}</p>
      ) : (
        <>
          <ul className="winners-grid">
            {items.map((winner) => (
              <WinnerCard key={winner.id} winner={winner} />
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} total={total} toResults />
        </>
      )}
    </div>
  );
}
