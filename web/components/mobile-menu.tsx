import { useEffect, useId, useRef } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useLocation } from "react-router";
import type { SiteChrome } from "../../server/load-context";
import { AccountLink } from "./account-link";
import { FooterContents } from "./footer-contents";
import { SITE_FOOTER_ID } from "./footer";
import { CloseIcon, MenuIcon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { useDisclosure } from "./use-dismiss";

/**
 * The hamburger on small screens: a disclosure button that shows the footer's contents
 * (seed §2) and, on phones, where the header has no room for them, the language switcher
 * and the account link. Opening moves focus into the panel; Esc or the button closes it and focus
 * returns to the button; navigating closes it. The panel's contents are drawn only while it is
 * open: shut, it is hidden anyway (it opens only with JavaScript), and every page would otherwise
 * carry a second copy of the footer's links, contacts and icons in its HTML. Without JavaScript
 * the hamburger is instead a link to that same footer (in `<noscript>`; the button is hidden
 * under `@media (scripting: none)`, header.css), which then also carries the phone's language
 * switcher and account link (`Footer`). A tap made before hydration is held and played again
 * on the button (hydration/on-interaction.ts).
 */
export function MobileMenu({ chrome }: { chrome: SiteChrome }) {
  const { t } = useTranslation();
  const { open, close, toggle, container, button } = useDisclosure<HTMLDivElement>();
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    close();
  }, [close, location.pathname]);

  useEffect(() => {
    if (!open) return;
    // The first control shown: the language and account block is hidden above phone widths.
    const controls = panel.current?.querySelectorAll<HTMLElement>("a, button") ?? [];
    Array.from(controls)
      .find((control) => control.getClientRects().length > 0)
      ?.focus();
  }, [open]);

  return (
    <div className="mobile-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="icon-button mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
        onClick={toggle}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <noscript>
        <a
          href={`#${SITE_FOOTER_ID}`}
          className="icon-button mobile-menu__toggle"
          aria-label={t("nav.openMenu")}
        >
          <MenuIcon />
        </a>
      </noscript>
      <div
        id={panelId}
        ref={panel}
        className="mobile-menu__panel"
        role="region"
        aria-label={t("nav.mobileMenuLabel")}
        hidden={!open}
      >
        {open ? (
          <>
            <div className="mobile-menu__chrome">
              <AccountLink />
              <LanguageSwitcher />
            </div>
            <FooterContents
              chrome={chrome}
              markCurrent
              onNavigate={close}
              onOpenDialog={() => {
                // The panel hides: the dialog must return focus to the (visible) menu button.
                close();
                button.current?.focus();
              }}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
