import { useId, type ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Link, NavLink, useMatch } from "react-router";
import { PATHS } from "../../core/paths";
import { isSafeLink } from "../../core/safe-link";
import type { SiteChrome } from "../../server/load-context";
import { useLocalizedPath } from "../lib/site";
import { CriteriaOpener } from "./criteria-opener";
import {
  FacebookIcon,
  GlobeIcon,
  LinkedinIcon,
  MailIcon,
  PhoneIcon,
  TiktokIcon,
  YoutubeIcon,
} from "./icons";

const SOCIAL = [
  ["website", GlobeIcon],
  ["email", MailIcon],
  ["facebook", FacebookIcon],
  ["youtube", YoutubeIcon],
  ["linkedin", LinkedinIcon],
  ["tiktok", TiktokIcon],
] as const;

/** The footer's links, contact and social links; the mobile menu shows the same (seed §2). */
export function FooterContents({
  chrome,
  onNavigate,
  onOpenDialog,
  markCurrent = false,
}: {
  chrome: SiteChrome;
  /** Called when one of its links is followed (the mobile menu closes). */
  onNavigate?: () => void;
  /** Called before the criteria dialog opens, so focus can return somewhere visible. */
  onOpenDialog?: () => void;
  /** Marks the page the visitor is on, as the header's menu does (the mobile menu stands for it). */
  markCurrent?: boolean;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  // An entry's page belongs to the library: its link shows where the visitor is, as in the header.
  const onEntryPage = useMatch(to(`${PATHS.entryDetail}/:id`)) !== null;
  // The header links to the same pages, so the router learns their routes from there; these
  // links skip the discovery attribute every page would otherwise carry for each of them.
  const pageLink = (label: string, path: string) =>
    markCurrent ? (
      <NavLink
        to={to(path)}
        discover="none"
        className={({ isActive }) =>
          isActive || (onEntryPage && path === PATHS.library) ? "active" : undefined
        }
        onClick={onNavigate}
      >
        {label}
      </NavLink>
    ) : (
      <Link to={to(path)} discover="none" onClick={onNavigate}>
        {label}
      </Link>
    );
  const links: [string, string][] = [
    [t("nav.awardIntroduction"), PATHS.awardIntroduction],
    [t("nav.jury"), PATHS.jury],
    [t("home.tracks.vanXuan.title"), "/van-xuan"],
    [t("home.tracks.vanXuanClassic.title"), "/van-xuan-classic"],
    [t("home.tracks.vanXuanStars.title"), "/van-xuan-stars"],
    [t("nav.library"), PATHS.library],
    [t("nav.winners"), PATHS.winners],
    [t("nav.news"), PATHS.news],
  ];
  // Only http(s)/mailto links become links, whatever an older version let an admin save.
  const social = SOCIAL.filter(
    ([key]) => chrome.social[key] !== "" && (key === "email" || isSafeLink(chrome.social[key])),
  );

  return (
    <div className="footer-contents">
      <FooterSection className="footer-contents__links" title={t("footer.links")}>
        <ul>
          <li>{pageLink(links[0]![0], links[0]![1])}</li>
          <li>
            <CriteriaOpener onOpen={onOpenDialog} />
          </li>
          {links.slice(1).map(([label, path]) => (
            <li key={path}>{pageLink(label, path)}</li>
          ))}
        </ul>
      </FooterSection>
      <FooterSection className="footer-contents__contact" title={t("footer.contact")}>
        <ul>
          <li>
            <MailIcon size={18} />
            <span className="visually-hidden">{`${t("footer.email")}: `}</span>
            <a href={`mailto:${chrome.contactEmail}`}>{chrome.contactEmail}</a>
          </li>
          {chrome.contactPhone ? (
            <li>
              <PhoneIcon size={18} />
              <span className="visually-hidden">{`${t("footer.phone")}: `}</span>
              <a href={`tel:${chrome.contactPhone.replace(/[^\d+]/g, "")}`}>
                {chrome.contactPhone}
              </a>
            </li>
          ) : null}
        </ul>
        {social.length > 0 ? (
          <>
            <h3 className="visually-hidden">{t("footer.social")}</h3>
            <ul className="social-links">
              {social.map(([key, Icon]) => {
                const value = chrome.social[key];
                const href = key === "email" ? `mailto:${value}` : value;
                return (
                  <li key={key}>
                    <a
                      href={href}
                      className="icon-button"
                      aria-label={t(`footer.socialLinks.${key}`)}
                      {...(key === "email" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                    >
                      <Icon />
                    </a>
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
      </FooterSection>
    </div>
  );
}

/** One titled part of the footer, labelled by its heading. */
function FooterSection({
  className,
  title,
  children,
}: {
  className: string;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 className="footer-contents__heading" id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
