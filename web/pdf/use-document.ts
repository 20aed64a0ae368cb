import type { PDFDocumentLoadingTask, PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { PDF_VIEWER, percentLoaded } from "../../core/pdf-viewer-rules";
import type { Engine } from "./engine";
import { classifyLoadError, type LoadErrorKind } from "./errors";
import type { Pdfjs } from "./pdfjs";
import { openByRanges } from "./range-source";

/** What is shown: the page's document by its address, or a file the reader opened. */
export type Source =
  { kind: "url"; url: string; name: string } | { kind: "file"; data: Uint8Array; name: string };

export type Status =
  | { kind: "empty" }
  | { kind: "loading"; percent: number | null }
  | { kind: "password"; wrong: boolean }
  | { kind: "error"; error: LoadErrorKind }
  | { kind: "ready" };

/** What the viewer does around a document's life (read from the ref as each document starts). */
export interface DocumentEvents {
  /** Another document starts loading: forget what belonged to the last one. */
  loading: () => void;
  opened: (pdf: PDFDocumentProxy) => void;
  closed: () => void;
}

/**
 * Opens the source in the engine: by byte ranges of 64 KiB, fetched as pages need them, for
 * an address; from memory for a file. Asks for a password when the document has one.
 */
export function useDocument({
  pdfjs: { lib, assets },
  engineRef,
  engineReady,
  source,
  events,
}: {
  pdfjs: Pdfjs;
  engineRef: RefObject<Engine | null>;
  engineReady: boolean;
  source: Source | null;
  events: RefObject<DocumentEvents>;
}) {
  const [status, setStatus] = useState<Status>(
    source ? { kind: "loading", percent: null } : { kind: "empty" },
  );
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const docRef = useRef<PDFDocumentProxy | null>(null);
  const passwordRef = useRef<((password: string) => void) | null>(null);

  useEffect(() => {
    const engine = engineRef.current;
    if (!engineReady || !engine) return;
    if (!source) {
      setStatus({ kind: "empty" });
      return;
    }
    const on = events.current;
    setStatus({ kind: "loading", percent: null });
    on.loading();
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
      on.opened(pdf);
      setStatus({ kind: "ready" });
    };
    open().catch(fail);
    return () => {
      live = false;
      abort.abort();
      passwordRef.current = null;
      on.closed();
      void (task as PDFDocumentLoadingTask | null)?.destroy();
      engine.viewer.setDocument(null as unknown as PDFDocumentProxy);
      engine.link.setDocument(null);
      docRef.current = null;
      setDoc(null);
    };
  }, [engineRef, engineReady, events, source, lib, assets]);

  /** Answers the document's password prompt. */
  const submitPassword = useCallback((password: string) => passwordRef.current?.(password), []);

  return { status, doc, docRef, submitPassword };
}
