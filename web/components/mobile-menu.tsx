import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { SiteChrome } from "../../server/load-context";
import { FooterContents } from "./footer-contents";
import { CloseIcon, MenuIcon } from "./icons";
import { useDismiss } from "./use-dismiss";

/**
 * The hamburger on small screens: a disclosure button that shows the footer's contents
 * (seed §2). Opening moves focus into the panel; Esc or the button closes it and focus
 * returns to the button; navigating closes it.
 */
export function MobileMenu({ chrome }: { chrome: SiteChrome }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const location = useLocation();
  useDismiss(open, container, button, close);

  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>("a, button")?.focus();
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
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <div
        id={panelId}
        ref={panel}
        className="mobile-menu__panel"
        role="region"
        aria-label={t("nav.mobileMenuLabel")}
        hidden={!open}
      >
        <FooterContents
          chrome={chrome}
          onNavigate={close}
          onOpenDialog={() => {
            // The panel hides: the dialog must return focus to the (visible) menu button.
            close();
            button.current?.focus();
          }}
        />
      </div>
    </div>
  );
}
