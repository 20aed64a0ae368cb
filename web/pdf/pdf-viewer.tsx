import { useEffect, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { Pdfjs } from "./pdfjs";
import type { ViewerImplProps } from "./viewer";

export interface PdfViewerProps {
  /** The document's same-origin address (byte ranges supported), or null for none yet. */
  url: string | null;
  /** What the document is: names the viewer and its download. */
  title: string;
  /** pdf.js's annotation editor (ink, image stamps) and download of the annotated copy. */
  annotations?: boolean;
  /**
   * The viewer is the whole page (the bare `/pdf` page): its keyboard shortcuts work
   * wherever focus is. Otherwise they work with focus in the viewer or in its dialog.
   */
  fullPage?: boolean;
  className?: string;
}

type Loaded = { Impl: ComponentType<ViewerImplProps>; pdfjs: Pdfjs };

/**
 * The document viewer (seed §2), one component for the criteria modal, the bare `/pdf` page
 * and entry pages. Server-rendered as an empty frame; nothing of pdf.js — neither its code
 * nor the document — is fetched until the frame first becomes visible.
 */
export function PdfViewer({
  url,
  title,
  annotations = false,
  fullPage = false,
  className,
}: PdfViewerProps) {
  const { t } = useTranslation();
  const hostRef = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const host = hostRef.current;
    if (!host || visible) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(host);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible || loaded) return;
    let cancelled = false;
    setFailed(false);
    Promise.all([import("./viewer"), import("./pdfjs").then((m) => m.loadPdfjs())]).then(
      ([module, pdfjs]) => {
        if (!cancelled) setLoaded({ Impl: module.default, pdfjs });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [visible, loaded, attempt]);

  const Impl = loaded?.Impl;
  return (
    <section
      ref={hostRef}
      className={className ? `pdf-viewer ${className}` : "pdf-viewer"}
      aria-label={t("pdf.region", { title })}
    >
      {Impl && loaded ? (
        <Impl
          pdfjs={loaded.pdfjs}
          url={url}
          title={title}
          annotations={annotations}
          fullPage={fullPage}
        />
      ) : failed ? (
        <div className="pdf-viewer__message" role="alert">
          <p className="pdf-viewer__message-title">{t("pdf.error.title")}</p>
          <p>{t("pdf.error.viewer")}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t("pdf.error.retry")}
          </button>
        </div>
      ) : (
        <div className="pdf-viewer__message" role="status">
          {t("pdf.preparing")}
        </div>
      )}
    </section>
  );
}
