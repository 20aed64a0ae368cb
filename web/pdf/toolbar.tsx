import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PDF_VIEWER, ZOOM_PERCENTAGES, ZOOM_PRESETS } from "../../core/pdf-viewer-rules";
import {
  BackIcon,
  DownIcon,
  DownloadIcon,
  ExitFullscreenIcon,
  ForwardIcon,
  FullscreenIcon,
  ImageIcon,
  InfoIcon,
  MinusIcon,
  MoreIcon,
  OpenIcon,
  PenIcon,
  PlusIcon,
  PrintIcon,
  RotateLeftIcon,
  RotateRightIcon,
  SearchIcon,
  SidebarIcon,
  UpIcon,
} from "./icons";
import type { ViewerTheme } from "./theme";

/** What the toolbar shows; kept in step with pdf.js's events. */
export interface ViewState {
  page: number;
  pageCount: number;
  scale: number;
  /** pdf.js's current scale value: a preset name or a number as text. */
  scaleValue: string;
  rotation: number;
  scrollMode: "vertical" | "horizontal" | "page" | "wrapped";
  spreadMode: "single" | "dual" | "dualCover";
  editor: "none" | "ink" | "stamp";
  annotated: boolean;
  canBack: boolean;
  canForward: boolean;
}

export const SCROLL_MODES = ["vertical", "horizontal", "page", "wrapped"] as const;
export const SPREAD_MODES = ["single", "dual", "dualCover"] as const;
const THEMES = ["light", "dark", "auto"] as const;

export interface ToolbarActions {
  pageInput: (text: string) => void;
  pageCommit: () => void;
  previousPage: () => void;
  nextPage: () => void;
  zoomIn: () => void;
  zoomOut: () => void;
  zoomTo: (value: string) => void;
  toggleSidebar: () => void;
  toggleFind: () => void;
  ink: () => void;
  stamp: () => void;
  fullscreen: () => void;
  download: () => void;
  print: () => void;
  openFile: () => void;
  rotate: (by: 90 | -90) => void;
  scrollMode: (mode: ViewState["scrollMode"]) => void;
  spreadMode: (mode: ViewState["spreadMode"]) => void;
  theme: (theme: ViewerTheme) => void;
  properties: () => void;
  back: () => void;
  forward: () => void;
}

const EPSILON = 1e-6;

/**
 * The viewer's toolbar: every control is a labelled native control reachable with Tab; the
 * less frequent ones are in the "more tools" menu.
 */
export function Toolbar({
  ready,
  view,
  pageText,
  pageError,
  sidebar,
  find,
  annotations,
  fullscreen,
  printing,
  theme,
  actions,
}: {
  ready: boolean;
  view: ViewState;
  pageText: string;
  pageError: string | null;
  sidebar: { open: boolean; id: string };
  find: { open: boolean; id: string };
  annotations: boolean;
  /** null when the browser offers no full screen here. */
  fullscreen: boolean | null;
  printing: boolean;
  theme: ViewerTheme;
  actions: ToolbarActions;
}) {
  const { t } = useTranslation();
  const pageInputId = useId();
  const pageCountId = useId();
  const pageErrorId = useId();
  const zoomId = useId();
  const percent = Math.round(view.scale * 100);
  const preset = (ZOOM_PRESETS as readonly string[]).includes(view.scaleValue);
  const listed = (ZOOM_PERCENTAGES as readonly number[]).includes(percent);
  const zoomValue = preset ? view.scaleValue : listed ? String(percent) : "custom";

  return (
    <div className="pdfv__toolbar" role="toolbar" aria-label={t("pdf.toolbar")}>
      <div className="pdfv__group">
        <button
          type="button"
          className="pdfv__button"
          aria-label={t("pdf.sidebar.toggle")}
          title={t("pdf.sidebar.toggle")}
          aria-pressed={sidebar.open}
          aria-controls={sidebar.open ? sidebar.id : undefined}
          disabled={!ready}
          onClick={actions.toggleSidebar}
        >
          <SidebarIcon />
        </button>
        <button
          type="button"
          className="pdfv__button"
          aria-label={t("pdf.find.open")}
          title={t("pdf.find.open")}
          aria-expanded={find.open}
          aria-controls={find.open ? find.id : undefined}
          disabled={!ready}
          onClick={actions.toggleFind}
        >
          <SearchIcon />
        </button>
      </div>

      <div className="pdfv__group">
        <button
          type="button"
          className="pdfv__button"
          aria-label={t("pdf.page.previous")}
          title={t("pdf.page.previous")}
          disabled={!ready || view.page <= 1}
          onClick={actions.previousPage}
        >
          <UpIcon />
        </button>
        <span className="pdfv__page">
          <label htmlFor={pageInputId} className="visually-hidden">
            {t("pdf.page.label")}
          </label>
          <input
            id={pageInputId}
            className="pdfv__page-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            size={4}
            value={ready ? pageText : ""}
            disabled={!ready}
            aria-invalid={pageError ? true : undefined}
            aria-describedby={pageError ? `${pageCountId} ${pageErrorId}` : pageCountId}
            onChange={(event) => actions.pageInput(event.target.value)}
            onFocus={(event) => event.target.select()}
            onBlur={actions.pageCommit}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                actions.pageCommit();
              }
            }}
          />
          <span id={pageCountId} className="pdfv__page-count">
            {ready ? t("pdf.page.of", { count: view.pageCount }) : ""}
          </span>
        </span>
        <button
          type="button"
          className="pdfv__button"
          aria-label={t("pdf.page.next")}
          title={t("pdf.page.next")}
          disabled={!ready || view.page >= view.pageCount}
          onClick={actions.nextPage}
        >
          <DownIcon />
        </button>
        <p id={pageErrorId} className="pdfv__page-error" role="alert">
          {pageError ?? ""}
        </p>
      </div>

      <div className="pdfv__group">
        <button
          type="button"
          className="pdfv__button"
          aria-label={t("pdf.zoom.out")}
          title={t("pdf.zoom.out")}
          disabled={!ready || view.scale <= PDF_VIEWER.minScale + EPSILON}
          onClick={actions.zoomOut}
        >
          <MinusIcon />
        </button>
        <label htmlFor={zoomId} className="visually-hidden">
          {t("pdf.zoom.select")}
        </label>
        <select
          id={zoomId}
          className="pdfv__zoom"
          value={zoomValue}
          disabled={!ready}
          onChange={(event) => actions.zoomTo(event.target.value)}
        >
          <option value="auto">{t("pdf.zoom.auto")}</option>
          <option value="page-fit">{t("pdf.zoom.pageFit")}</option>
          <option value="page-width">{t("pdf.zoom.pageWidth")}</option>
          <option value="page-actual">{t("pdf.zoom.pageActual")}</option>
          {ZOOM_PERCENTAGES.map((p) => (
            <option key={p} value={String(p)}>
              {t("pdf.zoom.percent", { percent: p })}
            </option>
          ))}
          <option value="custom" hidden disabled>
            {t("pdf.zoom.percent", { percent })}
          </option>
        </select>
        <button
          type="button"
          className="pdfv__button"
          aria-label={t("pdf.zoom.in")}
          title={t("pdf.zoom.in")}
          disabled={!ready || view.scale >= PDF_VIEWER.maxScale - EPSILON}
          onClick={actions.zoomIn}
        >
          <PlusIcon />
        </button>
        <output className="pdfv__zoom-level" aria-live="off">
          {ready ? t("pdf.zoom.percent", { percent }) : ""}
        </output>
      </div>

      {annotations ? (
        <div className="pdfv__group">
          <button
            type="button"
            className="pdfv__button"
            aria-label={t("pdf.annotate.ink")}
            title={t("pdf.annotate.ink")}
            aria-pressed={view.editor === "ink"}
            disabled={!ready}
            onClick={actions.ink}
          >
            <PenIcon />
          </button>
          <button
            type="button"
            className="pdfv__button"
            aria-label={t("pdf.annotate.stamp")}
            title={t("pdf.annotate.stamp")}
            disabled={!ready}
            onClick={actions.stamp}
          >
            <ImageIcon />
          </button>
        </div>
      ) : null}

      <div className="pdfv__group pdfv__group--end">
        {fullscreen !== null ? (
          <button
            type="button"
            className="pdfv__button"
            aria-label={t("pdf.fullscreen.enter")}
            title={t(fullscreen ? "pdf.fullscreen.exit" : "pdf.fullscreen.enter")}
            aria-pressed={fullscreen}
            onClick={actions.fullscreen}
          >
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </button>
        ) : null}
        <button
          type="button"
          className="pdfv__button"
          aria-label={t(view.annotated ? "pdf.downloadAnnotated" : "pdf.download")}
          title={t(view.annotated ? "pdf.downloadAnnotated" : "pdf.download")}
          disabled={!ready}
          onClick={actions.download}
        >
          <DownloadIcon />
        </button>
        <ToolsMenu ready={ready} view={view} printing={printing} theme={theme} actions={actions} />
      </div>
    </div>
  );
}

/** The less frequent tools, in a disclosure panel; Esc or a click outside closes it. */
function ToolsMenu({
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
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const root = container.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Close the menu only: not the dialog around the viewer, nor full screen.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    root?.addEventListener("keydown", onKey);
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && container.current && !container.current.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      root?.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open]);

  // Runs an action and closes the menu, focus back on its button.
  const run = (action: () => void) => () => {
    setOpen(false);
    button.current?.focus();
    action();
  };

  const radios = <T extends string>(
    group: string,
    legend: string,
    values: readonly T[],
    current: T,
    onPick: (value: T) => void,
    label: (value: T) => string,
    disabled = false,
  ) => (
    <fieldset className="pdfv__radios" disabled={disabled}>
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value} className="pdfv__radio">
          <input
            type="radio"
            name={`${name}-${group}`}
            value={value}
            checked={current === value}
            onChange={() => onPick(value)}
          />
          {label(value)}
        </label>
      ))}
    </fieldset>
  );

  return (
    <div className="pdfv__tools" ref={container}>
      <button
        ref={button}
        type="button"
        className="pdfv__button"
        aria-label={t("pdf.more")}
        title={t("pdf.more")}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon />
      </button>
      {open ? (
        <div id={panelId} className="pdfv__panel pdfv__tools-panel">
          <div className="pdfv__tools-actions">
            <button type="button" className="pdfv__item" onClick={run(actions.openFile)}>
              <OpenIcon />
              {t("pdf.openFile.button")}
            </button>
            <button
              type="button"
              className="pdfv__item"
              disabled={!ready || printing}
              onClick={run(actions.print)}
            >
              <PrintIcon />
              {t("pdf.print.button")}
            </button>
            <button
              type="button"
              className="pdfv__item"
              disabled={!ready}
              onClick={() => actions.rotate(-90)}
            >
              <RotateLeftIcon />
              {t("pdf.rotate.left")}
            </button>
            <button
              type="button"
              className="pdfv__item"
              disabled={!ready}
              onClick={() => actions.rotate(90)}
            >
              <RotateRightIcon />
              {t("pdf.rotate.right")}
            </button>
            <button
              type="button"
              className="pdfv__item"
              disabled={!ready || !view.canBack}
              onClick={actions.back}
            >
              <BackIcon />
              {t("pdf.history.back")}
            </button>
            <button
              type="button"
              className="pdfv__item"
              disabled={!ready || !view.canForward}
              onClick={actions.forward}
            >
              <ForwardIcon />
              {t("pdf.history.forward")}
            </button>
            <button
              type="button"
              className="pdfv__item"
              disabled={!ready}
              onClick={run(actions.properties)}
            >
              <InfoIcon />
              {t("pdf.properties.open")}
            </button>
          </div>
          {radios(
            "scroll",
            t("pdf.scroll.legend"),
            SCROLL_MODES,
            view.scrollMode,
            actions.scrollMode,
            (mode) => t(`pdf.scroll.${mode}`),
            !ready,
          )}
          {radios(
            "spread",
            t("pdf.spread.legend"),
            SPREAD_MODES,
            view.spreadMode,
            actions.spreadMode,
            (mode) => t(`pdf.spread.${mode}`),
            !ready || view.scrollMode === "horizontal",
          )}
          {radios("theme", t("pdf.theme.legend"), THEMES, theme, actions.theme, (value) =>
            t(`pdf.theme.${value}`),
          )}
        </div>
      ) : null}
    </div>
  );
}
