import { useTranslation } from "../../i18n/use-translation";
import { Link, useLocation } from "react-router";
import { useLocalizedPath } from "../../lib/site";

/**
 * The judging section's own links: rounds, judges, the score log check (season kept). The
 * current one is marked (`aria-current`), rounds also on a round's own pages.
 */
export function JudgingNav({ year }: { year: number }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { pathname } = useLocation();
  const links = [
    ["/quan-tri/cham-giai", "rounds", [to("/quan-tri/cham-giai"), to("/quan-tri/cham-giai/vong/")]],
    ["/quan-tri/cham-giai/giam-khao", "judges", [to("/quan-tri/cham-giai/giam-khao")]],
    ["/quan-tri/cham-giai/nhat-ky-diem", "integrity", [to("/quan-tri/cham-giai/nhat-ky-diem")]],
  ] as const;
  const isCurrent = (paths: readonly string[]) =>
    paths.some((path) => (path.endsWith("/") ? pathname.startsWith(path) : pathname === path));
  return (
    <nav className="judging-nav" aria-label={t("judgingAdmin.title")}>
      {links.map(([path, key, current]) => (
        <Link
          key={key}
          to={`${to(path)}?year=${year}`}
          aria-current={isCurrent(current) ? "page" : undefined}
          className="button button--secondary button--small"
        >
          {t(`judgingAdmin.nav.${key}`)}
        </Link>
      ))}
    </nav>
  );
}
