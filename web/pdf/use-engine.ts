import type { PDFDocumentProxy } from "pdfjs-dist";
import type { PDFLinkService } from "pdfjs-dist/web/pdf_viewer.mjs";
import { useEffect, useState, type RefObject } from "react";
import { useTranslation } from "../i18n/use-translation";
import { DestinationHistory, PDF_VIEWER } from "../../core/pdf-viewer-rules";
import { useLang } from "../lib/site";
import { renderAroundVisible, viewModes, type Engine } from "./engine";
import type { FindStatus } from "./find-bar";
import { ViewerL10n } from "./l10n";
import type { Pdfjs } from "./pdfjs";
import type { ViewState } from "./view-state";

/** What pdf.js's events tell the viewer; read through a ref, so always the latest. */
export interface EngineEvents {
  /** pdf.js counts another page as the current one (scrolling, a link, a search hit). */
  pageChanging: (page: number) => void;
  view: (update: (view: ViewState) => ViewState) => void;
  find: (status: FindStatus) => void;
  /** A link inside the document is about to move: remember where the reader was. */
  historyPushed: () => void;
  back: () => void;
  forward: () => void;
  /** Whether the document holds annotations of the reader's. */
  annotated: () => boolean;
}

/**
 * pdf.js's viewer components (event bus, link service, find controller, viewer), created
 * once on the component's elements; `engineRef` holds them while mounted. Returns whether
 * they are ready.
 */
export function useEngine({
  pdfjs,
  annotations,
  containerRef,
  pagesRef,
  engineRef,
  events,
}: {
  pdfjs: Pdfjs;
  annotations: boolean;
  containerRef: RefObject<HTMLDivElement | null>;
  pagesRef: RefObject<HTMLDivElement | null>;
  engineRef: RefObject<Engine | null>;
  events: RefObject<EngineEvents>;
}): boolean {
  const { t } = useTranslation();
  const lang = useLang();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    const pages = pagesRef.current;
    if (!container || !pages) return;
    const { lib, viewer: components } = pdfjs;
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
        events.current.historyPushed();
      },
      push: () => {},
      pushPage: () => {},
      back: () => events.current.back(),
      forward: () => events.current.forward(),
    } as unknown as Parameters<PDFLinkService["setHistory"]>[0]);
    renderAroundVisible(viewer);
    engineRef.current = { bus, link, find, viewer, history };

    const { scrollName, spreadName } = viewModes(pdfjs);
    const editors: Record<number, ViewState["editor"]> = {
      [lib.AnnotationEditorType.INK]: "ink",
      [lib.AnnotationEditorType.STAMP]: "stamp",
    };
    const view = (update: (view: ViewState) => ViewState) => events.current.view(update);

    bus.on("pagesinit", () => {
      viewer.currentScaleValue = "auto";
    });
    bus.on("pagechanging", ({ pageNumber }: { pageNumber: number }) => {
      events.current.pageChanging(pageNumber);
    });
    bus.on("scalechanging", ({ scale, presetValue }: { scale: number; presetValue?: string }) => {
      view((v) => ({ ...v, scale, scaleValue: presetValue ?? String(scale) }));
    });
    bus.on("rotationchanging", ({ pagesRotation }: { pagesRotation: number }) => {
      view((v) => ({ ...v, rotation: pagesRotation }));
    });
    bus.on("scrollmodechanged", ({ mode }: { mode: number }) => {
      view((v) => ({ ...v, scrollMode: scrollName[mode] ?? "vertical" }));
    });
    bus.on("spreadmodechanged", ({ mode }: { mode: number }) => {
      view((v) => ({ ...v, spreadMode: spreadName[mode] ?? "single" }));
    });
    const findResult = ({
      state,
      matchesCount,
    }: {
      state?: number;
      matchesCount: { current: number; total: number };
    }) => {
      if (state === components.FindState.PENDING) events.current.find({ kind: "pending" });
      else if (state === components.FindState.NOT_FOUND || matchesCount.total === 0) {
        if (state !== undefined || matchesCount.total === 0) {
          events.current.find({ kind: "notFound" });
        }
      } else events.current.find({ kind: "found", ...matchesCount });
    };
    bus.on("updatefindcontrolstate", findResult);
    bus.on("updatefindmatchescount", findResult);
    bus.on("annotationeditormodechanged", ({ mode }: { mode: number }) => {
      view((v) => ({ ...v, editor: editors[mode] ?? "none" }));
    });
    bus.on("annotationeditorstateschanged", () => {
      view((v) => ({ ...v, annotated: events.current.annotated() }));
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

    setReady(true);
    return () => {
      clearTimeout(refit);
      clearTimeout(rerender);
      resize.disconnect();
      abort.abort();
      void l10n.destroy();
      viewer.setDocument(null as unknown as PDFDocumentProxy);
      link.setDocument(null);
      engineRef.current = null;
      setReady(false);
    };
    // Created once per mount; the language and these options do not change while it lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return ready;
}
