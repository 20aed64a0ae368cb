import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import type { SiteChrome } from "../../server/load-context";
import { useLocalizedPath } from "../lib/site";
import { FooterContents } from "./footer-contents";
import { Logo } from "./logo";

export function Footer({ chrome, year }: { chrome: SiteChrome; year: number }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <footer className="site-footer" aria-label={t("footer.label")}>
      <div className="container site-footer__inner">
        <Link to={to("/")} className="site-footer__logo" aria-label={t("site.logoAlt")}>
          <Logo />
        </Link>
        <FooterContents chrome={chrome} />
      </div>
      <p className="site-footer__copyright">{t("footer.copyright", { year })}</p>
    </footer>
  );
}
