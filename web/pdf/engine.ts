import type { PDFDocumentProxy } from "pdfjs-dist";
import type {
  EventBus,
  PDFFindController,
  PDFLinkService,
  PDFViewer,
} from "pdfjs-dist/web/pdf_viewer.mjs";
import { PDF_VIEWER, type DestinationHistory } from "../../core/pdf-viewer-rules";
import type { FindOptions } from "./find-bar";
import type { Pdfjs } from "./pdfjs";
import type { ViewState } from "./view-state";

/** pdf.js's viewer components for one mounted viewer, and our page history beside them. */
export interface Engine {
  bus: EventBus;
  link: PDFLinkService;
  find: PDFFindController;
  viewer: PDFViewer;
  history: DestinationHistory<number>;
}

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
export function renderAroundVisible(viewer: PDFViewer): void {
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
export function setViewerProperty<
  K extends "currentScaleValue" | "pagesRotation" | "scrollMode" | "spreadMode",
>(viewer: PDFViewer, property: K, value: PDFViewer[K]): void {
  viewer[property] = value;
}

/** Our names for pdf.js's scroll and spread modes, both ways. */
export function viewModes({ viewer: components }: Pdfjs) {
  const scroll: Record<ViewState["scrollMode"], number> = {
    vertical: components.ScrollMode.VERTICAL,
    horizontal: components.ScrollMode.HORIZONTAL,
    page: components.ScrollMode.PAGE,
    wrapped: components.ScrollMode.WRAPPED,
  };
  const spread: Record<ViewState["spreadMode"], number> = {
    single: components.SpreadMode.NONE,
    dual: components.SpreadMode.ODD,
    dualCover: components.SpreadMode.EVEN,
  };
  const invert = <T extends string>(modes: Record<T, number>) =>
    Object.fromEntries(Object.entries(modes).map(([name, mode]) => [mode, name])) as Record<
      number,
      T
    >;
  return { scroll, spread, scrollName: invert(scroll), spreadName: invert(spread) };
}

/** Searches the document (or clears the search when the query is empty). */
export function dispatchFind(
  engine: Engine,
  options: FindOptions,
  type: "" | "again",
  previous = false,
): void {
  if (!options.query) {
    engine.bus.dispatch("findbarclose", { source: null });
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
}

/** Switches pdf.js's annotation editor (ink drawing, image stamps) on or off. */
export function switchEditor(engine: Engine, lib: Pdfjs["lib"], mode: ViewState["editor"]): void {
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
}

/**
 * Saves the document (with its annotations, if any) under `name`. The link is placed inside
 * the viewer: in a modal dialog the page behind is inert.
 */
export async function downloadDocument(
  pdf: PDFDocumentProxy,
  name: string,
  root: HTMLElement,
): Promise<void> {
  const data = pdf.annotationStorage.size > 0 ? await pdf.saveDocument() : await pdf.getData();
  const href = URL.createObjectURL(new Blob([data as BlobPart], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  link.hidden = true;
  root.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
