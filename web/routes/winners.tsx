import { useTranslation } from "react-i18next";
import { readingPageHandle } from "../hydration/on-interaction";
import { Form, Link, redirect } from "react-router";
import { langOfPath } from "../../core/languages";
import { PATHS } from "../../core/paths";
import { SectionHeading } from "../components/section-heading";
import { WinnerCard } from "../features/content/cards";
import { Pagination } from "../features/content/pagination";
import { parsePage } from "../features/content/query";
import { YearSwitcher } from "../features/content/year-switcher";
import { contentStylesheet } from "../features/content/stylesheet";
import { pageMeta } from "../lib/meta";
import { useLocalizedPath } from "../lib/site";
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
  const raw = url.searchParams.get("year");
  const requested = raw !== null && /^\d{4}$/.test(raw) ? Number(raw) : null;
  const result = await context.services.content.winners(
    {
      year: requested,
      categories: url.searchParams.getAll("category"),
      page: parsePage(url.searchParams.get("page")),
    },
    langOfPath(url.pathname),
  );
  if (raw !== null && result.year !== requested) throw redirect(url.pathname);
  // No winners yet: the page is titled with last year.
  return { ...result, year: result.year ?? new Date().getUTCFullYear() - 1 };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    titleKey: "sections.winnersOfYear",
    vars: { year: args.data?.year ?? "" },
    keepQuery: true,
  });

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { year, years, items, categories, selected, page, pageCount, total } = loaderData;
  const selectedSet = new Set(selected);
  return (
    <div className="container page winners-page">
      <SectionHeading level={1} title={t("sections.winnersOfYear", { year })} />
      <YearSwitcher path={PATHS.winners} years={years} current={year} />
      {categories.length > 0 ? (
        <Form method="get" className="winners-filter" preventScrollReset>
          <input type="hidden" name="year" value={year} />
          <fieldset>
            <legend>{t("winners.filterHeading")}</legend>
            <ul className="winners-filter__options">
              {categories.map((category) => (
                <li key={category.code}>
                  <label>
                    <input
                      type="checkbox"
                      name="category"
                      value={category.code}
                      defaultChecked={selectedSet.has(category.code)}
                      key={`${category.code}-${selectedSet.has(category.code)}`}
                    />{" "}
                    {category.group} – {category.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="winners-filter__actions">
            <button type="submit" className="button button--primary">
              {t("winners.apply")}
            </button>
            {selected.length > 0 ? (
              <Link to={to(`${PATHS.winners}?year=${year}`)} className="button button--secondary">
                {t("winners.clear")}
              </Link>
            ) : null}
          </div>
        </Form>
      ) : null}
      <p className="winners-total" aria-live="polite">
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
          <Pagination page={page} pageCount={pageCount} total={total} />
        </>
      )}
    </div>
  );
}
