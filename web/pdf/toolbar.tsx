import { useId } from "react";
import { useTranslation } from "../i18n/use-translation";
import { PDF_VIEWER, ZOOM_PERCENTAGES, ZOOM_PRESETS } from "../../core/pdf-viewer-rules";
import {
  ChevronDownIcon,
  ChevronUpIcon,
  DownloadIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  ImageIcon,
  MinusIcon,
  PenIcon,
  PlusIcon,
  SearchIcon,
  SidebarIcon,
} from "../components/icons";
import type { ViewerTheme } from "./theme";
import { ToolButton } from "./tool-button";
import { ToolsMenu } from "./tools-menu";
import type { ToolbarActions, ViewState } from "./view-state";

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
        <ToolButton
          label={t("pdf.sidebar.toggle")}
          aria-pressed={sidebar.open}
          aria-controls={sidebar.open ? sidebar.id : undefined}
          disabled={!ready}
          onClick={actions.toggleSidebar}
        >
          <SidebarIcon />
        </ToolButton>
        <ToolButton
          label={t("pdf.find.open")}
          aria-expanded={find.open}
          aria-controls={find.open ? find.id : undefined}
          disabled={!ready}
          onClick={actions.toggleFind}
        >
          <SearchIcon />
        </ToolButton>
      </div>

      <div className="pdfv__group">
        <ToolButton
          label={t("pdf.page.previous")}
          disabled={!ready || view.page <= 1}
          onClick={actions.previousPage}
        >
          <ChevronUpIcon size={20} />
        </ToolButton>
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
        <ToolButton
          label={t("pdf.page.next")}
          disabled={!ready || view.page >= view.pageCount}
          onClick={actions.nextPage}
        >
          <ChevronDownIcon size={20} />
        </ToolButton>
        <p id={pageErrorId} className="pdfv__page-error" role="alert">
          {pageError ?? ""}
        </p>
      </div>

      <div className="pdfv__group">
        <ToolButton
          label={t("pdf.zoom.out")}
          disabled={!ready || view.scale <= PDF_VIEWER.minScale + EPSILON}
          onClick={actions.zoomOut}
        >
          <MinusIcon />
        </ToolButton>
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
        <ToolButton
          label={t("pdf.zoom.in")}
          disabled={!ready || view.scale >= PDF_VIEWER.maxScale - EPSILON}
          onClick={actions.zoomIn}
        >
          <PlusIcon />
        </ToolButton>
        <output className="pdfv__zoom-level" aria-live="off">
          {ready ? t("pdf.zoom.percent", { percent }) : ""}
        </output>
      </div>

      {annotations ? (
        <div className="pdfv__group">
          <ToolButton
            label={t("pdf.annotate.ink")}
            aria-pressed={view.editor === "ink"}
            disabled={!ready}
            onClick={actions.ink}
          >
            <PenIcon />
          </ToolButton>
          <ToolButton label={t("pdf.annotate.stamp")} disabled={!ready} onClick={actions.stamp}>
            <ImageIcon />
          </ToolButton>
        </div>
      ) : null}

      <div className="pdfv__group pdfv__group--end">
        {fullscreen !== null ? (
          <ToolButton
            label={t("pdf.fullscreen.enter")}
            tooltip={t(fullscreen ? "pdf.fullscreen.exit" : "pdf.fullscreen.enter")}
            aria-pressed={fullscreen}
            onClick={actions.fullscreen}
          >
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </ToolButton>
        ) : null}
        <ToolButton
          label={t(view.annotated ? "pdf.downloadAnnotated" : "pdf.download")}
          disabled={!ready}
          onClick={actions.download}
        >
          <DownloadIcon />
        </ToolButton>
        <ToolsMenu ready={ready} view={view} printing={printing} theme={theme} actions={actions} />
      </div>
    </div>
  );
}
