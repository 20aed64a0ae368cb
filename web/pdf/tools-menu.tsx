import { useId, type ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import {
  BackIcon,
  ForwardIcon,
  InfoIcon,
  MoreIcon,
  OpenIcon,
  PrintIcon,
  RotateLeftIcon,
  RotateRightIcon,
} from "../components/icons";
import { useDisclosure } from "../components/use-dismiss";
import type { ViewerTheme } from "./theme";
import { ToolButton } from "./tool-button";
import {
  SCROLL_MODES,
  SPREAD_MODES,
  THEMES,
  type ToolbarActions,
  type ViewState,
} from "./view-state";

/**
 * The less frequent tools, in a disclosure panel; Esc (kept from the dialog or full screen
 * around the viewer) or a click outside closes it.
 */
export function ToolsMenu({
  ready,
  view,
  printing,
  theme,
  actions,
}: {
  ready: boolean;
  view: ViewState;
  printing: boolean;
  theme: ViewerTheme;
  actions: ToolbarActions;
}) {
  const { t } = useTranslation();
  const { open, setOpen, toggle, container, button } = useDisclosure<HTMLDivElement>("container");
  const panelId = useId();
  const name = useId();

  // Runs an action and closes the menu, focus back on its button.
  const run = (action: () => void) => () => {
    setOpen(false);
    button.current?.focus();
    action();
  };

  return (
    <div className="pdfv__tools" ref={container}>
      <ToolButton
        ref={button}
        label={t("pdf.more")}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <MoreIcon />
      </ToolButton>
      {open ? (
        <div id={panelId} className="pdfv__panel pdfv__tools-panel">
          <div className="pdfv__tools-actions">
            <MenuItem icon={<OpenIcon />} onClick={run(actions.openFile)}>
              {t("pdf.openFile.button")}
            </MenuItem>
            <MenuItem
              icon={<PrintIcon />}
              disabled={!ready || printing}
              onClick={run(actions.print)}
            >
              {t("pdf.print.button")}
            </MenuItem>
            <MenuItem
              icon={<RotateLeftIcon />}
              disabled={!ready}
              onClick={() => actions.rotate(-90)}
            >
              {t("pdf.rotate.left")}
            </MenuItem>
            <MenuItem
              icon={<RotateRightIcon />}
              disabled={!ready}
              onClick={() => actions.rotate(90)}
            >
              {t("pdf.rotate.right")}
            </MenuItem>
            <MenuItem icon={<BackIcon />} disabled={!ready || !view.canBack} onClick={actions.back}>
              {t("pdf.history.back")}
            </MenuItem>
            <MenuItem
              icon={<ForwardIcon />}
              disabled={!ready || !view.canForward}
              onClick={actions.forward}
            >
              {t("pdf.history.forward")}
            </MenuItem>
            <MenuItem icon={<InfoIcon />} disabled={!ready} onClick={run(actions.properties)}>
              {t("pdf.properties.open")}
            </MenuItem>
          </div>
          <RadioGroup
            name={`${name}-scroll`}
            legend={t("pdf.scroll.legend")}
            values={SCROLL_MODES}
            current={view.scrollMode}
            onPick={actions.scrollMode}
            label={(mode) => t(`pdf.scroll.${mode}`)}
            disabled={!ready}
          />
          <RadioGroup
            name={`${name}-spread`}
            legend={t("pdf.spread.legend")}
            values={SPREAD_MODES}
            current={view.spreadMode}
            onPick={actions.spreadMode}
            label={(mode) => t(`pdf.spread.${mode}`)}
            disabled={!ready || view.scrollMode === "horizontal"}
          />
          <RadioGroup
            name={`${name}-theme`}
            legend={t("pdf.theme.legend")}
            values={THEMES}
            current={theme}
            onPick={actions.theme}
            label={(value) => t(`pdf.theme.${value}`)}
          />
        </div>
      ) : null}
    </div>
  );
}

/** One action in the tools menu: an icon and its name. */
function MenuItem({
  icon,
  disabled,
  onClick,
  children,
}: {
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="pdfv__item" disabled={disabled} onClick={onClick}>
      {icon}
      {children}
    </button>
  );
}

/** A choice of one setting (scrolling, spreads, theme) as a group of radio buttons. */
function RadioGroup<T extends string>({
  name,
  legend,
  values,
  current,
  onPick,
  label,
  disabled = false,
}: {
  name: string;
  legend: string;
  values: readonly T[];
  current: T;
  onPick: (value: T) => void;
  label: (value: T) => string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="pdfv__radios" disabled={disabled}>
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value} className="pdfv__radio">
          <input
            type="radio"
            name={name}
            value={value}
            checked={current === value}
            onChange={() => onPick(value)}
          />
          {label(value)}
        </label>
      ))}
    </fieldset>
  );
}
