import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { ArrowUpIcon } from "./icons";

const SHOW_AFTER_PX = 400;

/** Appears once the page is scrolled (seed §2); takes the reader back to the top and to the skip link. */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-to-top icon-button"
      aria-label={t("common.scrollToTop")}
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.querySelector<HTMLElement>(".skip-link")?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon />
    </button>
  );
}
