import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import type { SiteChrome } from "../../server/load-context";
import { useLocalizedPath } from "../lib/site";
import { AccountLink } from "./account-link";
import { FooterContents } from "./footer-contents";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";

/** Where the hamburger leads without JavaScript (`MobileMenu`). */
export const SITE_FOOTER_ID = "site-footer";

export function Footer({ chrome, year }: { chrome: SiteChrome; year: number }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <footer id={SITE_FOOTER_ID} className="site-footer" aria-label={t("footer.label")}>
      <div className="container site-footer__inner">
        {/* The header's home link carries the route discovery attribute for "/". */}
        <Link
          to={to("/")}
          className="site-footer__logo"
          aria-label={t("site.logoAlt")}
          discover="none"
        >
          <Logo />
        </Link>
        <noscript>
          {/* What the mobile menu adds on phones, for the hamburger's link here without
              JavaScript; shown on phones only (footer.css), where the header has no room. */}
          <div className="site-footer__chrome">
            <AccountLink />
            <LanguageSwitcher />
          </div>
        </noscript>
        <FooterContents chrome={chrome} />
      </div>
      <p className="site-footer__copyright">{t("footer.copyright", { year })}</p>
    </footer>
  );
}
