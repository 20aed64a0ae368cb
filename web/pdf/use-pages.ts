import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useRef, useState, type RefObject } from "react";
import { useTranslation } from "../i18n/use-translation";
import { parsePageNumber, PDF_VIEWER } from "../../core/pdf-viewer-rules";
import type { Engine } from "./engine";
import type { Pdfjs } from "./pdfjs";
import { smoothScroll } from "./smooth-scroll";
import { INITIAL_VIEW, type ViewState } from "./view-state";

/**
 * The current page and moving between pages: the toolbar's page box, the 400 ms scroll to a
 * page, and our back/forward history of the pages the reader jumped from.
 */
export function usePages({
  pdfjs: { viewer: components },
  engineRef,
  docRef,
  containerRef,
}: {
  pdfjs: Pdfjs;
  engineRef: RefObject<Engine | null>;
  docRef: RefObject<PDFDocumentProxy | null>;
  containerRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<ViewState>(INITIAL_VIEW);
  const [pageText, setPageText] = useState("1");
  const [pageError, setPageError] = useState<string | null>(null);
  const editingPageRef = useRef(false);
  // While a scroll is on its way, the page it goes to counts as the current one.
  const navigatingToRef = useRef<number | null>(null);

  const currentPage = useCallback(
    () => navigatingToRef.current ?? engineRef.current?.viewer.currentPageNumber ?? null,
    [engineRef],
  );

  const syncHistory = useCallback(() => {
    const history = engineRef.current?.history;
    if (!history) return;
    setView((v) => ({ ...v, canBack: history.canGoBack, canForward: history.canGoForward }));
  }, [engineRef]);

  /** pdf.js counts another page as the current one; the pages a scroll passes do not count. */
  const pageChanging = useCallback((page: number) => {
    const target = navigatingToRef.current;
    if (target !== null && page !== target) return;
    setView((v) => ({ ...v, page }));
    if (!editingPageRef.current) setPageText(String(page));
  }, []);

  /** Moves to a page with the 400 ms scroll, remembering where the reader was. */
  const goToPage = useCallback(
    (page: number, remember = true) => {
      const engine = engineRef.current;
      const container = containerRef.current;
      if (!engine || !container || !docRef.current) return;
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
    [components, containerRef, docRef, engineRef, syncHistory],
  );

  /** One step back or forward in the history of jumps. */
  const travel = useCallback(
    (direction: "back" | "forward") => {
      const engine = engineRef.current;
      if (!engine) return;
      const from = navigatingToRef.current ?? engine.viewer.currentPageNumber;
      const target = engine.history[direction](from);
      syncHistory();
      if (target !== null) goToPage(target, false);
    },
    [engineRef, goToPage, syncHistory],
  );
  const goBack = useCallback(() => travel("back"), [travel]);
  const goForward = useCallback(() => travel("forward"), [travel]);

  /** The previous or next page, without remembering it in the history. */
  const step = (by: -1 | 1) => {
    const current = currentPage();
    if (current) goToPage(Math.min(Math.max(1, current + by), view.pageCount), false);
  };

  const pageInput = (text: string) => {
    editingPageRef.current = true;
    setPageText(text);
  };

  /** Goes to the page typed in the page box, or says why it cannot. */
  const commitPage = () => {
    editingPageRef.current = false;
    const current = currentPage();
    if (current === null || !docRef.current) return;
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

  /** A document was opened: its first page, nothing edited, no history. */
  const opened = (pdf: PDFDocumentProxy) => {
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
  };

  return {
    view,
    setView,
    pageText,
    pageError,
    setPageError,
    pageChanging,
    syncHistory,
    goToPage,
    goBack,
    goForward,
    step,
    pageInput,
    commitPage,
    opened,
  };
}
