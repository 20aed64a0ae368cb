import { useTranslation } from "../../i18n/use-translation";
import { Form, Link } from "react-router";
import type { WinnerCategoryOption } from "../../../core/content";
import { PATHS } from "../../../core/paths";
import { useLocalizedPath } from "../../lib/site";
import { TO_RESULTS } from "../../lib/to-results";

/**
 * The winners page's category filter: any of several categories (seed §3
 * `categoriesSelected`), sent as a GET form so the URL holds the state and it works without
 * JavaScript.
 */
export function WinnersFilter({
  year,
  categories,
  selected,
}: {
  year: number;
  categories: WinnerCategoryOption[];
  selected: string[];
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const selectedSet = new Set(selected);
  return (
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
          <Link
            to={to(`${PATHS.winners}?year=${year}`)}
            state={TO_RESULTS}
            preventScrollReset
            className="button button--secondary"
          >
            {t("winners.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
