// The pdf.js library and its viewer components, loaded only when a viewer is first shown
// (never in a page's initial bundle). The worker is one of our own fingerprinted assets.
import type * as PdfjsLibModule from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import type * as PdfjsViewerModule from "pdfjs-dist/web/pdf_viewer.mjs";

export type PdfjsLib = typeof PdfjsLibModule;
export type PdfjsViewer = typeof PdfjsViewerModule;

export interface Pdfjs {
  lib: PdfjsLib;
  viewer: PdfjsViewer;
  /** Character maps, standard fonts and decoders, served by our server for this pdf.js version. */
  assets: { cMapUrl: string; standardFontDataUrl: string; wasmUrl: string; iccUrl: string };
}

let loading: Promise<Pdfjs> | null = null;

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= (async () => {
    const lib = await import("pdfjs-dist");
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    // The viewer components read the library from this global when they are evaluated.
    (globalThis as { pdfjsLib?: PdfjsLib }).pdfjsLib = lib;
    const viewer = await import("pdfjs-dist/web/pdf_viewer.mjs");
    const base = `/pdfjs/${lib.version}`;
    return {
      lib,
      viewer,
      assets: {
        cMapUrl: `${base}/cmaps/`,
        standardFontDataUrl: `${base}/standard_fonts/`,
        wasmUrl: `${base}/wasm/`,
        iccUrl: `${base}/iccs/`,
      },
    };
  })();
  // A failed download (a network hiccup, a deploy) may be retried by the next viewer.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
