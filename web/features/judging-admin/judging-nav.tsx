import { useTranslation } from "../../i18n/use-translation";
import { NavLink } from "react-router";
import { useLocalizedPath } from "../../lib/site";

/** The judging section's own links: rounds, judges, the score log check (season kept). */
export function JudgingNav({ year }: { year: number }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const links = [
    ["/quan-tri/cham-giai", "rounds"],
    ["/quan-tri/cham-giai/giam-khao", "judges"],
    ["/quan-tri/cham-giai/nhat-ky-diem", "integrity"],
  ] as const;
  return (
    <nav className="judging-nav" aria-label={t("judgingAdmin.title")}>
      {links.map(([path, key]) => (
        <NavLink
          key={key}
          to={`${to(path)}?year=${year}`}
          end
          className="button button--secondary button--small"
        >
          {t(`judgingAdmin.nav.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
