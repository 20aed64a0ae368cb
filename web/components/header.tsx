import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Link, NavLink, useMatch, useRouteLoaderData } from "react-router";
import { PATHS } from "../../core/paths";
import type { SiteChrome } from "../../server/load-context";
import { useLocalizedPath } from "../lib/site";
import { CriteriaOpener } from "./criteria-opener";
import { AccountLink } from "./account-link";
import { HomeIcon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { NavDisclosure, type NavItem } from "./nav-disclosure";
import { SubmitMenu } from "./submit-menu";

/** What the jury and winners pages' loaders give, among the rest: the year they show. */
interface ShownYear {
  year: number;
}

/** The fixed site header of seed §2. */
export function Header({ chrome }: { chrome: SiteChrome }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  // An entry's page belongs to the library: its menu item shows where the visitor is.
  const onEntryPage = useMatch(to(`${PATHS.entryDetail}/:id`)) !== null;
  // The year the jury or winners page shows, also at its bare address (the latest year) or
  // with filters after the year: its link in the submenu is the current page.
  const juryYear = useRouteLoaderData<ShownYear>("jury")?.year;
  const winnersYear = useRouteLoaderData<ShownYear>("winners")?.year;
  // Before hydration, CSS opens submenus on hover/focus so the site works without JavaScript.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <header className="site-header" data-hydrated={hydrated ? "" : undefined}>
      <a href="#main" className="skip-link">
        {t("site.skipToContent")}
      </a>
      <div className="container site-header__inner">
        {/* The home link beside it carries the route discovery attribute for "/". */}
        <Link
          to={to("/")}
          className="site-header__logo"
          aria-label={t("site.logoAlt")}
          discover="none"
        >
          <Logo compact />
        </Link>
        <nav className="main-nav" aria-label={t("nav.mainLabel")}>
          <ul className="main-nav__list">
            <li>
              <NavLink to={to("/")} end className="nav-link" aria-label={t("nav.home")}>
                <HomeIcon />
              </NavLink>
            </li>
            <li>
              <NavLink to={to(PATHS.awardIntroduction)} className="nav-link">
                {t("nav.awardIntroduction")}
              </NavLink>
            </li>
            <NavDisclosure
              label={t("nav.prizeStructure")}
              items={[
                { label: t("home.tracks.vanXuan.title"), to: to("/van-xuan") },
                { label: t("home.tracks.vanXuanClassic.title"), to: to("/van-xuan-classic") },
                { label: t("home.tracks.vanXuanStars.title"), to: to("/van-xuan-stars") },
              ]}
            />
            <li>
              <CriteriaOpener className="nav-link" />
            </li>
            <YearsMenu
              label={t("nav.jury")}
              path={to(PATHS.jury)}
              items={chrome.years.jury.map((year) => ({
                label: t("nav.juryYear", { year }),
                to: to(`${PATHS.jury}?year=${year}`),
                current: year === juryYear,
              }))}
            />
            <li>
              <NavLink
                to={to(PATHS.library)}
                className={({ isActive }) =>
                  isActive || onEntryPage ? "nav-link active" : "nav-link"
                }
              >
                {t("nav.library")}
              </NavLink>
            </li>
            <YearsMenu
              label={t("nav.winners")}
              path={to(PATHS.winners)}
              items={chrome.years.winners.map((year) => ({
                label: t("nav.winnersYear", { year }),
                to: to(`${PATHS.winners}?year=${year}`),
                current: year === winnersYear,
              }))}
            />
            <li>
              <NavLink to={to(PATHS.news)} className="nav-link">
                {t("nav.news")}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="site-header__actions">
          <SubmitMenu submission={chrome.season?.submission ?? null} />
          <AccountLink />
          <LanguageSwitcher />
          <MobileMenu chrome={chrome} />
        </div>
      </div>
    </header>
  );
}

/** A submenu of the years in the database; before any year has content, a plain link. */
function YearsMenu({ label, path, items }: { label: string; path: string; items: NavItem[] }) {
  if (items.length > 0) return <NavDisclosure label={label} items={items} />;
  return (
    <li>
      <NavLink to={path} className="nav-link">
        {label}
      </NavLink>
    </li>
  );
}
