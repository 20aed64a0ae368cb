import { formatBytes } from "../../core/bytes";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { formatDate } from "../../core/dates";
import type { Lang } from "../../core/languages";
import { CloseIcon } from "../components/icons";
import { ToolButton } from "./tool-button";
import type { PdfjsLib } from "./pdfjs";

interface Facts {
  fileName: string;
  bytes: number | null;
  title: string;
  author: string;
  subject: string;
  keywords: string;
  created: Date | null;
  modified: Date | null;
  creator: string;
  producer: string;
  version: string;
  pageCount: number;
  pageSize: { width: number; height: number } | null;
  linearized: boolean | null;
}

const PAPER = [
  { name: "A3", width: 297, height: 420 },
  { name: "A4", width: 210, height: 297 },
  { name: "Letter", width: 216, height: 279 },
  { name: "Legal", width: 216, height: 356 },
];

function paperName(width: number, height: number): string | null {
  const [short, long] = width < height ? [width, height] : [height, width];
  return (
    PAPER.find((p) => Math.abs(p.width - short) <= 1 && Math.abs(p.height - long) <= 1)?.name ??
    null
  );
}

/**
 * Document properties (file, metadata, page size): a panel inside the viewer, so it also
 * works in full screen and inside the criteria modal. Esc or the close button closes it.
 */
export function PropertiesPanel({
  lib,
  doc,
  fileName,
  currentPage,
  lang,
  onClose,
}: {
  lib: PdfjsLib;
  doc: PDFDocumentProxy;
  fileName: string;
  currentPage: number;
  lang: Lang;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const [facts, setFacts] = useState<Facts | null>(null);

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.focus();
    // Esc closes the panel only: not the dialog around the viewer, nor full screen.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
    };
    panel.addEventListener("keydown", onKey);
    return () => panel.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const [metadata, download, page] = await Promise.all([
        doc.getMetadata(),
        doc.getDownloadInfo().catch(() => ({ length: 0 })),
        doc.getPage(currentPage),
      ]);
      const meta = metadata.info as Record<string, unknown>;
      const { contentLength } = metadata as { contentLength?: number | null };
      const text = (key: string) => (typeof meta[key] === "string" ? (meta[key] as string) : "");
      const date = (key: string) => {
        const raw = meta[key];
        return typeof raw === "string" ? lib.PDFDateString.toDateObject(raw) : null;
      };
      const viewport = page.getViewport({ scale: 1, rotation: page.rotate });
      if (cancelled) return;
      setFacts({
        fileName,
        bytes: contentLength ?? (download.length || null),
        title: text("Title"),
        author: text("Author"),
        subject: text("Subject"),
        keywords: text("Keywords"),
        created: date("CreationDate"),
        modified: date("ModDate"),
        creator: text("Creator"),
        producer: text("Producer"),
        version: text("PDFFormatVersion"),
        pageCount: doc.numPages,
        // Points to millimetres.
        pageSize: {
          width: Math.round((viewport.width * 25.4) / 72),
          height: Math.round((viewport.height * 25.4) / 72),
        },
        linearized: typeof meta.IsLinearized === "boolean" ? meta.IsLinearized : null,
      });
    })();
    return () => {
      cancelled = true;
    };
  }, [doc, fileName, currentPage, lib]);

  const none = t("pdf.properties.none");
  const number = (value: number) => value.toLocaleString(lang === "en" ? "en-GB" : "vi-VN");
  const size = (bytes: number | null) =>
    bytes
      ? t("pdf.properties.size", {
          size: formatBytes(bytes, lang === "en" ? "en-GB" : "vi-VN"),
          bytes: number(bytes),
        })
      : none;
  const when = (value: Date | null) =>
    value
      ? `${formatDate(value, lang)} ${value.toLocaleTimeString(lang === "en" ? "en-GB" : "vi-VN", {
          timeZone: "Asia/Ho_Chi_Minh",
        })}`
      : none;

  const pageSize = ({ width, height }: { width: number; height: number }) => {
    const name = paperName(width, height);
    const orientation = t(width > height ? "pdf.properties.landscape" : "pdf.properties.portrait");
    return name
      ? t("pdf.properties.pageSizeNamed", { width, height, name, orientation })
      : t("pdf.properties.pageSizeValue", { width, height, orientation });
  };

  const rows: [string, string][] = facts
    ? [
        [t("pdf.properties.fileName"), facts.fileName],
        [t("pdf.properties.fileSize"), size(facts.bytes)],
        [t("pdf.properties.docTitle"), facts.title || none],
        [t("pdf.properties.author"), facts.author || none],
        [t("pdf.properties.subject"), facts.subject || none],
        [t("pdf.properties.keywords"), facts.keywords || none],
        [t("pdf.properties.created"), when(facts.created)],
        [t("pdf.properties.modified"), when(facts.modified)],
        [t("pdf.properties.creator"), facts.creator || none],
        [t("pdf.properties.producer"), facts.producer || none],
        [t("pdf.properties.version"), facts.version || none],
        [t("pdf.properties.pageCount"), number(facts.pageCount)],
        [t("pdf.properties.pageSize"), facts.pageSize ? pageSize(facts.pageSize) : none],
        [
          t("pdf.properties.fastWebView"),
          facts.linearized === null
            ? none
            : t(facts.linearized ? "pdf.properties.yes" : "pdf.properties.no"),
        ],
      ]
    : [];

  return (
    <section
      ref={panelRef}
      className="pdfv__panel pdfv__properties"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <header className="pdfv__panel-header">
        <h3 id={titleId} className="pdfv__panel-title">
          {t("pdf.properties.title")}
        </h3>
        <ToolButton label={t("pdf.properties.close")} onClick={onClose}>
          <CloseIcon size={20} />
        </ToolButton>
      </header>
      {facts ? (
        <dl className="pdfv__facts">
          {rows.map(([label, value]) => (
            <div key={label} className="pdfv__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p role="status">{t("pdf.loading")}</p>
      )}
    </section>
  );
}
