import "pdfjs-dist/web/pdf_viewer.css";
import "./viewer.css";
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from "pdfjs-dist";
import type {
  EventBus,
  PDFFindController,
  PDFLinkService,
  PDFViewer,
} from "pdfjs-dist/web/pdf_viewer.mjs";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  clampScale,
  DestinationHistory,
  downloadFileName,
  isPdfFileName,
  parsePageNumber,
  PDF_VIEWER,
  percentLoaded,
} from "../../core/pdf-viewer-rules";
import { useLang } from "../lib/site";
import { classifyLoadError, type LoadErrorKind } from "./errors";
import { FindBar, type FindOptions, type FindStatus } from "./find-bar";
import { ViewerL10n } from "./l10n";
import type { Pdfjs } from "./pdfjs";
import { printDocument } from "./print";
import { PropertiesPanel } from "./properties";
import { openByRanges } from "./range-source";
import { smoothScroll } from "./smooth-scroll";
import { useViewerTheme } from "./theme";
import { Thumbnails } from "./thumbnails";
import { Toolbar, type ToolbarActions, type ViewState } from "./toolbar";

export interface ViewerImplProps {
  pdfjs: Pdfjs;
  url: string | null;
  title: string;
  annotations: boolean;
  fullPage: boolean;
}

type Source =
  { kind: "url"; url: string; name: string } | { kind: "file"; data: Uint8Array; name: string };

type Status =
  | { kind: "empty" }
  | { kind: "loading"; percent: number | null }
  | { kind: "password"; wrong: boolean }
  | { kind: "error"; error: LoadErrorKind }
  | { kind: "ready" };

interface Engine {
  bus: EventBus;
  link: PDFLinkService;
  find: PDFFindController;
  viewer: PDFViewer;
  history: DestinationHistory<number>;
}

const INITIAL_VIEW: ViewState = {
  page: 1,
  pageCount: 0,
  scale: 1,
  scaleValue: "auto",
  rotation: 0,
  scrollMode: "vertical",
  spreadMode: "single",
  editor: "none",
  annotated: false,
  canBack: false,
  canForward: false,
};

type RenderingQueue = {
  getHighestPriority: (
    visible: { views: unknown[]; first?: { id: number }; last?: { id: number } },
    views: unknown[],
    scrolledDown: boolean,
    preRenderExtra?: boolean,
    ignoreDetailViews?: boolean,
  ) => unknown;
  isViewFinished: (view: unknown) => boolean;
};

/**
 * Seed §9: keep the pages on either side of the visible ones rendered (pdf.js's queue
 * pre-renders one or two): once the visible pages are done, draw up to three more each way.
 */
function renderAroundVisible(viewer: PDFViewer): void {
  const queue = (viewer as unknown as { renderingQueue: RenderingQueue }).renderingQueue;
  const base = queue.getHighestPriority.bind(queue);
  queue.getHighestPriority = (visible, views, scrolledDown, preRenderExtra, ignoreDetailViews) => {
    const next = base(visible, views, scrolledDown, preRenderExtra, ignoreDetailViews);
    if (next || !visible.first || !visible.last || visible.views.length === 0) return next;
    const { id: first } = visible.first;
    const { id: last } = visible.last;
    for (let distance = 1; distance <= PDF_VIEWER.renderAround; distance++) {
      const ids = scrolledDown
        ? [last + distance, first - distance]
        : [first - distance, last + distance];
      for (const id of ids) {
        const view = views[id - 1];
        if (view && !queue.isViewFinished(view)) return view;
      }
    }
    return null;
  };
}

/** pdf.js's viewer is driven by assigning its properties. */
function setViewerProperty<
  K extends "currentScaleValue" | "pagesRotation" | "scrollMode" | "spreadMode",
>(viewer: PDFViewer, property: K, value: PDFViewer[K]): void {
  viewer[property] = value;
}

/**
 * The document viewer itself (loaded on demand by ./pdf-viewer.tsx): pdf.js's PDFViewer,
 * link service, find controller and event bus, with our toolbar, thumbnails, search,
 * password prompt and messages around them.
 */
export default function ViewerImpl({ pdfjs, url, title, annotations, fullPage }: ViewerImplProps) {
  const { lib, viewer: components, assets } = pdfjs;
  const { t } = useTranslation();
  const lang = useLang();
  const { theme, resolved, setTheme } = useViewerTheme();

  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const findInputRef = useRef<HTMLInputElement>(null);
  const passwordInputRef = useRef<HTMLInputElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const engineRef = useRef<Engine | null>(null);
  const docRef = useRef<PDFDocumentProxy | null>(null);
  const passwordRef = useRef<((password: string) => void) | null>(null);
  const editingPageRef = useRef(false);
  const navigatingToRef = useRef<number | null>(null);
  const printAbortRef = useRef<AbortController | null>(null);

  const [engineReady, setEngineReady] = useState(false);
  const [source, setSource] = useState<Source | null>(() =>
    url ? { kind: "url", url, name: downloadFileName(title) } : null,
  );
  const [status, setStatus] = useState<Status>(
    url ? { kind: "loading", percent: null } : { kind: "empty" },
  );
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [view, setView] = useState<ViewState>(INITIAL_VIEW);
  const [pageText, setPageText] = useState("1");
  const [pageError, setPageError] = useState<string | null>(null);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [findOpen, setFindOpen] = useState(false);
  const [findOptions, setFindOptions] = useState<FindOptions>({
    query: "",
    caseSensitive: false,
    matchDiacritics: false,
  });
  const [findStatus, setFindStatus] = useState<FindStatus>({ kind: "idle" });
  const [propertiesOpen, setPropertiesOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState<boolean | null>(null);
  const [printPercent, setPrintPercent] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [password, setPassword] = useState("");

  const sidebarId = useId();
  const findId = useId();
  const passwordId = useId();
  const passwordErrorId = useId();

  // A new address from the page (another season, another entry) replaces the document.
  useEffect(() => {
    const name = downloadFileName(title);
    setSource((current) => {
      if (!url) return null;
      if (current?.kind === "url" && current.url === url && current.name === name) return current;
      return { kind: "url", url, name };
    });
  }, [url, title]);

  const syncHistory = useCallback(() => {
    const history = engineRef.current?.history;
    if (!history) return;
    setView((v) => ({ ...v, canBack: history.canGoBack, canForward: history.canGoForward }));
  }, []);

  /** Moves to a page with the 400 ms scroll, remembering where the reader was. */
  const goToPage = useCallback(
    (page: number, remember = true) => {
      const engine = engineRef.current;
      const container = containerRef.current;
      if (!engine || !container || !docRef.current) return;
      // While a scroll is on its way, the page it goes to counts as the current one.
      const current = navigatingToRef.current ?? engine.viewer.currentPageNumber;
      if (page === current) return;
      if (remember) {
        engine.history.push(current);
        syncHistory();
      }
      const from = { top: container.scrollTop, left: container.scrollLeft };
      navigatingToRef.current = null;
      engine.viewer.currentPageNumber = page;
      // pdf.js announces a page only when its own idea of the current one changes, which a
      // scroll still on its way may already have moved: say it here.
      setView((v) => ({ ...v, page }));
      if (!editingPageRef.current) setPageText(String(page));
      if (engine.viewer.scrollMode === components.ScrollMode.PAGE) return;
      const to = { top: container.scrollTop, left: container.scrollLeft };
      // The pages passed on the way are not announced as the current page.
      navigatingToRef.current = page;
      smoothScroll(container, from, to, PDF_VIEWER.smoothScrollMs, () => {
        if (navigatingToRef.current !== page) return;
        navigatingToRef.current = null;
        if (engineRef.current === engine && engine.viewer.currentPageNumber !== page) {
          engine.viewer.currentPageNumber = page;
        }
      });
    },
    [components, syncHistory],
  );

  const goBack = useCallback(() => {
    const engine = engineRef.current;
    if (!engine) return;
    const target = engine.history.back(navigatingToRef.current ?? engine.viewer.currentPageNumber);
    syncHistory();
    if (target !== null) goToPage(target, false);
  }, [goToPage, syncHistory]);

  const goForward = useCallback(() => {
    const engine = engineRef.current;
    if (!engine) return;
    const target = engine.history.forward(
      navigatingToRef.current ?? engine.viewer.currentPageNumber,
    );
    syncHistory();
    if (target !== null) goToPage(target, false);
  }, [goToPage, syncHistory]);

  const goBackRef = useRef(goBack);
  const goForwardRef = useRef(goForward);
  goBackRef.current = goBack;
  goForwardRef.current = goForward;

  // pdf.js's viewer components, created once on this component's elements.
  useEffect(() => {
    const container = containerRef.current;
    const pages = pagesRef.current;
    if (!container || !pages) return;
    const abort = new AbortController();
    const bus = new components.EventBus();
    const link = new components.PDFLinkService({
      eventBus: bus,
      externalLinkTarget: components.LinkTarget.BLANK,
      externalLinkRel: "noopener noreferrer nofollow",
    });
    const find = new components.PDFFindController({ eventBus: bus, linkService: link });
    const l10n = new ViewerL10n(t, lang);
    const viewer = new components.PDFViewer({
      // Stops pdf.js's own listeners with the component (typed only in newer pdf.js).
      ...({ abortSignal: abort.signal } as object),
      container,
      viewer: pages,
      eventBus: bus,
      linkService: link,
      findController: find,
      l10n,
      maxCanvasPixels: PDF_VIEWER.maxCanvasPixels,
      annotationEditorMode: annotations
        ? lib.AnnotationEditorType.NONE
        : lib.AnnotationEditorType.DISABLE,
    });
    void l10n.translate(container);
    link.setViewer(viewer);
    const history = new DestinationHistory<number>(PDF_VIEWER.historyLimit);
    // Links inside the document go through our history (never the browser's: the viewer may
    // sit in a modal or beside other content).
    link.setHistory({
      pushCurrentPosition: () => {
        history.push(viewer.currentPageNumber);
        syncHistory();
      },
      push: () => {},
      pushPage: () => {},
      back: () => goBackRef.current(),
      forward: () => goForwardRef.current(),
    } as unknown as Parameters<PDFLinkService["setHistory"]>[0]);
    renderAroundVisible(viewer);
    engineRef.current = { bus, link, find, viewer, history };

    const scrollModes = {
      [components.ScrollMode.VERTICAL]: "vertical",
      [components.ScrollMode.HORIZONTAL]: "horizontal",
      [components.ScrollMode.PAGE]: "page",
      [components.ScrollMode.WRAPPED]: "wrapped",
    } as Record<number, ViewState["scrollMode"]>;
    const spreadModes = {
      [components.SpreadMode.NONE]: "single",
      [components.SpreadMode.ODD]: "dual",
      [components.SpreadMode.EVEN]: "dualCover",
    } as Record<number, ViewState["spreadMode"]>;
    const editors: Record<number, ViewState["editor"]> = {
      [lib.AnnotationEditorType.INK]: "ink",
      [lib.AnnotationEditorType.STAMP]: "stamp",
    };

    bus.on("pagesinit", () => {
      viewer.currentScaleValue = "auto";
    });
    bus.on("pagechanging", ({ pageNumber }: { pageNumber: number }) => {
      const target = navigatingToRef.current;
      if (target !== null && pageNumber !== target) return;
      setView((v) => ({ ...v, page: pageNumber }));
      if (!editingPageRef.current) setPageText(String(pageNumber));
    });
    bus.on("scalechanging", ({ scale, presetValue }: { scale: number; presetValue?: string }) => {
      setView((v) => ({ ...v, scale, scaleValue: presetValue ?? String(scale) }));
    });
    bus.on("rotationchanging", ({ pagesRotation }: { pagesRotation: number }) => {
      setView((v) => ({ ...v, rotation: pagesRotation }));
    });
    bus.on("scrollmodechanged", ({ mode }: { mode: number }) => {
      setView((v) => ({ ...v, scrollMode: scrollModes[mode] ?? "vertical" }));
    });
    bus.on("spreadmodechanged", ({ mode }: { mode: number }) => {
      setView((v) => ({ ...v, spreadMode: spreadModes[mode] ?? "single" }));
    });
    const findResult = ({
      state,
      matchesCount,
    }: {
      state?: number;
      matchesCount: { current: number; total: number };
    }) => {
      if (state === components.FindState.PENDING) setFindStatus({ kind: "pending" });
      else if (state === components.FindState.NOT_FOUND || matchesCount.total === 0) {
        if (state !== undefined || matchesCount.total === 0) setFindStatus({ kind: "notFound" });
      } else setFindStatus({ kind: "found", ...matchesCount });
    };
    bus.on("updatefindcontrolstate", findResult);
    bus.on("updatefindmatchescount", findResult);
    bus.on("annotationeditormodechanged", ({ mode }: { mode: number }) => {
      setView((v) => ({ ...v, editor: editors[mode] ?? "none" }));
    });
    bus.on("annotationeditorstateschanged", () => {
      setView((v) => ({ ...v, annotated: (docRef.current?.annotationStorage.size ?? 0) > 0 }));
    });
    // pdf.js asks for another editing mode itself (e.g. a double click on a drawing).
    bus.on("switchannotationeditormode", (options: { mode: number }) => {
      viewer.annotationEditorMode = options;
    });

    // Seed §9: after a resize, re-fit a preset zoom after 100 ms and re-render after 200 ms.
    let refit: ReturnType<typeof setTimeout> | undefined;
    let rerender: ReturnType<typeof setTimeout> | undefined;
    const resize = new ResizeObserver(() => {
      clearTimeout(refit);
      clearTimeout(rerender);
      refit = setTimeout(() => {
        const value = viewer.currentScaleValue;
        if (viewer.pdfDocument && /^[a-z-]+$/.test(value)) viewer.currentScaleValue = value;
      }, PDF_VIEWER.refitDebounceMs);
      rerender = setTimeout(() => {
        if (viewer.pdfDocument) viewer.update();
      }, PDF_VIEWER.rerenderDebounceMs);
    });
    resize.observe(container);

    setEngineReady(true);
    return () => {
      clearTimeout(refit);
      clearTimeout(rerender);
      resize.disconnect();
      abort.abort();
      void l10n.destroy();
      viewer.setDocument(null as unknown as PDFDocumentProxy);
      link.setDocument(null);
      engineRef.current = null;
      setEngineReady(false);
    };
    // Created once per mount; the language and these options do not change while it lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Opens the document: byte ranges of 64 KiB, fetched as pages need them.
  useEffect(() => {
    const engine = engineRef.current;
    if (!engineReady || !engine) return;
    if (!source) {
      setStatus({ kind: "empty" });
      return;
    }
    setStatus({ kind: "loading", percent: null });
    setPassword("");
    setPageError(null);
    setFindStatus({ kind: "idle" });
    let live = true;
    let task: PDFDocumentLoadingTask | null = null;
    const abort = new AbortController();
    const fail = (error: unknown) => {
      if (live) setStatus({ kind: "error", error: classifyLoadError(error) });
    };
    const progress = (loaded: number, total: number) => {
      if (!live) return;
      setStatus((s) =>
        s.kind === "loading" ? { kind: "loading", percent: percentLoaded(loaded, total) } : s,
      );
    };
    const open = async () => {
      const input =
        source.kind === "url"
          ? await openByRanges(lib, source.url, PDF_VIEWER.rangeChunkSize, abort.signal, {
              onProgress: progress,
              onError: fail,
            })
          : { data: source.data.slice() };
      if (!live) return;
      task = lib.getDocument({
        ...("range" in input ? { range: input.range } : { data: input.data }),
        ...(source.kind === "url" ? { docBaseUrl: new URL(source.url, location.href).href } : {}),
        rangeChunkSize: PDF_VIEWER.rangeChunkSize,
        disableAutoFetch: true,
        disableStream: true,
        cMapUrl: assets.cMapUrl,
        cMapPacked: true,
        standardFontDataUrl: assets.standardFontDataUrl,
        wasmUrl: assets.wasmUrl,
        iccUrl: assets.iccUrl,
        isEvalSupported: false,
        enableXfa: false,
      });
      task.onPassword = (update: (password: string) => void, reason: number) => {
        if (!live) return;
        passwordRef.current = update;
        setStatus({ kind: "password", wrong: reason === lib.PasswordResponses.INCORRECT_PASSWORD });
      };
      task.onProgress = ({ loaded, total }: { loaded: number; total: number }) =>
        progress(loaded, total);
      const pdf = await task.promise;
      if (!live) return;
      docRef.current = pdf;
      engine.history.clear();
      engine.viewer.setDocument(pdf);
      engine.link.setDocument(pdf);
      setDoc(pdf);
      setView((v) => ({
        ...v,
        page: 1,
        pageCount: pdf.numPages,
        editor: "none",
        annotated: false,
        canBack: false,
        canForward: false,
      }));
      setPageText("1");
      setStatus({ kind: "ready" });
    };
    open().catch(fail);
    return () => {
      live = false;
      abort.abort();
      passwordRef.current = null;
      printAbortRef.current?.abort();
      void (task as PDFDocumentLoadingTask | null)?.destroy();
      engine.viewer.setDocument(null as unknown as PDFDocumentProxy);
      engine.link.setDocument(null);
      docRef.current = null;
      setDoc(null);
    };
  }, [engineReady, source, lib, assets]);

  // The password prompt takes focus; after a wrong password the text is selected to retype.
  useEffect(() => {
    if (status.kind !== "password") return;
    const input = passwordInputRef.current;
    input?.focus();
    if (status.wrong) input?.select();
  }, [status]);

  useEffect(() => {
    const root = rootRef.current;
    setFullscreen(document.fullscreenEnabled && root?.requestFullscreen ? false : null);
    const onChange = () => {
      if (document.fullscreenEnabled) setFullscreen(document.fullscreenElement === rootRef.current);
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const ready = status.kind === "ready" && doc !== null;

  const openFind = useCallback(() => {
    setFindOpen(true);
    requestAnimationFrame(() => {
      findInputRef.current?.focus();
      findInputRef.current?.select();
    });
  }, []);

  const dispatchFind = useCallback((options: FindOptions, type: "" | "again", previous = false) => {
    const engine = engineRef.current;
    if (!engine) return;
    if (!options.query) {
      engine.bus.dispatch("findbarclose", { source: null });
      setFindStatus({ kind: "idle" });
      return;
    }
    engine.bus.dispatch("find", {
      source: null,
      type,
      query: options.query,
      caseSensitive: options.caseSensitive,
      entireWord: false,
      highlightAll: true,
      findPrevious: previous,
      matchDiacritics: options.matchDiacritics,
    });
  }, []);

  const closeFind = useCallback(() => {
    setFindOpen(false);
    engineRef.current?.bus.dispatch("findbarclose", { source: null });
    setFindStatus({ kind: "idle" });
    containerRef.current?.focus();
  }, []);

  const toggleFullscreen = useCallback(() => {
    const root = rootRef.current;
    if (!root) return;
    if (document.fullscreenElement === root) void document.exitFullscreen();
    else void root.requestFullscreen().catch(() => {});
  }, []);

  const changeZoom = (steps: number) => {
    const viewer = engineRef.current?.viewer;
    if (!viewer?.pdfDocument) return;
    if (steps > 0) viewer.increaseScale({ steps });
    else viewer.decreaseScale({ steps: -steps });
  };

  const setEditor = (mode: "none" | "ink" | "stamp") => {
    const engine = engineRef.current;
    if (!engine || !annotations) return;
    const { AnnotationEditorType: Type, AnnotationEditorParamsType: Params } = lib;
    const target = mode === "ink" ? Type.INK : mode === "stamp" ? Type.STAMP : Type.NONE;
    const applied = new Promise<void>((resolve) => {
      const onMode = ({ mode: changed }: { mode: number }) => {
        if (changed !== target) return;
        engine.bus.off("annotationeditormodechanged", onMode);
        resolve();
      };
      engine.bus.on("annotationeditormodechanged", onMode);
    });
    engine.viewer.annotationEditorMode = { mode: target };
    void applied.then(() => {
      if (mode === "ink") {
        // Seed §9: thickness 1, opacity 1 (pdf.js draws round caps and joins).
        for (const [type, value] of [
          [Params.INK_THICKNESS, PDF_VIEWER.inkThickness],
          [Params.INK_OPACITY, PDF_VIEWER.inkOpacity],
        ] as const) {
          engine.bus.dispatch("switchannotationeditorparams", { source: null, type, value });
        }
      } else if (mode === "stamp") {
        // A new image editor opens the file picker; pdf.js fits the image within 75 % of the page.
        engine.bus.dispatch("switchannotationeditorparams", {
          source: null,
          type: Params.CREATE,
          value: undefined,
        });
      }
    });
  };

  const download = async () => {
    const pdf = docRef.current;
    const root = rootRef.current;
    if (!pdf || !root || !source) return;
    const data = pdf.annotationStorage.size > 0 ? await pdf.saveDocument() : await pdf.getData();
    const href = URL.createObjectURL(new Blob([data as BlobPart], { type: "application/pdf" }));
    const link = document.createElement("a");
    link.href = href;
    link.download = source.name;
    link.hidden = true;
    // Inside the viewer: in a modal dialog the page behind is inert.
    root.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  };

  const print = async () => {
    const pdf = docRef.current;
    if (!pdf || printPercent !== null) return;
    const abort = new AbortController();
    printAbortRef.current = abort;
    setPrintPercent(0);
    try {
      await printDocument(pdf, lib, view.rotation, setPrintPercent, abort.signal);
    } catch {
      setNotice(t("pdf.print.failed"));
    } finally {
      setPrintPercent(null);
    }
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

  const commitPage = () => {
    editingPageRef.current = false;
    const engine = engineRef.current;
    if (!engine || !docRef.current) return;
    const current = navigatingToRef.current ?? engine.viewer.currentPageNumber;
    if (pageText.trim() === String(current)) {
      setPageError(null);
      setPageText(String(current));
      return;
    }
    const page = parsePageNumber(pageText, view.pageCount);
    if (page === null) {
      setPageError(t("pdf.page.invalid", { count: view.pageCount }));
      setPageText(String(current));
      return;
    }
    setPageError(null);
    goToPage(page);
  };

  const actions: ToolbarActions = {
    pageInput: (text) => {
      editingPageRef.current = true;
      setPageText(text);
    },
    pageCommit: commitPage,
    previousPage: () => {
      const viewer = engineRef.current?.viewer;
      const current = navigatingToRef.current ?? viewer?.currentPageNumber;
      if (current) goToPage(Math.max(1, current - 1), false);
    },
    nextPage: () => {
      const viewer = engineRef.current?.viewer;
      const current = navigatingToRef.current ?? viewer?.currentPageNumber;
      if (current) goToPage(Math.min(view.pageCount, current + 1), false);
    },
    zoomIn: () => changeZoom(1),
    zoomOut: () => changeZoom(-1),
    zoomTo: (value) => {
      const viewer = engineRef.current?.viewer;
      if (!viewer?.pdfDocument || value === "custom") return;
      setViewerProperty(
        viewer,
        "currentScaleValue",
        /^\d+$/.test(value) ? String(clampScale(Number(value) / 100)) : value,
      );
    },
    toggleSidebar: () => setSidebarOpen((open) => !open),
    toggleFind: () => (findOpen ? closeFind() : openFind()),
    ink: () => setEditor(view.editor === "ink" ? "none" : "ink"),
    stamp: () => setEditor("stamp"),
    fullscreen: toggleFullscreen,
    download: () => void download(),
    print: () => void print(),
    openFile: () => fileInputRef.current?.click(),
    rotate: (by) => {
      const viewer = engineRef.current?.viewer;
      if (viewer?.pdfDocument) {
        setViewerProperty(viewer, "pagesRotation", (viewer.pagesRotation + by + 360) % 360);
      }
    },
    scrollMode: (mode) => {
      const viewer = engineRef.current?.viewer;
      if (!viewer) return;
      setViewerProperty(
        viewer,
        "scrollMode",
        {
          vertical: components.ScrollMode.VERTICAL,
          horizontal: components.ScrollMode.HORIZONTAL,
          page: components.ScrollMode.PAGE,
          wrapped: components.ScrollMode.WRAPPED,
        }[mode],
      );
    },
    spreadMode: (mode) => {
      const viewer = engineRef.current?.viewer;
      if (!viewer) return;
      setViewerProperty(
        viewer,
        "spreadMode",
        {
          single: components.SpreadMode.NONE,
          dual: components.SpreadMode.ODD,
          dualCover: components.SpreadMode.EVEN,
        }[mode],
      );
    },
    theme: setTheme,
    properties: () => setPropertiesOpen(true),
    back: goBack,
    forward: goForward,
  };
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  // Keyboard (seed §9): Ctrl+F searches, Esc leaves full screen, Page Up/Down turn pages,
  // Home/End go to the ends, Alt+←/→ go back and forward, Ctrl +/−/0 zoom.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const scope: HTMLElement | Document = root.closest("dialog") ?? (fullPage ? document : root);
    const onKey = (event: Event) => {
      const key = event as KeyboardEvent;
      const target = key.target instanceof HTMLElement ? key.target : null;
      const mod = key.ctrlKey || key.metaKey;
      const run = actionsRef.current;
      if (mod && !key.altKey && key.key.toLowerCase() === "f") {
        if (status.kind !== "ready") return;
        key.preventDefault();
        openFind();
        return;
      }
      if (key.key === "Escape" && document.fullscreenElement === root) {
        key.preventDefault();
        key.stopPropagation();
        void document.exitFullscreen();
        return;
      }
      if (status.kind !== "ready") return;
      const typing = !!target?.closest("input, textarea, select, [contenteditable='true']");
      if (typing) return;
      const handled = (() => {
        if (mod && (key.key === "+" || key.key === "=")) return (run.zoomIn(), true);
        if (mod && key.key === "-") return (run.zoomOut(), true);
        if (mod && key.key === "0") return (run.zoomTo("page-actual"), true);
        if (mod) return false;
        if (key.altKey && key.key === "ArrowLeft") return (run.back(), true);
        if (key.altKey && key.key === "ArrowRight") return (run.forward(), true);
        if (key.altKey) return false;
        switch (key.key) {
          case "PageDown":
            return (run.nextPage(), true);
          case "PageUp":
            return (run.previousPage(), true);
          case "Home":
            return (goToPage(1), true);
          case "End":
            return (goToPage(view.pageCount), true);
          default:
            return false;
        }
      })();
      if (handled) key.preventDefault();
    };
    scope.addEventListener("keydown", onKey);
    return () => scope.removeEventListener("keydown", onKey);
  }, [fullPage, openFind, goToPage, status.kind, view.pageCount]);

  // Leaving the viewer (closing the modal) stops a print in preparation.
  useEffect(() => () => printAbortRef.current?.abort(), []);

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
        pageText={pageText}
        pageError={pageError}
        sidebar={{ open: sidebarOpen && ready, id: sidebarId }}
        find={{ open: findOpen, id: findId }}
        annotations={annotations}
        fullscreen={fullscreen}
        printing={printPercent !== null}
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
            dispatchFind(options, "");
          }}
          onStep={(previous) => dispatchFind(findOptions, "again", previous)}
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
        {printPercent !== null ? t("pdf.print.preparing", { percent: printPercent }) : ""}
      </p>
      <div className="pdfv__body">
        {sidebarOpen && ready && doc ? (
          <Thumbnails
            id={sidebarId}
            doc={doc}
            pageCount={view.pageCount}
            currentPage={view.page}
            rotation={view.rotation}
            onSelect={(page) => goToPage(page)}
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
          {status.kind === "loading" ? (
            <div className="pdfv__overlay" role="status">
              <p>
                {status.percent === null
                  ? t("pdf.loading")
                  : t("pdf.loadingPercent", { percent: status.percent })}
              </p>
              <progress
                className="pdfv__progress"
                max={100}
                aria-label={t("pdf.progressLabel")}
                {...(status.percent === null ? {} : { value: status.percent })}
              />
            </div>
          ) : null}
          {status.kind === "password" ? (
            <div className="pdfv__overlay">
              <form
                className="pdfv__password"
                onSubmit={(event) => {
                  event.preventDefault();
                  passwordRef.current?.(password);
                }}
              >
                <label htmlFor={passwordId} className="pdfv__password-label">
                  {t("pdf.password.prompt")}
                </label>
                <input
                  ref={passwordInputRef}
                  id={passwordId}
                  type="password"
                  autoComplete="off"
                  value={password}
                  aria-invalid={status.wrong ? true : undefined}
                  aria-describedby={status.wrong ? passwordErrorId : undefined}
                  onChange={(event) => setPassword(event.target.value)}
                />
                {status.wrong ? (
                  <p id={passwordErrorId} className="pdfv__password-error" role="alert">
                    {t("pdf.password.wrong")}
                  </p>
                ) : null}
                <button type="submit" className="pdfv__primary">
                  {t("pdf.password.submit")}
                </button>
              </form>
            </div>
          ) : null}
          {status.kind === "error" ? (
            <div className="pdfv__overlay" role="alert">
              <p className="pdfv__error-title">{t("pdf.error.title")}</p>
              <p>{t(`pdf.error.${status.error}`)}</p>
            </div>
          ) : null}
          {status.kind === "empty" ? (
            <div className="pdfv__overlay">
              <p>{t("pdf.noDocument")}</p>
              <button
                type="button"
                className="pdfv__primary"
                onClick={() => fileInputRef.current?.click()}
              >
                {t("pdf.openFile.button")}
              </button>
            </div>
          ) : null}
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
