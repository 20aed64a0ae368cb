import { useEffect, type RefObject } from "react";
import type { ToolbarActions } from "./view-state";

/**
 * Keyboard (seed §9): Ctrl+F searches, Esc leaves full screen, Page Up/Down turn pages,
 * Home/End go to the ends, Alt+←/→ go back and forward, Ctrl +/−/0 zoom. Heard in the dialog
 * around the viewer, on the whole page for the bare viewer page, else inside the viewer.
 */
export function useViewerKeys({
  rootRef,
  fullPage,
  ready,
  actions,
  openFind,
  goToPage,
  pageCount,
}: {
  rootRef: RefObject<HTMLDivElement | null>;
  fullPage: boolean;
  /** A document is open (its pages can be turned, searched, zoomed). */
  ready: boolean;
  actions: RefObject<ToolbarActions>;
  openFind: () => void;
  goToPage: (page: number) => void;
  pageCount: number;
}): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const scope: HTMLElement | Document = root.closest("dialog") ?? (fullPage ? document : root);
    const onKey = (event: Event) => {
      const key = event as KeyboardEvent;
      const target = key.target instanceof HTMLElement ? key.target : null;
      const mod = key.ctrlKey || key.metaKey;
      const run = actions.current;
      if (mod && !key.altKey && key.key.toLowerCase() === "f") {
        if (!ready) return;
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
      if (!ready) return;
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
            return (goToPage(pageCount), true);
          default:
            return false;
        }
      })();
      if (handled) key.preventDefault();
    };
    scope.addEventListener("keydown", onKey);
    return () => scope.removeEventListener("keydown", onKey);
  }, [rootRef, fullPage, actions, openFind, goToPage, ready, pageCount]);
}
