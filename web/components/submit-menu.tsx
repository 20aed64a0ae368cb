import { useId } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import { formatMoment } from "../../core/dates";
import { PATHS } from "../../core/paths";
import type { SubmissionWindowState } from "../../core/submission-window";
import { useLang, useLocalizedPath } from "../lib/site";
import { ChevronDownIcon } from "./icons";
import { useDisclosure } from "./use-dismiss";
import { useRovingFocus } from "./use-roving-focus";

/** The menu's two ways in: create an account, or submit an entry with one. */
const MENU_ITEMS = [
  { path: PATHS.registration, label: "submit.registration" },
  { path: PATHS.submitEntry, label: "submit.submit" },
] as const;

/**
 * The "submit entry" menu button (seed §2). While the current season's submission window
 * is closed it is aria-disabled — still focusable so its tooltip (when submission opens or
 * that it has closed) can be read — and opens nothing.
 */
export function SubmitMenu({ submission }: { submission: SubmissionWindowState | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  const { open, setOpen, close, toggle, container, button } = useDisclosure<HTMLDivElement>();
  const menuId = useId();
  const tooltipId = useId();
  const { focusItem, onListKey } = useRovingFocus(container, '[role="menuitem"]');

  const state = submission ?? { state: "unscheduled" as const };
  const enabled = state.state === "open";
  const tooltip =
    state.state === "open"
      ? t(state.late ? "submit.openLateUntil" : "submit.openUntil", {
          date: formatMoment(state.closesAt, lang, "end"),
        })
      : state.state === "not_yet_open"
        ? t("submit.opensOn", { date: formatMoment(state.opensAt, lang, "start") })
        : state.state === "closed"
          ? t("submit.closedOn", { date: formatMoment(state.closedAt, lang, "end") })
          : t("submit.unscheduled");

  const openAndFocus = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  return (
    <div className="submit-menu" ref={container} data-state={state.state}>
      <button
        ref={button}
        type="button"
        className="button button--primary submit-menu__button"
        aria-haspopup="menu"
        aria-expanded={enabled ? open : false}
        aria-controls={enabled ? menuId : undefined}
        aria-disabled={enabled ? undefined : true}
        aria-describedby={tooltipId}
        onClick={() => {
          if (enabled) toggle();
        }}
        onKeyDown={(event) => {
          if (!enabled) return;
          if (event.key === "ArrowDown") {
            event.preventDefault();
            openAndFocus(0);
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            openAndFocus(-1);
          }
        }}
      >
        {t("submit.button")}
        <ChevronDownIcon />
      </button>
      <span role="tooltip" id={tooltipId} className="tooltip">
        {tooltip}
      </span>
      {enabled ? (
        <ul
          id={menuId}
          role="menu"
          aria-label={t("submit.button")}
          className="dropdown"
          hidden={!open}
          onKeyDown={(event) => {
            if (!onListKey(event) && event.key === "Tab") close();
          }}
        >
          {MENU_ITEMS.map(({ path, label }) => (
            <li key={path} role="none">
              <Link role="menuitem" to={to(path)} onClick={close}>
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
