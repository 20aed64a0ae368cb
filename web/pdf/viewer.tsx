import "pdfjs-dist/web/pdf_viewer.css";
import "./viewer.css";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { clampScale, downloadFileName, isPdfFileName } from "../../core/pdf-viewer-rules";
import { useLang } from "../lib/site";
import {
  dispatchFind,
  downloadDocument,
  setViewerProperty,
  switchEditor,
  viewModes,
  type Engine,
} from "./engine";
import { FindBar, type FindOptions, type FindStatus } from "./find-bar";
import type { Pdfjs } from "./pdfjs";
import { PropertiesPanel } from "./properties";
import { StatusOverlay } from "./status-overlay";
import { useViewerTheme } from "./theme";
import { Thumbnails } from "./thumbnails";
import { Toolbar } from "./toolbar";
import { useDocument, type DocumentEvents, type Source } from "./use-document";
import { useEngine, type EngineEvents } from "./use-engine";
import { useFullscreen } from "./use-fullscreen";
import { usePages } from "./use-pages";
import { usePrint } from "./use-print";
import { useViewerKeys } from "./use-viewer-keys";
import type { ToolbarActions } from "./view-state";

export interface ViewerImplProps {
  pdfjs: Pdfjs;
  url: string | null;
  title: string;
  annotations: boolean;
  fullPage: boolean;
}

const NO_FIND: FindOptions = { query: "", caseSensitive: false, matchDiacritics: false };

/**
 * The document viewer itself (loaded on demand by ./pdf-viewer.tsx): pdf.js's PDFViewer,
 * link service, find controller and event bus (./use-engine.ts), with our toolbar,
 * thumbnails, search, password prompt and messages around them.
 */
export default function ViewerImpl({ pdfjs, url, title, annotations, fullPage }: ViewerImplProps) {
  const { lib } = pdfjs;
  const { t } = useTranslation();
  const lang = useLang();
  const { theme, resolved, setTheme } = useViewerTheme();

  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const findInputRef = useRef<HTMLInputElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const engineRef = useRef<Engine | null>(null);

  const [source, setSource] = useState<Source | null>(() =>
    url ? { kind: "url", url, name: downloadFileName(title) } : null,
  );
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [findOpen, setFindOpen] = useState(false);
  const [findOptions, setFindOptions] = useState<FindOptions>(NO_FIND);
  const [findStatus, setFindStatus] = useState<FindStatus>({ kind: "idle" });
  const [propertiesOpen, setPropertiesOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const sidebarId = useId();
  const findId = useId();

  // A new address from the page (another season, another entry) replaces the document.
  useEffect(() => {
    const name = downloadFileName(title);
    setSource((current) => {
      if (!url) return null;
      if (current?.kind === "url" && current.url === url && current.name === name) return current;
      return { kind: "url", url, name };
    });
  }, [url, title]);

  const documentEvents = useRef<DocumentEvents>(null as unknown as DocumentEvents);
  const engineEvents = useRef<EngineEvents>(null as unknown as EngineEvents);
  const engineReady = useEngine({
    pdfjs,
    annotations,
    containerRef,
    pagesRef,
    engineRef,
    events: engineEvents,
  });
  const { status, doc, docRef, submitPassword } = useDocument({
    pdfjs,
    engineRef,
    engineReady,
    source,
    events: documentEvents,
  });
  const pages = usePages({ pdfjs, engineRef, docRef, containerRef });
  const { view } = pages;
  const printing = usePrint(lib, docRef);
  const { fullscreen, toggle: toggleFullscreen } = useFullscreen(rootRef);

  engineEvents.current = {
    pageChanging: pages.pageChanging,
    view: pages.setView,
    find: setFindStatus,
    historyPushed: pages.syncHistory,
    back: pages.goBack,
    forward: pages.goForward,
    annotated: () => (docRef.current?.annotationStorage.size ?? 0) > 0,
  };
  documentEvents.current = {
    loading: () => {
      pages.setPageError(null);
      setFindStatus({ kind: "idle" });
    },
    opened: pages.opened,
    closed: printing.stop,
  };

  const ready = status.kind === "ready" && doc !== null;

  const openFind = useCallback(() => {
    setFindOpen(true);
    requestAnimationFrame(() => {
      findInputRef.current?.focus();
      findInputRef.current?.select();
    });
  }, []);

  const find = (options: FindOptions, type: "" | "again", previous = false) => {
    const engine = engineRef.current;
    if (!engine) return;
    dispatchFind(engine, options, type, previous);
    if (!options.query) setFindStatus({ kind: "idle" });
  };

  const closeFind = () => {
    setFindOpen(false);
    engineRef.current?.bus.dispatch("findbarclose", { source: null });
    setFindStatus({ kind: "idle" });
    containerRef.current?.focus();
  };

  const openLocalFile = async (file: File | undefined) => {
    if (!file) return;
    if (!isPdfFileName(file.name)) {
      setNotice(t("pdf.openFile.onlyPdf"));
      return;
    }
    setNotice(null);
    const data = new Uint8Array(await file.arrayBuffer());
    setSource({ kind: "file", data, name: file.name });
  };

  /** Runs `apply` on pdf.js's viewer once a document is open. */
  const withDocument = (apply: (viewer: Engine["viewer"]) => void) => {
    const viewer = engineRef.current?.viewer;
    if (viewer?.pdfDocument) apply(viewer);
  };
  const modes = viewModes(pdfjs);
  const setEditor = (mode: "none" | "ink" | "stamp") => {
    const engine = engineRef.current;
    if (engine && annotations) switchEditor(engine, lib, mode);
  };

  const actions: ToolbarActions = {
    pageInput: pages.pageInput,
    pageCommit: pages.commitPage,
    previousPage: () => pages.step(-1),
    nextPage: () => pages.step(1),
    zoomIn: () => withDocument((viewer) => viewer.increaseScale({ steps: 1 })),
    zoomOut: () => withDocument((viewer) => viewer.decreaseScale({ steps: 1 })),
    zoomTo: (value) => {
      if (value === "custom") return;
      withDocument((viewer) =>
        setViewerProperty(
          viewer,
          "currentScaleValue",
          /^\d+$/.test(value) ? String(clampScale(Number(value) / 100)) : value,
        ),
      );
    },
    toggleSidebar: () => setSidebarOpen((open) => !open),
    toggleFind: () => (findOpen ? closeFind() : openFind()),
    ink: () => setEditor(view.editor === "ink" ? "none" : "ink"),
    stamp: () => setEditor("stamp"),
    fullscreen: toggleFullscreen,
    download: () => {
      const pdf = docRef.current;
      const root = rootRef.current;
      if (pdf && root && source) void downloadDocument(pdf, source.name, root);
    },
    print: () => {
      void printing.print(view.rotation).then((done) => {
        if (!done) setNotice(t("pdf.print.failed"));
      });
    },
    openFile: () => fileInputRef.current?.click(),
    rotate: (by) =>
      withDocument((viewer) =>
        setViewerProperty(viewer, "pagesRotation", (viewer.pagesRotation + by + 360) % 360),
      ),
    scrollMode: (mode) => {
      const viewer = engineRef.current?.viewer;
      if (viewer) setViewerProperty(viewer, "scrollMode", modes.scroll[mode]);
    },
    spreadMode: (mode) => {
      const viewer = engineRef.current?.viewer;
      if (viewer) setViewerProperty(viewer, "spreadMode", modes.spread[mode]);
    },
    theme: setTheme,
    properties: () => setPropertiesOpen(true),
    back: pages.goBack,
    forward: pages.goForward,
  };
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  useViewerKeys({
    rootRef,
    fullPage,
    ready: status.kind === "ready",
    actions: actionsRef,
    openFind,
    goToPage: pages.goToPage,
    pageCount: view.pageCount,
  });

  return (
    <div
      ref={rootRef}
      className="pdfv"
      data-theme={resolved}
      data-status={status.kind}
      data-annotations={annotations ? "true" : undefined}
    >
      <Toolbar
        ready={ready}
        view={view}
        pageText={pages.pageText}
        pageError={pages.pageError}
        sidebar={{ open: sidebarOpen && ready, id: sidebarId }}
        find={{ open: findOpen, id: findId }}
        annotations={annotations}
        fullscreen={fullscreen}
        printing={printing.percent !== null}
        theme={theme}
        actions={actions}
      />
      {findOpen ? (
        <FindBar
          ref={findInputRef}
          id={findId}
          options={findOptions}
          status={findStatus}
          onChange={(options) => {
            setFindOptions(options);
            find(options, "");
          }}
          onStep={(previous) => find(findOptions, "again", previous)}
          onClose={closeFind}
        />
      ) : null}
      <input
        ref={fileInputRef}
        type="file"
        accept=".pdf,application/pdf"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          void openLocalFile(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <p className="pdfv__notice" role="alert">
        {notice ?? ""}
      </p>
      <p className="visually-hidden" role="status">
        {printing.percent !== null ? t("pdf.print.preparing", { percent: printing.percent }) : ""}
      </p>
      <div className="pdfv__body">
        {sidebarOpen && ready && doc ? (
          <Thumbnails
            id={sidebarId}
            doc={doc}
            pageCount={view.pageCount}
            currentPage={view.page}
            rotation={view.rotation}
            onSelect={(page) => pages.goToPage(page)}
          />
        ) : null}
        <div className="pdfv__stage">
          {/* pdf.js needs an absolutely positioned scroll container around the pages. */}
          <div
            ref={containerRef}
            className="pdfv__container"
            // Focusable, so the pages can be scrolled with the keyboard (WCAG 2.1.1).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            role="region"
            aria-label={t("pdf.pages", { title })}
          >
            <div ref={pagesRef} className="pdfViewer" />
          </div>
          <StatusOverlay
            status={status}
            onPassword={submitPassword}
            onOpenFile={() => fileInputRef.current?.click()}
          />
          {propertiesOpen && doc && source ? (
            <PropertiesPanel
              lib={lib}
              doc={doc}
              fileName={source.name}
              currentPage={view.page}
              lang={lang}
              onClose={() => {
                setPropertiesOpen(false);
                containerRef.current?.focus();
              }}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
