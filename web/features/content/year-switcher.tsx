import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { useLocalizedPath } from "../../lib/site";

/** Links to the same page for each listed year (the header submenu's years). */
export function YearSwitcher({
  path,
  years,
  current,
}: {
  path: string;
  years: readonly number[];
  current: number | null;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <nav className="year-switcher" aria-label={t("jury.yearSwitcher")}>
      <ul>
        {years.map((year) => (
          <li key={year}>
            <Link
              to={to(`${path}?year=${year}`)}
              className="year-switcher__link"
              aria-current={year === current ? "page" : undefined}
            >
              {year}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
