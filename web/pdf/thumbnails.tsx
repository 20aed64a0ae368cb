import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";

const WIDTH = 112;

/**
 * The thumbnails sidebar: one button per page, its picture drawn only once it scrolls into
 * view; the current page is marked and kept in view.
 */
export function Thumbnails({
  id,
  doc,
  pageCount,
  currentPage,
  rotation,
  onSelect,
}: {
  id: string;
  doc: PDFDocumentProxy;
  pageCount: number;
  currentPage: number;
  rotation: number;
  onSelect: (page: number) => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  const [ratio, setRatio] = useState(1.414);

  useEffect(() => {
    let cancelled = false;
    void doc.getPage(1).then((page) => {
      const viewport = page.getViewport({ scale: 1, rotation: page.rotate + rotation });
      if (!cancelled) setRatio(viewport.height / viewport.width);
    });
    return () => {
      cancelled = true;
    };
  }, [doc, rotation]);

  useEffect(() => {
    const current = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    current?.scrollIntoView({ block: "nearest" });
  }, [currentPage]);

  return (
    <nav id={id} className="pdfv__sidebar" aria-label={t("pdf.sidebar.label")}>
      <ol ref={listRef} className="pdfv__thumbs">
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((page) => (
          <li key={page}>
            <button
              type="button"
              className="pdfv__thumb"
              aria-current={page === currentPage ? "page" : undefined}
              onClick={() => onSelect(page)}
            >
              <Thumbnail
                doc={doc}
                page={page}
                rotation={rotation}
                height={Math.round(WIDTH * ratio)}
                root={listRef}
              />
              <span className="pdfv__thumb-label">{t("pdf.sidebar.page", { page })}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Thumbnail({
  doc,
  page,
  rotation,
  height,
  root,
}: {
  doc: PDFDocumentProxy;
  page: number;
  rotation: number;
  height: number;
  root: React.RefObject<HTMLOListElement | null>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { root: root.current?.parentElement ?? null, rootMargin: "200px 0px" },
    );
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!visible || !canvas) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void doc.getPage(page).then((pdfPage) => {
      if (cancelled) return;
      const base = pdfPage.getViewport({ scale: 1, rotation: pdfPage.rotate + rotation });
      const scale = (WIDTH / base.width) * Math.min(2, window.devicePixelRatio || 1);
      const viewport = pdfPage.getViewport({ scale, rotation: pdfPage.rotate + rotation });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = pdfPage.render({ canvas, viewport });
      task.promise.catch(() => {
        // Cancelled (the sidebar closed or the page turned): nothing to show.
      });
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [visible, doc, page, rotation]);

  return (
    <canvas
      ref={canvasRef}
      className="pdfv__thumb-canvas"
      style={{ width: WIDTH, height }}
      aria-hidden="true"
    />
  );
}
