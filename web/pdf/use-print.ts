import type { PDFDocumentProxy } from "pdfjs-dist";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { Pdfjs } from "./pdfjs";
import { printDocument } from "./print";

/**
 * Printing: one print at a time, its progress in percent (null when none is being prepared).
 * Leaving the viewer or its document stops a print in preparation.
 */
export function usePrint(lib: Pdfjs["lib"], docRef: RefObject<PDFDocumentProxy | null>) {
  const [percent, setPercent] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  /** Prints the open document; resolves false when it could not. */
  const print = async (rotation: number): Promise<boolean> => {
    const pdf = docRef.current;
    if (!pdf || percent !== null) return true;
    const abort = new AbortController();
    abortRef.current = abort;
    setPercent(0);
    try {
      await printDocument(pdf, lib, rotation, setPercent, abort.signal);
      return true;
    } catch {
      return false;
    } finally {
      setPercent(null);
    }
  };

  const stop = useCallback(() => abortRef.current?.abort(), []);
  useEffect(() => stop, [stop]);

  return { percent, print, stop };
}
