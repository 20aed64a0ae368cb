import type { MouseEvent } from "react";
import { useTranslation } from "../i18n/use-translation";
import { PATHS } from "../../core/paths";
import { useLocalizedPath, useSite } from "../lib/site";
import { useCriteriaModal } from "./criteria-context";

/** A click the browser handles itself: another button, a modifier key (new tab or window). */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * "Award criteria" in the header, the footer and the mobile menu: a link to the current
 * season's criteria PDF in the document viewer (before one is published, to the award
 * introduction), which opens the criteria modal instead once the page runs its script. One
 * element either way, so a click made before hydration, held and played again after it
 * (hydration/on-interaction.ts), opens the modal; without JavaScript the link is followed.
 * `onOpen` runs first, so its caller can move focus somewhere visible.
 */
export function CriteriaOpener({
  className,
  onOpen,
}: {
  className?: string;
  onOpen?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { chrome, lang } = useSite();
  const to = useLocalizedPath();
  const { openCriteria } = useCriteriaModal();
  const pdf = chrome.season?.criteriaUrl[lang] ?? null;
  const href = pdf
    ? `${to(PATHS.pdf)}?file=${encodeURIComponent(pdf)}`
    : to(PATHS.awardIntroduction);
  return (
    <a
      href={href}
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (leftToBrowser(event)) return;
        event.preventDefault();
        onOpen?.();
        openCriteria();
      }}
    >
      {t("nav.criteria")}
    </a>
  );
}
