import type { PDFDocumentProxy } from "pdfjs-dist";
import type { PdfjsLib } from "./pdfjs";

/** Print resolution: sharp on paper without huge canvases. */
const PRINT_DPI = 150;

/**
 * Prints the document as pdf.js's own viewer does: every page drawn (with the reader's
 * annotations) into an image in a print-only container, then the browser's print dialog.
 * The container goes away after printing, or when the returned function is called.
 */
export async function printDocument(
  doc: PDFDocumentProxy,
  lib: PdfjsLib,
  rotation: number,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const container = document.createElement("div");
  container.className = "pdf-print-container";
  container.setAttribute("aria-hidden", "true");
  const style = document.createElement("style");
  const urls: string[] = [];
  const cleanup = () => {
    container.remove();
    style.remove();
    document.body.classList.remove("pdf-printing");
    for (const url of urls) URL.revokeObjectURL(url);
    window.removeEventListener("afterprint", cleanup);
  };
  signal.addEventListener("abort", cleanup, { once: true });
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      if (signal.aborted) return;
      const page = await doc.getPage(number);
      const viewport = page.getViewport({
        scale: PRINT_DPI / 72,
        rotation: page.rotate + rotation,
      });
      if (number === 1) {
        const size = page.getViewport({ scale: 1, rotation: page.rotate + rotation });
        style.textContent = `@page { size: ${size.width}pt ${size.height}pt; margin: 0; }`;
      }
      const canvas = document.createElement("canvas");
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({
        canvas,
        viewport,
        intent: "print",
        annotationMode: lib.AnnotationMode.ENABLE_STORAGE,
        printAnnotationStorage: doc.annotationStorage.print,
      }).promise;
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve));
      canvas.width = canvas.height = 0;
      page.cleanup();
      if (!blob) continue;
      const url = URL.createObjectURL(blob);
      urls.push(url);
      const sheet = document.createElement("div");
      sheet.className = "pdf-print-page";
      const image = document.createElement("img");
      image.alt = "";
      image.src = url;
      sheet.append(image);
      container.append(sheet);
      onProgress(Math.round((number / doc.numPages) * 100));
    }
    if (signal.aborted) return;
    document.head.append(style);
    document.body.append(container);
    document.body.classList.add("pdf-printing");
    await Promise.all(
      [...container.querySelectorAll("img")].map((image) => image.decode().catch(() => {})),
    );
    window.addEventListener("afterprint", cleanup);
    window.print();
  } catch (error) {
    cleanup();
    throw error;
  }
}
